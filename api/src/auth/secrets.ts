import fs from 'node:fs';
import path from 'node:path';
import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { createOnce, keyring, newKeyEntry, parseKeyEntries, type KeyEntry, type Keyring } from './keyring';

export { seal, unseal, type Keyring } from './keyring';

/**
 * The token-signing secret: `JWT_SECRET` from the environment, or (in a sandbox; a production start
 * refuses to go without JWT_SECRET, config.ts) one generated on first start and kept (mode 0600) in the
 * data directory, so tokens survive restarts.
 */
function loadMasterSecret(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  return Buffer.from(
    createOnce(path.join(dataDir, 'jwt-secret'), () => randomBytes(48).toString('base64url')),
    'base64url',
  );
}

export interface Keys {
  /** Customers' tokens: JWT_SECRET's one job, with the two keys below derived from it. */
  signing: Uint8Array;
  /** Stored secrets (PINs, queued messages, staff second factors) and the codes' HMACs: SEALING_KEYS. */
  sealing: Keyring;
  /** The sandbox card processor's own key (its client secrets). */
  processor: Buffer;
  /** The support console's tokens: a key apart, so no customer token is a staff token or the other way round. */
  staffSigning: Uint8Array;
}

const hkdf = (master: Buffer, info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));

/** What the keys are made from: the settings (config.ts) and the data directory of a sandbox's generated ones. */
interface KeySettings {
  jwtSecret?: string | undefined;
  sealingKeys?: readonly KeyEntry[] | undefined;
  dataDir: string;
  sandbox: boolean;
}

/**
 * Why keys are missing, in one line naming the setting and how to make it, or null. Outside a sandbox
 * the keys are settings every process shares: one generated into a machine's DATA_DIR would differ from
 * the next machine's, and a backup is read back only with the sealing keys.
 */
export function missingKeys(settings: Omit<KeySettings, 'dataDir'>): string | null {
  if (settings.sandbox) return null;
  if (!settings.jwtSecret)
    return 'JWT_SECRET is not set: outside a sandbox the token-signing secret is a setting every process shares; make one with `openssl rand -base64 48` (docs/deploy/keys.md).';
  if (!settings.sealingKeys)
    return 'SEALING_KEYS is not set: outside a sandbox the keys that seal PINs and queued messages are a setting every process shares, and a backup needs them; make one with `node api/dist/keys.js generate` (or k1:$(openssl rand -base64 32)) and keep it safe (docs/deploy/keys.md).';
  return null;
}

/**
 * The sealing key of before the keyring, derived from the master secret (JWT_SECRET, or the secret
 * generated into DATA_DIR/jwt-secret): it opens values that name no key while it is still at hand.
 */
function legacyKeys(jwtSecret: string | undefined, dataDir: string): Buffer[] {
  const masters: Buffer[] = jwtSecret ? [Buffer.from(jwtSecret, 'utf8')] : [];
  try {
    masters.push(Buffer.from(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim(), 'base64url'));
  } catch {
    // none generated here
  }
  const keys = masters.map((master) => hkdf(master, 'ontv-sealing'));
  return keys.filter((key, i) => keys.findIndex((k) => k.equals(key)) === i);
}

/**
 * The sealing keys: SEALING_KEYS, or in a sandbox a keyring generated once into DATA_DIR/sealing-keys.
 * A generated keyring that exists beside SEALING_KEYS still opens what it sealed (a sandbox given keys
 * of its own loses nothing).
 */
function sealingEntries(settings: KeySettings): KeyEntry[] {
  const file = path.join(settings.dataDir, 'sealing-keys');
  const generated = (text: string) => {
    const entries = parseKeyEntries(text);
    if (typeof entries === 'string') throw new Error(`${file} cannot be read: ${entries}`);
    return entries;
  };
  if (settings.sealingKeys) {
    const fromFile = fs.existsSync(file) ? generated(fs.readFileSync(file, 'utf8').trim()) : [];
    return [...settings.sealingKeys, ...fromFile.filter((e) => !settings.sealingKeys!.some((k) => k.id === e.id))];
  }
  return generated(createOnce(file, () => `${newKeyEntry(new Date(), 'sandbox')}\n`));
}

/** Every key the server and its commands use, each with one job (docs/deploy/keys.md). */
export function loadKeys(settings: KeySettings): Keys {
  const missing = missingKeys(settings);
  if (missing) throw new Error(missing);
  const master = loadMasterSecret(settings.jwtSecret, settings.dataDir);
  return {
    signing: new Uint8Array(hkdf(master, 'ontv-token-signing')),
    sealing: keyring(sealingEntries(settings), legacyKeys(settings.jwtSecret, settings.dataDir)),
    processor: hkdf(master, 'ontv-sandbox-processor'),
    staffSigning: new Uint8Array(hkdf(master, 'ontv-staff-token-signing')),
  };
}

/** For high-entropy secrets (device passwords): a fast hash is enough, and comparable in SQL. */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
