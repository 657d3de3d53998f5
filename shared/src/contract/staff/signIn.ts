/**
 * Signing a member of staff in (docs/decisions/032-support-console.md): the password, a one-time one
 * replaced, the authenticator app set up, its code; and who the member is once in.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';
import { STAFF_TEXTS } from '../../texts/staff';
import { isStrongPassword } from '../customer';

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
export const staffChallengeSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    challenge: z.string(),
    next: z.enum(['change-password', 'totp-setup', 'totp']),
  }),
);
export type StaffChallenge = z.infer<typeof staffChallengeSchema>;

export const staffNewPasswordRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ newPassword: staffPasswordSchema }),
);
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
export const staffTotpSetupSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() }),
);

export const staffCodeRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    code: z.string().check(z.trim(), z.regex(/^\d{6}$/, STAFF_TEXTS.codeFormat)),
  }),
);

export const staffMemberSchema = /* @__PURE__ */ lazySchema(() =>
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
export const staffSessionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ token: z.string(), staff: staffMemberSchema, idleMinutes: z.number() }),
);
