import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import type { Section } from './endpoint';
import { creditCardSchema, orderInfoSchema } from './cards';
import { FIELD_TEXTS } from '../texts/fields';

/**
 * Payments (product.md §7): payment orders, payment records and their invoices, and the new-account
 * payment info; the cards they are paid with are cards.ts's. Amounts are KM with VAT, as numbers (`14.9`).
 */
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
function paymentInfoSchema(product: string): z.ZodMiniType<PaymentInfoAnswer> {
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

/** The payments' calls (remotes/account/src/payments/, invoice/), a section of the one table (endpoints.ts). */
export const paymentsSection = {
  paymentInfo: {
    method: 'GET',
    path: '/{product}-payments/new-account/payment-info/{planId}',
    answer: paymentInfoSchema,
    access: 'customer',
  },
  /** Sent with an `Idempotency-Key` header: the same key is the same order. */
  createOrder: {
    method: 'POST',
    path: '/{product}-payments/new-account/order',
    body: paymentOrderRequestSchema,
    answer: paymentOrderResponseSchema,
    access: 'customer',
  },
  payments: { method: 'GET', path: '/{product}-payments', answer: paymentListSchema, access: 'customer' },
  invoice: {
    method: 'GET',
    path: '/{product}-payments/{orderNumber}',
    answer: invoiceSchema,
    access: 'customer',
  },
  /** The same invoice as a PDF file (`application/pdf`), not JSON; only for the invoice's own customer. */
  invoicePdf: { method: 'GET', path: '/{product}-payments/{orderNumber}/pdf', access: 'customer' },
} as const satisfies Section;
