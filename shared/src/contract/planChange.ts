import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import type { Section } from './endpoint';
import { paymentOrderResponseSchema } from './payments';

/* Changing the package of an ACTIVE subscription (product.md §10, Changing the package). */

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
const planChangeRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    plan: z.string().check(z.minLength(1), z.maxLength(40)),
    amount: z.number().check(z.gte(0), z.lte(100_000)),
  }),
);

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

/** The package change's calls, a section of the one table (endpoints.ts). */
export const planChangeSection = {
  /** What changing an ACTIVE subscription's package to `plan` costs and from when. */
  planChangeQuote: {
    method: 'GET',
    path: '/{product}/plan-change',
    query: /* @__PURE__ */ lazySchema(() => z.object({ plan: z.string().check(z.minLength(1), z.maxLength(40)) })),
    answer: planChangeQuoteSchema,
    access: 'customer',
  },
  /** Changes the package (a downgrade at the next renewal), or places the upgrade's order; `Idempotency-Key` as for orders. */
  changePlan: {
    method: 'POST',
    path: '/{product}/plan-change',
    body: planChangeRequestSchema,
    answer: planChangeResponseSchema,
    access: 'customer',
  },
  /** Cancels a downgrade that waits for the renewal; nothing to cancel is not an error. */
  cancelPlanChange: { method: 'DELETE', path: '/{product}/plan-change', access: 'customer' },
} as const satisfies Section;
