import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { creditCardSchema, type CardType } from './customer';
import { CARD_HOLDER_PHONE, EMAIL_PATTERN } from './username';
import { isPlainLine } from './text';
import { FIELD_TEXTS } from '../texts/fields';

/**
 * Cards and payments (product.md §7): the card-holder data, new cards, payment orders, payment records and
 * the new-account payment info. Amounts are KM with VAT, as numbers (`14.9`).
 */
export type CardHolderField = 'fullName' | 'address' | 'city' | 'zip' | 'country' | 'email' | 'phone';
export type CardHolder = Record<CardHolderField, string>;

/** product.md §5, Card holder: every value at least 2 characters and below its limit, plus the extra rules. */
const HOLDER_RULES: Record<CardHolderField, { below: number; message: string; pattern?: RegExp }> = {
  fullName: { below: 30, message: FIELD_TEXTS.fullName },
  address: { below: 100, message: FIELD_TEXTS.address },
  city: { below: 30, message: FIELD_TEXTS.city },
  zip: { below: 9, message: FIELD_TEXTS.zip },
  country: { below: 3, message: FIELD_TEXTS.country },
  email: { below: 100, message: FIELD_TEXTS.email, pattern: EMAIL_PATTERN },
  phone: { below: 30, message: CARD_HOLDER_PHONE.message, pattern: CARD_HOLDER_PHONE.pattern },
};

/** The message for a bad value, or null when it is valid. Values are trimmed first; a line break or an invisible control character is never valid (it would forge a line of the invoice). */
export function cardHolderError(field: CardHolderField, value: string): string | null {
  const rule = HOLDER_RULES[field];
  const text = value.trim().normalize('NFC');
  const ok =
    text.length >= 2 && text.length < rule.below && isPlainLine(text) && (!rule.pattern || rule.pattern.test(text));
  return ok ? null : rule.message;
}

const holderValue = (field: CardHolderField) =>
  z.string().check(
    z.trim(),
    z.normalize('NFC'),
    z.refine((value) => cardHolderError(field, value) === null, HOLDER_RULES[field].message),
  );

/** `PATCH /credit-card/{code}` body. */
export const cardHolderSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    fullName: holderValue('fullName'),
    address: holderValue('address'),
    city: holderValue('city'),
    zip: holderValue('zip'),
    country: z.string().check(z.regex(/^[A-Z]{2}$/, HOLDER_RULES.country.message)),
    email: holderValue('email'),
    phone: holderValue('phone'),
  }),
);

/**
 * What a payment is for and how much, passed to the payment provider's confirmation (product.md §3).
 */
const orderInfoSchema = /* @__PURE__ */ lazySchema(() => z.object({ orderInfo: z.string(), amount: z.number() }));
export type OrderInfo = z.infer<typeof orderInfoSchema>;

/** Card verification reserves 0.10 KM (product.md §9). */
export const CARD_VERIFICATION_AMOUNT = 0.1;

/** `POST /credit-card` answer (product.md §3): the new card's code and the provider's setup secret. */
export const newCardResponseSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    code: z.string(),
    paymentSecret: z.string(),
    card: z.nullable(creditCardSchema),
    orderInfo: orderInfoSchema,
  }),
);
export type NewCardResponse = z.infer<typeof newCardResponseSchema>;

export const creditCardListSchema = /* @__PURE__ */ lazySchema(() => z.array(creditCardSchema));

/**
 * Where a sale came from (the widget's `ref`, product.md §10): at most 200 characters, kept with the order.
 */
const MAX_SALE_REF = 200;
/** Characters, not UTF-16 units: an emoji is one (PostgreSQL's char_length counts the same way). */
const characters = (value: string) => Array.from(value).length;
const saleRef = () =>
  z.optional(
    z.string().check(z.refine((value) => characters(value) <= MAX_SALE_REF, FIELD_TEXTS.saleRef(MAX_SALE_REF))),
  );
/**
 * A `ref` as it is passed on and stored: trimmed, cut at MAX_SALE_REF characters (never inside an
 * emoji's surrogate pair, which would make the link unencodable), and none when empty. A lone half of
 * a pair that came in is dropped.
 */
export const saleRefOf = (raw: string | null | undefined): string | null =>
  Array.from(raw?.trim() ?? '')
    .filter((char) => char.length === 2 || !/[\uD800-\uDFFF]/.test(char))
    .slice(0, MAX_SALE_REF)
    .join('') || null;

/** `POST /{product}-payments/new-account/order` body; the plan key carries the product (`ontvPlanId`). */

export function paymentOrderRequestSchema(product: string): z.ZodMiniType<PaymentOrderRequest> {
  return z.object({
    creditCardId: z.string().check(z.minLength(1), z.maxLength(64)),
    amount: z.number().check(z.positive()),
    ref: saleRef(),
    [`${product}PlanId`]: z.string().check(z.minLength(1), z.maxLength(40)),
  }) as unknown as z.ZodMiniType<PaymentOrderRequest>;
}
type PaymentOrderRequest = { creditCardId: string; amount: number; ref?: string } & {
  [key: `${string}PlanId`]: string;
};

