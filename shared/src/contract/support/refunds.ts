/** A refund from the console: what it asks for and what it answers. */
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';
import { STAFF_TEXTS } from '../../texts/staff';
import type { Section, StaffEndpoint } from '../endpoint';
import { reasonSchema } from './fields';

/**
 * What a refund does to the subscription, chosen in the console for each refund: `end-now` ends the
 * service at once (EXPIRED: the customer may buy again), `keep-to-period-end` keeps it to the paid
 * period's end without renewing (DEACTIVATED, as the customer's own deactivation). Neither renews.
 */
export const REFUND_AFTER = ['end-now', 'keep-to-period-end'] as const;
export type RefundAfter = (typeof REFUND_AFTER)[number];

/** A refund: KM with at most two decimals (`12,45` or `12.45`), why, what becomes of the period, and a key the console makes once per refund dialog. */
export const refundRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    // A string in (the console's form starts with no choice), one of the two out.
    after: z.pipe(z.string(STAFF_TEXTS.refundAfterNeeded), z.enum(REFUND_AFTER, STAFF_TEXTS.refundAfterNeeded)),
    amount: z.string().check(
      z.trim(),
      z.regex(/^\d{1,5}([.,]\d{1,2})?$/, STAFF_TEXTS.amountFormat),
      z.refine((value) => Number(value.replace(',', '.')) > 0, STAFF_TEXTS.amountFormat),
    ),
    reason: reasonSchema,
    key: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
  }),
);
const refundSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    creditNoteNumber: z.string(),
    orderNumber: z.string(),
    amount: z.number(),
    status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
  }),
);

/** A refund from the console (docs/money.md), admins only: a section of the one table (endpoints.ts). */
export const staffRefundsSection = {
  staffRefund: {
    method: 'POST',
    path: '/staff/customers/{customerId}/payments/{orderNumber}/refund',
    body: refundRequestSchema,
    answer: refundSchema,
    access: 'admin',
  },
} as const satisfies Section<StaffEndpoint>;
