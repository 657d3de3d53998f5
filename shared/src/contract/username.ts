import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { FIELD_TEXTS } from '../texts/fields';
import type { RegistrationType } from './registration';

/** The country prefix of Bosnia and Herzegovina: phone numbers are stored as `387…`, without `+`. */
export const COUNTRY_PREFIX = '387';

/** A phone number to register with: 06, then 7 to 9 digits (spaces allowed while typing). */
export const REGISTRATION_PHONE = {
  pattern: /^06\d{7,9}$/,
  message: FIELD_TEXTS.registrationPhone,
} as const;

/** A card holder's phone: 06 and 7 or 8 digits, or `+` and digits. Another rule than registration's, with its own message. */
export const CARD_HOLDER_PHONE = {
  pattern: /^(06\d{7,8}|\+\d+)$/,
  message: FIELD_TEXTS.cardHolderPhone,
} as const;

/**
 * A phone number to register with as typed (product.md §5): REGISTRATION_PHONE once the spaces that group
 * it are gone, answered in its stored form (`062 111 333` is `38762111333`).
 */
export const registrationPhoneSchema = /* @__PURE__ */ lazySchema(() =>
  z.pipe(
    z.string().check(
      z.overwrite((typed) => typed.replace(/\s/g, '')),
      z.regex(REGISTRATION_PHONE.pattern, REGISTRATION_PHONE.message),
    ),
    z.transform((national) => `${COUNTRY_PREFIX}${national.slice(1)}`),
  ),
);

/** The registration phone rule (registrationPhoneSchema) on a username in its stored form (`3876…`). */
export const isRegistrationPhone = (stored: string): boolean =>
  stored.startsWith(COUNTRY_PREFIX) &&
  registrationPhoneSchema.safeParse(`0${stored.slice(COUNTRY_PREFIX.length)}`).success;

/**
 * One plain mailbox, `local@domain.tld`, and nothing a mail library reads as more: no display name,
 * quotes, angle brackets, comments, groups (`g:…;`) or lists (`,` `;`). The local part is RFC 5322's
 * dot-atom (letters, digits and !#$%&'*+/=?^_`{|}~-, dots between); the domain is letter-or-digit
 * labels (hyphens inside) and a top-level domain of letters; 254 characters at most.
 */
export const EMAIL_PATTERN =
  /^(?=.{6,254}$)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([\p{L}\p{N}]([\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}$/u;

/**
 * A username as the API stores and looks it up: an e-mail (it has `@`) in lower case, or a phone
 * number in the international form (`061 234 567`, `+387 61 234 567` and `0038761234567` are all
 * `38761234567`). Null when it is neither.
 */
export function usernameOf(value: string): { type: RegistrationType; value: string } | null {
  const trimmed = value.trim();
  if (trimmed.includes('@')) return { type: 'EMAIL', value: trimmed.toLowerCase() };
  let digits = trimmed.replace(/[\s\-/()]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = `${COUNTRY_PREFIX}${digits.slice(1)}`;
  return /^\d{8,15}$/.test(digits) ? { type: 'PHONE_NUMBER', value: digits } : null;
}

/** What a form sends as the username: its stored form when it is one, else the input trimmed (the API then refuses it). */
export const normaliseUsername = (value: string): string => usernameOf(value)?.value ?? value.trim();
