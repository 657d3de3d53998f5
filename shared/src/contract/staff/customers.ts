/** One customer in the console: finding them, their summary, and what staff do to their account and devices. */
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';
import { STAFF_TEXTS } from '../../texts/staff';
import { reasonSchema } from './fields';

/**
 * Finding customers: by phone, e-mail, name, account number or invoice number; 20 a page. In a POST's
 * body, not the address: what is searched for is a customer's data, and addresses end up in logs.
 */
export const customerSearchRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    q: z.string().check(z.trim(), z.minLength(2, STAFF_TEXTS.searchTooShort), z.maxLength(100)),
    page: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(1000)), 1),
  }),
);
export const customerSummarySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    accountNumber: z.nullable(z.string()),
    firstName: z.string(),
    lastName: z.string(),
    email: z.nullable(z.string()),
    phoneNumber: z.nullable(z.string()),
    status: z.nullable(z.string()),
    plan: z.nullable(z.string()),
    nextPaymentOn: z.nullable(z.string()),
    blocked: z.boolean(),
    /** The packages whose promo the customer has used (one customer's view, not the search's rows). */
    usedPromos: z.optional(z.array(z.string())),
    /** The subscription's last pause (product.md §10, A pause): under way while `until` is after today. */
    pause: z.optional(z.nullable(z.object({ from: z.string(), until: z.string() }))),
  }),
);
export type CustomerSummary = z.infer<typeof customerSummarySchema>;
export const customerSearchSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    items: z.array(customerSummarySchema),
    page: z.number(),
    pages: z.number(),
    total: z.number(),
  }),
);

export const blockRequestSchema = /* @__PURE__ */ lazySchema(() => z.object({ reason: reasonSchema }));
/** The console's form for it: the days as typed. */
export const extendFormSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    days: z.string().check(
      z.trim(),
      z.refine((value) => /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 365, STAFF_TEXTS.daysRange),
    ),
    reason: reasonSchema,
  }),
);

/**
 * A period extended by whole days (at most a year at once), with why.
 */
export const extendRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    days: z.number().check(z.int(), z.minimum(1, STAFF_TEXTS.daysRange), z.maximum(365, STAFF_TEXTS.daysRange)),
    reason: reasonSchema,
  }),
);

/** Signing devices out: one session, or every one when `sessionId` is absent. */
export const signOutRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    sessionId: z.optional(z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/))),
    reason: reasonSchema,
  }),
);

/**
 * A message sent to the customer, without its text (a code is nobody's to read): what, how, when, whether it arrived.
 */
const sentMessageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    kind: z.string(),
    channel: z.enum(['SMS', 'EMAIL']),
    to: z.string(),
    subject: z.nullable(z.string()),
    status: z.string(),
    createdAt: z.string(),
    sentAt: z.nullable(z.string()),
  }),
);
export const sentMessageListSchema = /* @__PURE__ */ lazySchema(() => z.array(sentMessageSchema));
