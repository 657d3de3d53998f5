import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { FIELD_TEXTS } from '../texts/fields';
import { plainText } from './text';

/** The fixed values of product.md §7: registration uses osType 1 and deviceType PHONE. */
export const OS_TYPE = 1;
export const REGISTRATION_DEVICE_TYPE = 'PHONE';

const registrationTypeSchema = /* @__PURE__ */ lazySchema(() => z.enum(['PHONE_NUMBER', 'EMAIL']));
export type RegistrationType = z.infer<typeof registrationTypeSchema>;

const text = (min: number, max: number) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max));
const identificator = /* @__PURE__ */ lazySchema(() =>
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
export const startRegistrationResponseSchema = /* @__PURE__ */ lazySchema(() => z.object({ data: identificator }));

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
export const finishRegistrationResponseSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ pin: z.string().check(z.regex(/^\d{4}$/)) }),
);

/** `POST /forgot-password/check-username`: the same shape whether the username exists or not. */
export const checkUsernameRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ username: text(1, 100), osType: z.int() }),
);
export const checkUsernameResponseSchema = /* @__PURE__ */ lazySchema(() =>
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

/** `GET /api/dev/outbox?to=`: the sandbox's delivered messages, newest first. */
export const outboxEntrySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    to: z.string(),
    channel: z.enum(['SMS', 'EMAIL']),
    text: z.string(),
    code: z.nullable(z.string()),
    time: z.string(),
  }),
);
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
