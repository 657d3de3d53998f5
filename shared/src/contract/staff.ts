import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { STAFF_TEXTS } from '../texts/staff';

export { STAFF_TEXTS };
import type { Endpoint } from './endpoints';
import { deviceListSchema, isStrongPassword } from './customer';
import { invoiceSchema, paymentListSchema } from './payments';

/**
 * The support console's calls (docs/decisions/032-support-console.md), under `/api/staff`. No customer
 * token opens any of them and no staff token opens a customer's call: they are signed with keys of
 * their own and name an audience of their own.
 *
 * Who may call: `public` anybody (sign-in); `challenge` the one whose password was right and whose
 * second factor is still to come; `agent` any signed-in member of staff; `admin` admins alone.
 * @deprecated Nothing outside this module uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md).
 */
export type StaffAccess = 'public' | 'challenge' | 'agent' | 'admin';
export interface StaffEndpoint extends Endpoint {
  readonly auth: false;
  readonly staff: StaffAccess;
}
const staffEndpoint = <const E extends StaffEndpoint>(e: E): E => e;

export const STAFF_ROLES = ['agent', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Staff passwords: the customers' rule (8 to 32, four kinds of character) and at least 12 characters.
 * @deprecated Nothing outside this module uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md).
 */
export const staffPasswordSchema = /* @__PURE__ */ lazySchema(() =>
  z.string().check(
    z.trim(),
    z.refine((value) => value.trim().length >= 12 && isStrongPassword(value), STAFF_TEXTS.weakPassword),
  ),
);

export const staffLoginRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    email: z.string().check(z.trim(), z.toLowerCase(), z.minLength(3), z.maxLength(200)),
    password: z.string().check(z.minLength(1), z.maxLength(200)),
    /** The console's random id of this browser (localStorage): once a full sign-in came from it, it has its own budget of tries (docs/limits.md). */
    browser: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
  }),
);
/**
 * The password was right: a short-lived token for the next step. `change-password` for a one-time
 * password, then `totp-setup` until a second factor is set up, then `totp`.
 * @deprecated Nothing outside this module uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md).
 */
export const staffChallengeSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    challenge: z.string(),
    next: z.enum(['change-password', 'totp-setup', 'totp']),
  }),
);
export type StaffChallenge = z.infer<typeof staffChallengeSchema>;

/** @deprecated Nothing outside this module uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md). */
export const staffNewPasswordRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ newPassword: staffPasswordSchema }),
);
/** The console's form for it: the new password typed twice. */
export const staffNewPasswordFormSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ newPassword: staffPasswordSchema, confirm: z.string() }).check(
    z.refine((form) => form.confirm.trim() === form.newPassword, {
      path: ['confirm'],
      message: STAFF_TEXTS.passwordsDiffer,
    }),
  ),
);

/**
 * The secret to add to an authenticator app: as a QR code (an SVG picture) and as text to type.
 * @deprecated Nothing outside this module uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md).
 */
export const staffTotpSetupSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() }),
);
/** @deprecated Nothing uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md). */
export type StaffTotpSetup = z.infer<typeof staffTotpSetupSchema>;

export const staffCodeRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    code: z.string().check(z.trim(), z.regex(/^\d{6}$/, STAFF_TEXTS.codeFormat)),
  }),
);

/** @deprecated Nothing outside this module uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md). */
export const staffMemberSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
  }),
);
export type StaffMember = z.infer<typeof staffMemberSchema>;

/**
 * Signed in: the token for the console's calls, which lapse after `idleMinutes` without one.
 * @deprecated Nothing outside this module uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md).
 */
export const staffSessionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ token: z.string(), staff: staffMemberSchema, idleMinutes: z.number() }),
);
/** @deprecated Nothing uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md). */
export type StaffSessionAnswer = z.infer<typeof staffSessionSchema>;

