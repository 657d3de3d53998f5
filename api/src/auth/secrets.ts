import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The server's master secret: `JWT_SECRET` from the environment, or one generated on first start
 * and kept (mode 0600) in the data directory, so tokens survive restarts.
 */
export function loadMasterSecret(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48);
    try {
      fs.writeFileSync(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process wrote it first: use theirs.
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
    }
  }
}

export interface Keys {
  signing: Uint8Array;
  sealing: Buffer;
  /** The sandbox card processor's own key (its client secrets). */
  processor: Buffer;
  /** The support console's tokens: a key apart, so no customer token is a staff token or the other way round. */
  staffSigning: Uint8Array;
}

export function deriveKeys(master: Buffer): Keys {
  const key = (info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
  return {
    signing: new Uint8Array(key('ontv-token-signing')),
    sealing: key('ontv-sealing'),
    processor: key('ontv-sandbox-processor'),
    staffSigning: new Uint8Array(key('ontv-staff-token-signing')),
  };
}

/** AES-256-GCM for values we must give back later (the PIN the apps need at login). */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function unseal(key: Buffer, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !data) throw new Error('Sealed value is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/** For high-entropy secrets (device passwords): a fast hash is enough, and comparable in SQL. */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
