/** One customer in the console (remotes/support/src/customer/): their summary, and what staff read of and do to their account. */
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';
import { STAFF_TEXTS } from '../../texts/staff';
import type { Section, StaffEndpoint } from '../endpoint';
import { deviceListSchema } from '../devices';
import { invoiceSchema, paymentListSchema } from '../payments';
import { reasonSchema } from './fields';

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
const extendRequestSchema = /* @__PURE__ */ lazySchema(() =>
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
const sentMessageListSchema = /* @__PURE__ */ lazySchema(() => z.array(sentMessageSchema));

/** One customer's page in the console: a section of the one table (endpoints.ts). Every read is in the audit trail. */
export const staffCustomersSection = {
  staffCustomer: {
    method: 'GET',
    path: '/staff/customers/{customerId}',
    answer: customerSummarySchema,
    access: 'agent',
  },
  staffBlockCustomer: {
    method: 'POST',
    path: '/staff/customers/{customerId}/block',
    body: blockRequestSchema,
    answer: customerSummarySchema,
    access: 'admin',
  },
  staffUnblockCustomer: {
    method: 'POST',
    path: '/staff/customers/{customerId}/unblock',
    body: blockRequestSchema,
    answer: customerSummarySchema,
    access: 'admin',
  },
  /** The customer's payment history as the customer sees it (contract/payments.ts), credit notes included. */
  staffCustomerPayments: {
    method: 'GET',
    path: '/staff/customers/{customerId}/payments',
    answer: paymentListSchema,
    access: 'agent',
  },
  staffCustomerInvoice: {
    method: 'GET',
    path: '/staff/customers/{customerId}/payments/{orderNumber}',
    answer: invoiceSchema,
    access: 'agent',
  },
  /** The invoice e-mailed to the customer again. */
  staffResendInvoice: {
    method: 'POST',
    path: '/staff/customers/{customerId}/payments/{orderNumber}/resend',
    access: 'agent',
  },
  staffCustomerDevices: {
    method: 'GET',
    path: '/staff/customers/{customerId}/devices',
    answer: deviceListSchema,
    access: 'agent',
  },
  /** One of the customer's devices signed out, or every one; answers the devices left. */
  staffSignOutDevices: {
    method: 'POST',
    path: '/staff/customers/{customerId}/sign-out',
    body: signOutRequestSchema,
    answer: deviceListSchema,
    access: 'agent',
  },
  /** A new code for the customer's password reset still waiting for one, sent where the first went. */
  staffResendCode: { method: 'POST', path: '/staff/customers/{customerId}/resend-code', access: 'agent' },
  staffCustomerMessages: {
    method: 'GET',
    path: '/staff/customers/{customerId}/messages',
    answer: sentMessageListSchema,
    access: 'agent',
  },
  /** The paid period extended by whole days, with why. */
  staffExtendSubscription: {
    method: 'POST',
    path: '/staff/customers/{customerId}/extend',
    body: extendRequestSchema,
    answer: customerSummarySchema,
    access: 'admin',
  },
  /** 'Završi pauzu': the customer's pause ends now, as their 'Nastavi pretplatu' does, with why. */
  staffEndPause: {
    method: 'POST',
    path: '/staff/customers/{customerId}/end-pause',
    body: blockRequestSchema,
    answer: customerSummarySchema,
    access: 'admin',
  },
} as const satisfies Section<StaffEndpoint>;
