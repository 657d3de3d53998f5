import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The keys that seal stored secrets (PINs, queued messages, staff second factors) and key the one-time
 * codes' HMACs, apart from the token-signing secret (docs/decisions/035-signing-secret-and-sealing-keyring.md).
 * A sealed value names its key: `k2$iv.tag.data`. `$` is no base64url character, so a value sealed
 * before the keyring (`iv.tag.data`, the legacy form) can never be read as one that names a key.
 */

/** A key's id: what a sealed value starts with. */
export const KEY_ID = /^[a-z0-9]{1,16}$/;
/** The least length of a key's secret (`openssl rand -base64 32` gives 44). */
const SECRET_MIN_LENGTH = 32;
const SEPARATOR = '$';

export interface KeyEntry {
  id: string;
  secret: string;
}

interface RingKey {
  id: string;
  seal: Buffer;
  mac: Buffer;
}

/** The first key seals, every key opens; values without an id open with a legacy key (derived the old way). */
export interface Keyring {
  readonly current: RingKey;
  readonly byId: ReadonlyMap<string, RingKey>;
  /** The old way's keys (from JWT_SECRET or DATA_DIR/jwt-secret): they open and check what has no key id. */
  readonly legacy: readonly Buffer[];
}

/** Why `SEALING_KEYS` cannot be read, or its entries (`id:secret,id:secret`, the first sealing). */
export function parseKeyEntries(text: string): KeyEntry[] | string {
  const entries: KeyEntry[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    const colon = part.indexOf(':');
    const id = colon > 0 ? part.slice(0, colon) : '';
    const secret = colon > 0 ? part.slice(colon + 1) : '';
    if (!KEY_ID.test(id))
      return `each entry is id:secret with an id of 1-16 letters a-z or digits (got "${id || part.slice(0, 8)}")`;
    if (secret.length < SECRET_MIN_LENGTH)
      return `the secret of key "${id}" must have at least ${SECRET_MIN_LENGTH} characters`;
    if (entries.some((e) => e.id === id)) return `key "${id}" is named twice`;
    entries.push({ id, secret });
  }
  return entries;
}

const derive = (secret: string, info: string) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), info, 32));

/** The ring of `entries` (the first seals) and the legacy keys. */
export function keyring(entries: readonly KeyEntry[], legacy: readonly Buffer[]): Keyring {
  const keys = entries.map(({ id, secret }) => ({
    id,
    seal: derive(secret, 'ontv-sealing-key'),
    mac: derive(secret, 'ontv-code-mac'),
  }));
  if (!keys[0]) throw new Error('A keyring needs at least one key');
  return { current: keys[0], byId: new Map(keys.map((k) => [k.id, k])), legacy };
}

/**
 * A new entry for SEALING_KEYS: unless an id is given, today's date and four random hex digits
 * (`k20261125a3f9`: two keys made the same day differ), and 32 random bytes.
 */
export function newKeyEntry(now: Date, id?: string): string {
  const made = `k${now.toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(2).toString('hex')}`;
  return `${id ?? made}:${randomBytes(32).toString('base64')}`;
}

/** The id a sealed value (or a code's HMAC) names, or null for a legacy one. */
export function keyIdOf(value: string): string | null {
  const at = value.indexOf(SEPARATOR);
  return at > 0 ? value.slice(0, at) : null;
}

function aesSeal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

function aesOpen(key: Buffer, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !data) throw new Error('Sealed value is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/** AES-256-GCM under the ring's current key, for values we must give back later (the PIN the apps need at login). */
export function seal(ring: Keyring, plain: string): string {
  return `${ring.current.id}${SEPARATOR}${aesSeal(ring.current.seal, plain)}`;
}

/** Opens a value with the key it names, or a legacy value with a legacy key; throws when no key of the ring opens it. */
export function unseal(ring: Keyring, sealed: string): string {
  const id = keyIdOf(sealed);
  if (id === null) {
    for (const key of ring.legacy) {
      try {
        return aesOpen(key, sealed);
      } catch {
        // another legacy key may open it
      }
    }
    throw new Error('Sealed the old way, and no legacy key opens it (JWT_SECRET or DATA_DIR/jwt-secret changed)');
  }
  const key = ring.byId.get(id);
  if (!key) throw new Error(`Sealed with key "${id}", which SEALING_KEYS no longer holds`);
  return aesOpen(key.seal, sealed.slice(id.length + 1));
}

/** An HMAC-SHA-256 of a short secret (a one-time code) under the current key, naming it: `k2$hex`. */
export function mac(ring: Keyring, message: string): string {
  return `${ring.current.id}${SEPARATOR}${createHmac('sha256', ring.current.mac).update(message).digest('hex')}`;
}

/** Whether `stored` (mac's answer, or a legacy bare hex HMAC) is the HMAC of `message` under the key it names. */
export function macMatches(ring: Keyring, stored: string, message: string): boolean {
  const id = keyIdOf(stored);
  const keys = id === null ? ring.legacy : [ring.byId.get(id)?.mac].filter((k): k is Buffer => !!k);
  const expected = Buffer.from(id === null ? stored : stored.slice(id.length + 1), 'hex');
  return keys.some((key) => {
    const given = createHmac('sha256', key).update(message).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * A file in the data directory made once with `content` (mode 0600), or the one already there. Written
 * aside and linked into place, so two processes starting at once both read one whole file.
 */
export function createOnce(file: string, content: () => string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const aside = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    fs.writeFileSync(aside, content(), { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Another process made it first: use theirs.
    } finally {
      fs.unlinkSync(aside);
    }
    return fs.readFileSync(file, 'utf8').trim();
  }
}