/** The order's answer (product.md §3). */
export const paymentOrderResponseSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    orderNumber: z.string(),
    paymentSecret: z.string(),
    panToken: z.string(),
    card: creditCardSchema,
    orderInfo: orderInfoSchema,
  }),
);
export type PaymentOrderResponse = z.infer<typeof paymentOrderResponseSchema>;

/**
 * What the change did: CHANGED (in force today: a promo), SCHEDULED (a downgrade, from `effectiveOn`),
 * or PAYMENT (an upgrade: `order` is paid with the primary card, and the package changes when it is paid).
 */
export const planChangeResponseSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    result: z.enum(['CHANGED', 'SCHEDULED', 'PAYMENT']),
    effectiveOn: z.string(),
    order: z.nullable(paymentOrderResponseSchema),
  }),
);
export type PlanChangeResponse = z.infer<typeof planChangeResponseSchema>;

/** A payment in the history (product.md §3). Dates are `YYYY-MM-DD`, `updated` an ISO time. */
/**
 * Money given back on a payment by the operator's staff (decision 032), with its credit note's number.
 */
const creditNoteSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ number: z.string(), issued: z.string(), amount: z.number() }),
);
export type CreditNote = z.infer<typeof creditNoteSchema>;

const paymentRecordSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    orderNumber: z.string(),
    updated: z.string(),
    periodStart: z.string(),
    periodEnd: z.string(),
    creditCardNumber: z.string(),
    amount: z.number(),
    paymentData: z.object({ name: z.string() }),
    /** Refunds of this payment, oldest first; absent when there are none. */
    creditNotes: z.optional(z.array(creditNoteSchema)),
    /** A bank's dispute (chargeback) of the payment, for support: open, won, or lost (its money went back). */
    dispute: z.optional(z.object({ status: z.enum(['OPEN', 'WON', 'LOST']), amount: z.number() })),
    /**
     * A month a gift's voucher paid: the voucher's last four characters. The gift was invoiced when it was
     * bought, so this month has no invoice of its own (docs/vouchers.md, A gift).
     */
    giftVoucher: z.optional(z.string()),
  }),
);
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;
export const paymentListSchema = /* @__PURE__ */ lazySchema(() => z.array(paymentRecordSchema));

/** `GET /{product}-payments/{orderNumber}`: the record plus what the invoice needs about the customer. */
export const invoiceSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...paymentRecordSchema.def.shape,
    /** The real means it was paid with, as the invoice prints it ("Karticom Visa …4242", "Vaučerom …ABCD"). */
    means: z.optional(z.string()),
    issued: z.string(),
    customer: z.object({ fullName: z.string(), accountNumber: z.nullable(z.string()), username: z.string() }),
  }),
);
export type Invoice = z.infer<typeof invoiceSchema>;

/** `GET /{product}-payments/new-account/payment-info/{id}` (product.md §3). */
export function paymentInfoSchema(product: string): z.ZodMiniType<PaymentInfoAnswer> {
  return z.object({
    [`${product}Plan`]: z.object({ id: z.string(), name: z.string(), price: z.number() }),
    periodStart: z.string(),
    periodEnd: z.string(),
  }) as unknown as z.ZodMiniType<PaymentInfoAnswer>;
}
/**
 * The answer as sent: the plan under the product's key (`ontvPlan`).
 */
type PaymentInfoAnswer = { periodStart: string; periodEnd: string } & {
  [key: `${string}Plan`]: PaymentInfo['plan'];
};
/** The answer as the portal reads it. */
export interface PaymentInfo {
  plan: { id: string; name: string; price: number };
  periodStart: string;
  periodEnd: string;
}

/** `POST /{product}/createSubscriptionInPromoPeriod` body; the answer is the service status. */
export const promoSubscriptionRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    plan: z.string().check(z.minLength(1), z.maxLength(40)),
    ref: saleRef(),
  }),
);

/** The card types the portal accepts: Visa 4…, Mastercard 51-55 and 2221-2720, Maestro 50 and 56-69. */
export function cardBrandOf(number: string): CardType | null {
  if (/^4/.test(number)) return 'visa';
  if (/^5[1-5]/.test(number)) return 'master';
  const first4 = Number(number.slice(0, 4));
  if (first4 >= 2221 && first4 <= 2720) return 'master';
  if (/^(50|5[6-9]|6)/.test(number)) return 'maestro';
  return null;
}

/** The Luhn check digit rule, on 12 to 19 digits. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** An expiry month/year (two-digit year) not yet past at `now`: a card is valid through its month. */
export function expiryValid(month: number, year: number, now: Date = new Date()): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 0 || year > 99)
    return false;
  const fullYear = 2000 + year;
  const current = now.getFullYear() * 12 + now.getMonth();
  const expiry = fullYear * 12 + (month - 1);
  return expiry >= current && expiry <= current + 20 * 12;
}

export const cvcValid = (cvc: string): boolean => /^\d{3,4}$/.test(cvc);
