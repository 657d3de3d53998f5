import fs from 'node:fs';

export const CHROMIUM_MISSING =
  'Chromium not found: install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary.';

/** Debian's Chromium, or the binary CHROMIUM_PATH names. */
export function findChromium(): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((c): c is string => !!c && fs.existsSync(c)) ?? null;
}

/** Flags that let headless Chromium run as root on a machine without network or GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
