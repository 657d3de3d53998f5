import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { FIELD_TEXTS } from '../texts/fields';
import { scriptSchema } from './script';
import type { Section } from './endpoint';

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

/** The account page's first read (remotes/account/src/account/), a section of the one table (endpoints.ts). */
export const accountSection = {
  accountInfo: {
    method: 'GET',
    path: '/{product}/accountInfo',
    answer: accountInfoSchema,
    access: 'customer',
  },
} as const satisfies Section;
