import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { FIELD_TEXTS } from '../texts/fields';
import { plainText } from './text';
import type { Section } from './endpoint';

/** The fixed values of product.md §7: registration uses osType 1 and deviceType PHONE. */
export const OS_TYPE = 1;
export const REGISTRATION_DEVICE_TYPE = 'PHONE';

export const registrationTypeSchema = /* @__PURE__ */ lazySchema(() => z.enum(['PHONE_NUMBER', 'EMAIL']));
export type RegistrationType = z.infer<typeof registrationTypeSchema>;

const text = (min: number, max: number) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max));
/** The registration's (or a password reset's) identifier, a UUID. */
export const identificator = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, FIELD_TEXTS.registrationId)),
);
/**
 * A one-time code as typed: digits only (product.md §5, Codes), read without the spaces and
 * dashes people type to group it (`123 456`, `123-456`).
 */
export const codeSchema = /* @__PURE__ */ lazySchema(() =>
  z.string().check(
    z.overwrite((value) => value.replace(/[\s-]/g, '')),
    z.regex(/^\d{1,12}$/, FIELD_TEXTS.codeDigits),
  ),
);

/** `POST /start-registration` (product.md §7). The answer's `data` is the registration identifier. */
export const startRegistrationRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    registrationType: registrationTypeSchema,
    deviceType: plainText(1, 30),
    deviceUsername: plainText(8, 100),
    devicePassword: z.string().check(z.minLength(16), z.maxLength(200)),
    deviceName: plainText(1, 100),
    username: text(1, 100),
    osType: z.int(),
  }),
);
export type StartRegistrationRequest = z.infer<typeof startRegistrationRequestSchema>;
const startRegistrationResponseSchema = /* @__PURE__ */ lazySchema(() => z.object({ data: identificator }));

/** `POST /approve/sms` and `POST /approve/mail`. */
export const approveSmsRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ identificator, smsCode: codeSchema }),
);
export const approveMailRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ identificator, mailCode: codeSchema }),
);

/** `POST /resend/sms` and `POST /resend/mail`. */
export const resendRequestSchema = /* @__PURE__ */ lazySchema(() => z.object({ identificator, osType: z.int() }));

/** `POST /continue-registration`. */
export const continueRegistrationRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    registrationType: registrationTypeSchema,
    identificator,
    osType: z.int(),
    password: z.string().check(z.minLength(1), z.maxLength(200)),
    firstName: plainText(1, 60),
    lastName: plainText(1, 60),
    secondaryUsername: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
    requireOtp: z.optional(z.boolean()),
  }),
);
export type ContinueRegistrationRequest = z.infer<typeof continueRegistrationRequestSchema>;

/** `POST /finish-registration` answers the generated PIN. */
export const finishRegistrationRequestSchema = /* @__PURE__ */ lazySchema(() => z.object({ identificator }));
const finishRegistrationResponseSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ pin: z.string().check(z.regex(/^\d{4}$/)) }),
);

/** Registering (remotes/onboarding/src/registration/): a section of the one table (endpoints.ts). */
export const registrationSection = {
  startRegistration: {
    method: 'POST',
    path: '/start-registration',
    body: startRegistrationRequestSchema,
    answer: startRegistrationResponseSchema,
    access: 'public',
  },
  approveSms: { method: 'POST', path: '/approve/sms', body: approveSmsRequestSchema, access: 'public' },
  approveMail: { method: 'POST', path: '/approve/mail', body: approveMailRequestSchema, access: 'public' },
  resendSms: { method: 'POST', path: '/resend/sms', body: resendRequestSchema, access: 'public' },
  resendMail: { method: 'POST', path: '/resend/mail', body: resendRequestSchema, access: 'public' },
  continueRegistration: {
    method: 'POST',
    path: '/continue-registration',
    body: continueRegistrationRequestSchema,
    access: 'public',
  },
  finishRegistration: {
    method: 'POST',
    path: '/finish-registration',
    body: finishRegistrationRequestSchema,
    answer: finishRegistrationResponseSchema,
    access: 'public',
  },
} as const satisfies Section;
