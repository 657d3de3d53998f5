import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * Argon2id at OWASP's minimum for password storage: m = 19 MiB, t = 2, p = 1 (about 10 ms and 19 MiB
 * per hash on this machine, against scrypt's 128 MiB). Hashes are PHC strings
 * (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`): the parameters travel with each hash, so raising them
 * later only needs `needsRehash` to notice old ones. docs/decisions/016-argon2id.md.
 */
/** `Algorithm.Argon2id` is 2: the library's enum is a `const enum`, which isolated modules cannot read. */
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

/** Passwords are compared in Unicode NFC, so the same password typed on two keyboards matches. */
const normal = (password: string) => password.normalize('NFC');

export function hashPassword(password: string): Promise<string> {
  return hash(normal(password), ARGON2);
}

/** Whether `password` is the one `stored` was made from: an Argon2id hash, or a scrypt hash from before. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await verify(stored, normal(password));
    } catch {
      return false; // not a hash the library can read
    }
  }
  return verifyScrypt(password, stored);
}

/** A stored hash made otherwise than now (scrypt, or Argon2 at other parameters): hash again at the next right password. */
export const needsRehash = (stored: string): boolean => !stored.startsWith(CURRENT_PREFIX);

/** A hash of a password nobody has, to spend the same time on unknown usernames. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}

/** `scrypt$N$r$p$salt$hash` (base64url parts), as passwords were stored before Argon2id: still accepted, then rehashed. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, expectedHash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !expectedHash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every(Number.isSafeInteger)) return false;
  const expected = Buffer.from(expectedHash, 'base64url');
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      normal(password),
      Buffer.from(salt, 'base64url'),
      expected.length,
      { ...params, maxmem: 256 * 1024 * 1024 } satisfies ScryptOptions,
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
