import { z } from 'zod';

export const subscriptionStatusSchema = z.enum(['ACTIVE', 'DEACTIVATED', 'BLOCKED', 'EXPIRED']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const promoSchema = z.object({
  status: z.string(),
  promoType: z.enum(['DURATION_BASED', 'TIME_UNTIL_BASED']),
  durationUntil: z.string().nullable(),
  durationDays: z.number().int().nullable(),
});
export type Promo = z.infer<typeof promoSchema>;

/** `GET /{product}/accountInfo` (spec 3, Account info). Status and plan are null without a subscription. */
export const accountInfoSchema = z.object({
  status: subscriptionStatusSchema.nullable(),
  plan: z.object({ code: z.string(), name: z.string(), price: z.number() }).nullable(),
  nextPaymentOn: z.string().nullable(),
  accountNumber: z.string().nullable(),
  promos: z.array(promoSchema),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;
