import { parsePortalConfig, type PortalConfig } from '@portal/shared';

/** Reads `portal.config.json` served beside the host; throws ConfigError naming every bad key. */
export async function loadConfig(url = '/portal.config.json'): Promise<PortalConfig> {
  // The server sends it with `cache-control: no-cache` (revalidated on every use) and preloads it with
  // the page (a `Link` header), so a plain fetch is fresh and takes the preloaded answer.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} could not be loaded (HTTP ${response.status})`);
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new Error(`${url} is not valid JSON`);
  }
  return parsePortalConfig(raw, window.location.origin);
}
