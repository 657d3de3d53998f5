import * as z from 'zod/mini';

export const subscriptionStatusSchema = z.enum(['ACTIVE', 'DEACTIVATED', 'BLOCKED', 'EXPIRED']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const promoSchema = z.object({
  status: z.string(),
  promoType: z.enum(['DURATION_BASED', 'TIME_UNTIL_BASED']),
  durationUntil: z.nullable(z.string()),
  durationDays: z.nullable(z.int()),
});
export type Promo = z.infer<typeof promoSchema>;

/** `GET /{product}/accountInfo` (product.md §3, Account info). Status and plan are null without a subscription. */
export const accountInfoSchema = z.object({
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
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/** A billing pass's time: an ISO date-time with an offset, in the years PostgreSQL dates and the portal use. */
export const billingRunRequestSchema = z.object({
  at: z.optional(
    z.iso.datetime({ offset: true }).check(
      z.refine((at) => {
        const year = new Date(at).getUTCFullYear();
        return year >= 2000 && year <= 9999;
      }, 'godina mora biti od 2000 do 9999'),
    ),
  ),
});

/** What one billing pass did. */
export const billingReportSchema = z.object({
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
});
export type BillingReport = z.infer<typeof billingReportSchema>;
