import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import type { Section } from './endpoint';
import { FIELD_TEXTS } from '../texts/fields';

/* The customer's password: its rule, and changing it (remotes/account/src/password/). */

/**
 * The password rule of product.md §5: 8 to 32 characters after trimming, with an upper-case and a lower-case
 * letter, a digit and a special character. One function for the forms and the API.
 */
export function isStrongPassword(value: string): boolean {
  const password = value.trim();
  return (
    password.length >= 8 &&
    password.length <= 32 &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\d/.test(password) &&
    /[^\p{L}\d\s]/u.test(password)
  );
}

/** product.md §5: what a password breaking the rule is told. */
export const WEAK_PASSWORD_MESSAGE = FIELD_TEXTS.weakPassword;

/** A new password (registration, reset, change): the rule of isStrongPassword, answered trimmed. */
export const newPasswordSchema = /* @__PURE__ */ lazySchema(() =>
  z.string().check(z.trim(), z.refine(isStrongPassword, WEAK_PASSWORD_MESSAGE)),
);

/** `POST /customer/change-password`: 200 done, 400 wrong old password (product.md §7). */
export const changePasswordRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    oldPassword: z.string().check(z.minLength(1), z.maxLength(200)),
    newPassword: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
);

/** The password's call, a section of the one table (endpoints.ts); a forgotten one is passwordReset.ts's. */
export const passwordSection = {
  changePassword: {
    method: 'POST',
    path: '/customer/change-password',
    body: changePasswordRequestSchema,
    access: 'customer',
  },
} as const satisfies Section;
