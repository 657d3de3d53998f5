/**
 * Signing a member of staff in (docs/decisions/032-support-console.md): the password, a one-time one
 * replaced, the authenticator app set up, its code; and who the member is once in.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';
import { STAFF_TEXTS } from '../../texts/staff';
import type { Section, StaffEndpoint } from '../endpoint';
import { isStrongPassword } from '../password';
import { passkeyAssertionSchema, passkeyOptionsSchema } from '../passkeys';

export const STAFF_ROLES = ['agent', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Staff passwords: the customers' rule (8 to 32, four kinds of character) and at least 12 characters.
 */
const staffPasswordSchema = /* @__PURE__ */ lazySchema(() =>
  z.string().check(
    z.trim(),
    z.refine((value) => value.trim().length >= 12 && isStrongPassword(value), STAFF_TEXTS.weakPassword),
  ),
);

export const staffLoginRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    email: z.string().check(z.trim(), z.toLowerCase(), z.minLength(3), z.maxLength(200)),
    password: z.string().check(z.minLength(1), z.maxLength(200)),
    /** The console's random id of this browser (localStorage): once a full sign-in came from it, it has its own budget of tries (docs/limits.md). */
    browser: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
  }),
);
/**
 * The password was right: a short-lived token for the next step. `change-password` for a one-time
 * password, then `totp-setup` until a second factor is set up, then `totp`.
 */
const staffChallengeSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    challenge: z.string(),
    next: z.enum(['change-password', 'totp-setup', 'totp']),
  }),
);
export type StaffChallenge = z.infer<typeof staffChallengeSchema>;

const staffNewPasswordRequestSchema = /* @__PURE__ */ lazySchema(() => z.object({ newPassword: staffPasswordSchema }));
/** The console's form for it: the new password typed twice. */
export const staffNewPasswordFormSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ newPassword: staffPasswordSchema, confirm: z.string() }).check(
    z.refine((form) => form.confirm.trim() === form.newPassword, {
      path: ['confirm'],
      message: STAFF_TEXTS.passwordsDiffer,
    }),
  ),
);

/**
 * The secret to add to an authenticator app: as a QR code (an SVG picture) and as text to type.
 */
const staffTotpSetupSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() }),
);

export const staffCodeRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    code: z.string().check(z.trim(), z.regex(/^\d{6}$/, STAFF_TEXTS.codeFormat)),
  }),
);

const staffMemberSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
  }),
);
export type StaffMember = z.infer<typeof staffMemberSchema>;

/**
 * Signed in: the token for the console's calls, which lapse after `idleMinutes` without one.
 */
const staffSessionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ token: z.string(), staff: staffMemberSchema, idleMinutes: z.number() }),
);

/**
 * Signing a member of staff in, step by step, and out: a section of the one table (endpoints.ts). Each
 * step after the password takes the challenge token it answered (`challenge`), never a session's.
 */
export const staffSignInSection = {
  staffLogin: {
    method: 'POST',
    path: '/staff/login',
    body: staffLoginRequestSchema,
    answer: staffChallengeSchema,
    access: 'public',
  },
  /** The one-time password replaced by one of the member's own choosing. */
  staffChoosePassword: {
    method: 'POST',
    path: '/staff/password',
    body: staffNewPasswordRequestSchema,
    answer: staffChallengeSchema,
    access: 'challenge',
  },
  staffTotpSetup: { method: 'POST', path: '/staff/totp-setup', answer: staffTotpSetupSchema, access: 'challenge' },
  /** The second factor: the code of the authenticator app; signs in. */
  staffTotp: {
    method: 'POST',
    path: '/staff/totp',
    body: staffCodeRequestSchema,
    answer: staffSessionSchema,
    access: 'challenge',
  },
  /** The second factor by passkey, in place of the code (docs/passkeys.md): a challenge for the member's passkeys. */
  staffPasskeyLoginOptions: {
    method: 'POST',
    path: '/staff/passkey-options',
    answer: passkeyOptionsSchema,
    access: 'challenge',
  },
  /** The challenge signed by one of the member's passkeys; signs in as the code does. */
  staffPasskeyLogin: {
    method: 'POST',
    path: '/staff/passkey',
    body: /* @__PURE__ */ lazySchema(() => z.object({ credential: passkeyAssertionSchema })),
    answer: staffSessionSchema,
    access: 'challenge',
  },
  staffMe: { method: 'GET', path: '/staff/me', answer: staffMemberSchema, access: 'agent' },
  staffLogout: { method: 'POST', path: '/staff/logout', access: 'agent' },
} as const satisfies Section<StaffEndpoint>;
