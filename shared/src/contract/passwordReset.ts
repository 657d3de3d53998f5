import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import type { Section } from './endpoint';
import { codeSchema, identificator, registrationTypeSchema } from './registration';

/*
 * A forgotten password reset with a code sent where the account was registered (product.md §4; the pages
 * are remotes/onboarding/src/forgot/, the use case api/src/onboarding/passwordReset.ts).
 */

/** A string trimmed, then held to a length: the request fields' usual shape. */
const text = (min: number, max: number) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max));

/** `POST /forgot-password/check-username`: the same shape whether the username exists or not. */
export const checkUsernameRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ username: text(1, 100), osType: z.int() }),
);
const checkUsernameResponseSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    registrationType: registrationTypeSchema,
    primaryUsername: z.string(),
    identificator,
  }),
);
export type CheckUsernameResponse = z.infer<typeof checkUsernameResponseSchema>;

/** `POST /forgot-password/approve-code`. */
export const approveResetCodeRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ identificator, code: codeSchema }),
);
/** `POST /forgot-password/resend-code`. */
export const resendResetCodeRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    identificator,
    registrationType: registrationTypeSchema,
    osType: z.int(),
  }),
);
/** `POST /forgot-password/reset`. */
export const resetPasswordRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    identificator,
    password: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
);

/** The password reset's calls, a section of the one table (endpoints.ts). */
export const passwordResetSection = {
  checkUsername: {
    method: 'POST',
    path: '/forgot-password/check-username',
    body: checkUsernameRequestSchema,
    answer: checkUsernameResponseSchema,
    access: 'public',
  },
  approveResetCode: {
    method: 'POST',
    path: '/forgot-password/approve-code',
    body: approveResetCodeRequestSchema,
    access: 'public',
  },
  resendResetCode: {
    method: 'POST',
    path: '/forgot-password/resend-code',
    body: resendResetCodeRequestSchema,
    access: 'public',
  },
  resetPassword: {
    method: 'POST',
    path: '/forgot-password/reset',
    body: resetPasswordRequestSchema,
    access: 'public',
  },
} as const satisfies Section;
