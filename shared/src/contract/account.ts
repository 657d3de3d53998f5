import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { FIELD_TEXTS } from '../texts/fields';
import { scriptSchema } from './script';

/**
 * The specification's four, and PAUSED (decision 055; product.md §10, A pause): account info's answer
 * while a pause runs, so that an app written to the specification, which serves ACTIVE (and DEACTIVATED
 * to its period's end), serves nothing. The database never stores it: a pause is columns of an ACTIVE
 * subscription.
 */
export const subscriptionStatusSchema = /* @__PURE__ */ lazySchema(() =>
  z.enum(['ACTIVE', 'DEACTIVATED', 'BLOCKED', 'EXPIRED', 'PAUSED']),
);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const promoSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: z.string(),
    promoType: z.enum(['DURATION_BASED', 'TIME_UNTIL_BASED']),
    durationUntil: z.nullable(z.string()),
    durationDays: z.nullable(z.int()),
  }),
);
export type Promo = z.infer<typeof promoSchema>;

/** `GET /{product}/accountInfo` (product.md §3). Status and plan are null without a subscription. */
export const accountInfoSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: z.nullable(subscriptionStatusSchema),
    plan: z.nullable(z.object({ code: z.string(), name: z.string(), price: z.number() })),
    nextPaymentOn: z.nullable(z.string()),
    accountNumber: z.nullable(z.string()),
    promos: z.array(promoSchema),
    /**
     * Beyond the first specification (product.md §10): set while a renewal is failing inside the grace period. The
     * next automatic attempt (null when none is left) and the last day of the grace period.
     */
    /** Beyond the first specification (product.md §10): plans whose promo this customer has used; a promo is once per customer and plan. */
    usedPromos: z.optional(z.array(z.string())),
    renewalProblem: z.optional(z.nullable(z.object({ retryOn: z.nullable(z.string()), graceUntil: z.string() }))),
    /** Beyond the first specification (product.md §10, Changing the package): a downgrade waiting for the renewal on `from`. */
    pendingPlan: z.optional(
      z.nullable(z.object({ code: z.string(), name: z.string(), price: z.number(), from: z.string() })),
    ),
    /**
     * Beyond the first specification (docs/vouchers.md): while voucher credit pays the renewals, the day
     * of the first renewal the card pays; null without credit or when nothing renews.
     */
    creditUntil: z.optional(z.nullable(z.string())),
    /** Beyond the first specification (decision 054): the script the customer chose; null when never chosen. */
    script: z.optional(z.nullable(scriptSchema)),
    /**
     * Beyond the first specification (product.md §10, A pause): a pause not yet over. `from` is the first
     * day without service (the end of the period paid), `until` the day service and charging resume (the
     * next payment day); `running` from `from` on, when the status reads PAUSED. Null otherwise.
     */
    pause: z.optional(z.nullable(z.object({ from: z.string(), until: z.string(), running: z.boolean() }))),
  }),
);
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/** The lengths a pause may have, in months (product.md §10, A pause). */
export const PAUSE_MONTHS = [1, 2, 3] as const;

/** `POST /{product}/pause`: a pause of 1, 2 or 3 months from the end of the period paid. */
export const pauseRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ months: z.int().check(z.gte(1), z.lte(PAUSE_MONTHS.length)) }),
);

const planRefSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ code: z.string(), name: z.string(), price: z.number() }),
);

/**
 * `GET /{product}/plan-change?plan=` (product.md §10, Changing the package): what moving to `plan` would
 * cost and from when, before the customer agrees. An UPGRADE (a dearer package) starts today and the
 * difference is paid now for the days left of the paid period (`days` of `periodDays`, from
 * `periodStart` to `periodEnd`), VAT included; a DOWNGRADE starts at the next renewal and costs nothing
 * now. During a free promo (`promo`) either starts today, free, and the promo keeps its end.
 */
export const planChangeQuoteSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    from: planRefSchema,
    to: planRefSchema,
    kind: z.enum(['UPGRADE', 'DOWNGRADE']),
    effectiveOn: z.string(),
    amount: z.number(),
    periodStart: z.string(),
    periodEnd: z.string(),
    days: z.int(),
    periodDays: z.int(),
    promo: z.boolean(),
  }),
);
export type PlanChangeQuote = z.infer<typeof planChangeQuoteSchema>;

/** `POST /{product}/plan-change`: the package and the amount the customer was shown (another one is refused). */
export const planChangeRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    plan: z.string().check(z.minLength(1), z.maxLength(40)),
    amount: z.number().check(z.gte(0), z.lte(100_000)),
  }),
);

/** A billing pass's time: an ISO date-time with an offset, in the years PostgreSQL dates and the portal use. */
export const billingRunRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    at: z.optional(
      z.iso.datetime({ offset: true }).check(
        z.refine((at) => {
          const year = new Date(at).getUTCFullYear();
          return year >= 2000 && year <= 9999;
        }, FIELD_TEXTS.billingYear),
      ),
    ),
  }),
);

/** What one billing pass did. */
export const billingReportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** Renewals paid. */
    charged: z.int(),
    /** Attempts that failed (the subscription stays ACTIVE inside the grace period). */
    failed: z.int(),
    /** ACTIVE subscriptions not paid by the end of the grace period, now EXPIRED. */
    expired: z.int(),
    /** DEACTIVATED subscriptions whose period ended, now EXPIRED. */
    ended: z.int(),
    /** Subscriptions another runner was charging, or whose charge hit a fault and waits for the next run. */
    skipped: z.int(),
  }),
);
export type BillingReport = z.infer<typeof billingReportSchema>;
