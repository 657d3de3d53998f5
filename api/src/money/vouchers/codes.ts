import { createHmac, randomBytes } from 'node:crypto';
import {
  VOUCHER_ALPHABET,
  VOUCHER_LENGTH,
  normaliseVoucherCode,
  voucherCheckCharacter,
  voucherCodeWellFormed,
} from '@portal/shared/contract/vouchers';
import { mac, type Keyring } from '../../auth/keyring';

/**
 * A voucher's code and its digest (docs/vouchers.md). A code is 15 random characters of a 32-letter
 * alphabet (75 bits) and a check character; its last four are stored in clear for the console and the
 * customer, which leaves 60 random bits unknown. Only an HMAC of the code is stored, under the sealing
 * keyring's code key (as the one-time codes' are), not a bare SHA-256: a copy of the database without
 * the keys then lets nobody test guesses offline, where 60 bits against a hash of every code of every
 * batch at once would be within reach of a few graphics cards.
 */

/** A new code: 15 random characters (a byte's low five bits: 256 is a multiple of 32, so no bias) and its check character. */
export function newVoucherCode(): string {
  const body = [...randomBytes(VOUCHER_LENGTH - 1)].map((byte) => VOUCHER_ALPHABET[byte & 31]!).join('');
  return body + voucherCheckCharacter(body);
}

const message = (code: string) => `voucher:${code}`;

/** The digest a new code is stored under: an HMAC under the ring's current key, naming it (`k1$hex`). */
export const voucherDigest = (ring: Keyring, code: string): string => mac(ring, message(code));

/**
 * Every digest a code may be stored under: its HMAC under each key of the ring, so that a code issued
 * before a key rotation is still found while its key is in SEALING_KEYS.
 */
export function voucherDigests(ring: Keyring, code: string): string[] {
  return [...ring.byId.values()].map(
    (key) => `${key.id}$${createHmac('sha256', key.mac).update(message(code)).digest('hex')}`,
  );
}

/** A code as typed, in its stored form when it is one (the alphabet, the length, the check character), else null. */
export function parseVoucherCode(typed: string): string | null {
  const code = normaliseVoucherCode(typed);
  return voucherCodeWellFormed(code) ? code : null;
}

export const lastFour = (code: string): string => code.slice(-4);
