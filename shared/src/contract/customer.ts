import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { FIELD_TEXTS } from '../texts/fields';
import { PIN_RULE_TEXTS } from '../texts/pin';
import { subscriptionStatusSchema } from './account';
import { mbonSchema } from './vouchers';

/** PIN: exactly 4 digits (product.md §5, PIN). */
export const pinSchema = /* @__PURE__ */ lazySchema(() => z.string().check(z.regex(/^\d{4}$/, PIN_RULE_TEXTS.format)));

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

/** `POST /customer/check-pin` (product.md §7): 200 when right, 400 when wrong, 429 while locked. */
export const checkPinRequestSchema = /* @__PURE__ */ lazySchema(() => z.object({ pin: pinSchema }));

/**
 * `POST /customer/change-pin` (product.md §7): one call checks the old PIN against the lock and saves
 * the new one. 200 when changed; a refusal's `code` says which (PIN_REFUSALS), and the check-pin call
 * answers with the same codes. The old PIN counts once against the lock (5 wrong, then 15 minutes).
 */
export const changePinRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ oldPin: pinSchema, newPin: pinSchema }),
);

/** The codes of the PIN calls' refusals (product.md §8): a wrong old PIN (400) and the lock (429, its message says until when). */
export const PIN_REFUSALS = { wrong: 'WRONG_PIN', locked: 'PIN_LOCKED' } as const;

/** `POST /customer/change-password`: 200 done, 400 wrong old password (product.md §7). */
export const changePasswordRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    oldPassword: z.string().check(z.minLength(1), z.maxLength(200)),
    newPassword: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
);

/**
 * A device signed in to the customer's account (product.md §10): its type and name as its login gave
 * them, when it signed in and when it last renewed its token, and whether it is the one asking.
 */
const signedInDeviceSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.string(),
    name: z.string(),
    signedInAt: z.string(),
    lastUsedAt: z.string(),
    current: z.boolean(),
  }),
);
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;
/** The signed-in devices: the one asking first, then the most recently used. */
export const deviceListSchema = /* @__PURE__ */ lazySchema(() => z.array(signedInDeviceSchema));

/** The service status answered by deactivate and reactivate (product.md §3). */
export const serviceStatusSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: subscriptionStatusSchema,
    nextPaymentOn: z.nullable(z.string()),
  }),
);
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

const cardTypeSchema = /* @__PURE__ */ lazySchema(() => z.enum(['master', 'maestro', 'visa']));
export type CardType = z.infer<typeof cardTypeSchema>;

/** A saved card (product.md §3): only the masked number ever reaches the portal. */
export const creditCardSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    code: z.string(),
    primaryCard: z.boolean(),
    creditCardTypeCode: cardTypeSchema,
    cardNumber: z.string(),
    fullName: z.nullable(z.string()),
    address: z.nullable(z.string()),
    city: z.nullable(z.string()),
    zip: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    country: z.nullable(z.string()),
    email: z.nullable(z.string()),
    expirationDateMm: z.int(),
    expirationDateYy: z.int(),
  }),
);
export type CreditCard = z.infer<typeof creditCardSchema>;

/** `GET /customer/payment-data` (product.md §3): cards and mbons, the prepaid vouchers redeemed (docs/vouchers.md). */
export const paymentDataSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    creditCards: z.array(creditCardSchema),
    mbons: z.array(mbonSchema),
  }),
);
export type PaymentData = z.infer<typeof paymentDataSchema>;