/** A row's id in a query string or path: a positive PostgreSQL integer. */
export const isRowId = (value: string): boolean => /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;
const rowId = /* @__PURE__ */ lazySchema(() => z.string().check(z.refine(isRowId)));
/** A calendar day, `YYYY-MM-DD`, that exists, from 2000 to 2099. */
export const isDay = (value: string): boolean => {
  if (!/^20\d{2}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
const day = /* @__PURE__ */ lazySchema(() => z.string().check(z.refine(isDay, STAFF_TEXTS.dayFormat)));

export const reasonSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(3, STAFF_TEXTS.reasonNeeded),
      z.maxLength(500),
      z.regex(/^[^\p{Cc}]*$/u, STAFF_TEXTS.reasonNeeded),
    ),
);

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
/** @deprecated Nothing outside this module uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md). */
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
  }),
);
export type CustomerSummary = z.infer<typeof customerSummarySchema>;
/** @deprecated Nothing outside this module uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md). */
export const customerSearchSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    items: z.array(customerSummarySchema),
    page: z.number(),
    pages: z.number(),
    total: z.number(),
  }),
);
/** @deprecated Nothing uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md). */
export type CustomerSearch = z.infer<typeof customerSearchSchema>;

export const blockRequestSchema = /* @__PURE__ */ lazySchema(() => z.object({ reason: reasonSchema }));

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
/** @deprecated Nothing outside this module uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md). */
export const refundSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    creditNoteNumber: z.string(),
    orderNumber: z.string(),
    amount: z.number(),
    status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
  }),
);
/** @deprecated Nothing uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md). */
export type RefundAnswer = z.infer<typeof refundSchema>;

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
 * @deprecated Nothing outside this module uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md).
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
 * @deprecated Nothing outside this module uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md).
 */
export const sentMessageSchema = /* @__PURE__ */ lazySchema(() =>
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
/** @deprecated Nothing outside this module uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md). */
export const sentMessageListSchema = /* @__PURE__ */ lazySchema(() => z.array(sentMessageSchema));
/** @deprecated Nothing uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md). */
export type SentMessage = z.infer<typeof sentMessageSchema>;

/** @deprecated Nothing outside this module uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md). */
export const auditEntrySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    at: z.string(),
    /** Null for a sign-in to an e-mail address no member has (`staffName` is the address typed). */
    staffId: z.nullable(z.number()),
    staffName: z.string(),
    action: z.string(),
    customerId: z.nullable(z.number()),
    reason: z.nullable(z.string()),
    before: z.unknown(),
    after: z.unknown(),
  }),
);
export type AuditEntryAnswer = z.infer<typeof auditEntrySchema>;
/** @deprecated Nothing outside this module uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md). */
export const auditListSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ items: z.array(auditEntrySchema), nextBefore: z.nullable(z.number()) }),
);
/** A field of the console's filter: left blank, or a value `valid` accepts. */
const blankOr = (valid: (value: string) => boolean, message: string) =>
  z.string().check(
    z.trim(),
    z.refine((value) => value === '' || valid(value), message),
  );
/** The console's filter of the trail, as typed (blank fields filter nothing): the query below once the blanks are dropped. */
export const auditFilterFormSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    customer: blankOr(isRowId, STAFF_TEXTS.customerIdFormat),
    action: z.string().check(z.maxLength(60)),
    from: blankOr(isDay, STAFF_TEXTS.dayFormat),
    to: blankOr(isDay, STAFF_TEXTS.dayFormat),
  }),
);
/** @deprecated Nothing outside this module uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md). */
export const auditQuerySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    customer: z.optional(rowId),
    staff: z.optional(rowId),
    action: z.optional(z.string().check(z.maxLength(60))),
    from: z.optional(day),
    to: z.optional(day),
    before: z.optional(z.string().check(z.regex(/^[1-9]\d{0,17}$/))),
  }),
);

export const staffEndpoints = {
  login: staffEndpoint({
    method: 'POST',
    path: '/staff/login',
    body: staffLoginRequestSchema,
    answer: staffChallengeSchema,
    auth: false,
    staff: 'public',
  }),
  /** The one-time password replaced by one of the member's own choosing. */
  choosePassword: staffEndpoint({
    method: 'POST',
    path: '/staff/password',
    body: staffNewPasswordRequestSchema,
    answer: staffChallengeSchema,
    auth: false,
    staff: 'challenge',
  }),
  totpSetup: staffEndpoint({
    method: 'POST',
    path: '/staff/totp-setup',
    answer: staffTotpSetupSchema,
    auth: false,
    staff: 'challenge',
  }),
  /** The second factor: the code of the authenticator app; signs in. */
  totp: staffEndpoint({
    method: 'POST',
    path: '/staff/totp',
    body: staffCodeRequestSchema,
    answer: staffSessionSchema,
    auth: false,
    staff: 'challenge',
  }),
  me: staffEndpoint({ method: 'GET', path: '/staff/me', answer: staffMemberSchema, auth: false, staff: 'agent' }),
  logout: staffEndpoint({ method: 'POST', path: '/staff/logout', auth: false, staff: 'agent' }),
  searchCustomers: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/search',
    body: customerSearchRequestSchema,
    answer: customerSearchSchema,
    auth: false,
    staff: 'agent',
  }),
  customer: staffEndpoint({
    method: 'GET',
    path: '/staff/customers/{customerId}',
    answer: customerSummarySchema,
    auth: false,
    staff: 'agent',
  }),
  block: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/{customerId}/block',
    body: blockRequestSchema,
    answer: customerSummarySchema,
    auth: false,
    staff: 'admin',
  }),
  unblock: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/{customerId}/unblock',
    body: blockRequestSchema,
    answer: customerSummarySchema,
    auth: false,
    staff: 'admin',
  }),
  /** The customer's payment history as the customer sees it (contract/payments.ts), credit notes included. */
  customerPayments: staffEndpoint({
    method: 'GET',
    path: '/staff/customers/{customerId}/payments',
    answer: paymentListSchema,
    auth: false,
    staff: 'agent',
  }),
  customerInvoice: staffEndpoint({
    method: 'GET',
    path: '/staff/customers/{customerId}/payments/{orderNumber}',
    answer: invoiceSchema,
    auth: false,
    staff: 'agent',
  }),
  /** The invoice e-mailed to the customer again. */
  resendInvoice: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/{customerId}/payments/{orderNumber}/resend',
    auth: false,
    staff: 'agent',
  }),
  refund: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/{customerId}/payments/{orderNumber}/refund',
    body: refundRequestSchema,
    answer: refundSchema,
    auth: false,
    staff: 'admin',
  }),
  customerDevices: staffEndpoint({
    method: 'GET',
    path: '/staff/customers/{customerId}/devices',
    answer: deviceListSchema,
    auth: false,
    staff: 'agent',
  }),
  signOut: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/{customerId}/sign-out',
    body: signOutRequestSchema,
    answer: deviceListSchema,
    auth: false,
    staff: 'agent',
  }),
  /** A new code for the customer's password reset still waiting for one, sent where the first went. */
  resendCode: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/{customerId}/resend-code',
    auth: false,
    staff: 'agent',
  }),
  customerMessages: staffEndpoint({
    method: 'GET',
    path: '/staff/customers/{customerId}/messages',
    answer: sentMessageListSchema,
    auth: false,
    staff: 'agent',
  }),
  extend: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/{customerId}/extend',
    body: extendRequestSchema,
    answer: customerSummarySchema,
    auth: false,
    staff: 'admin',
  }),
  customerAudit: staffEndpoint({
    method: 'GET',
    path: '/staff/customers/{customerId}/audit',
    answer: auditListSchema,
    auth: false,
    staff: 'agent',
  }),
  audit: staffEndpoint({
    method: 'GET',
    path: '/staff/audit',
    query: auditQuerySchema,
    answer: auditListSchema,
    auth: false,
    staff: 'admin',
  }),
  /** The audit trail as CSV, with the list's filters (a spreadsheet's file: UTF-8 with its mark, `;`-separated). */
  auditCsv: staffEndpoint({
    method: 'GET',
    path: '/staff/audit.csv',
    query: auditQuerySchema,
    auth: false,
    staff: 'admin',
  }),
} satisfies Record<string, StaffEndpoint>;
/** @deprecated Nothing uses it; kept while the shared package only adds within a major (docs/decisions/011-shared-package-versions.md). */
export type StaffEndpoints = typeof staffEndpoints;
