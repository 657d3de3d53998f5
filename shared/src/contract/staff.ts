import { STAFF_TEXTS } from '../texts/staff';
import type { Endpoint, StaffAccess } from './endpoint';
import { deviceListSchema } from './customer';
import { invoiceSchema, paymentListSchema } from './payments';
import {
  staffChallengeSchema,
  staffCodeRequestSchema,
  staffLoginRequestSchema,
  staffMemberSchema,
  staffNewPasswordRequestSchema,
  staffSessionSchema,
  staffTotpSetupSchema,
} from './staff/signIn';
import {
  blockRequestSchema,
  customerSearchRequestSchema,
  customerSearchSchema,
  customerSummarySchema,
  extendRequestSchema,
  sentMessageListSchema,
  signOutRequestSchema,
} from './staff/customers';
import { refundRequestSchema, refundSchema } from './staff/refunds';
import { auditListSchema, auditQuerySchema } from './staff/audit';
import { reconciliationSchema } from './staff/reconciliation';
import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { addPasskeyRequestSchema, passkeyAssertionSchema, passkeyListSchema, passkeyOptionsSchema } from './passkeys';

export { STAFF_TEXTS };
/*
 * The schemas live beside their area (staff/); this module, the package's `contract/staff` entry, keeps
 * the table of calls and hands every schema on, so an importer names one module.
 */
export * from './staff/signIn';
export * from './staff/fields';
export * from './staff/customers';
export * from './staff/refunds';
export * from './staff/audit';
export * from './staff/reconciliation';

/**
 * The support console's calls (docs/decisions/032-support-console.md), under `/api/staff`. No customer
 * token opens any of them and no staff token opens a customer's call: they are signed with keys of
 * their own and name an audience of their own. Their `access` is `public` (sign-in) or a staff one.
 */
export interface StaffEndpoint extends Endpoint {
  readonly access: 'public' | StaffAccess;
}
const staffEndpoint = <const E extends StaffEndpoint>(e: E): E => e;

export const staffEndpoints = {
  login: staffEndpoint({
    method: 'POST',
    path: '/staff/login',
    body: staffLoginRequestSchema,
    answer: staffChallengeSchema,
    access: 'public',
  }),
  /** The one-time password replaced by one of the member's own choosing. */
  choosePassword: staffEndpoint({
    method: 'POST',
    path: '/staff/password',
    body: staffNewPasswordRequestSchema,
    answer: staffChallengeSchema,
    access: 'challenge',
  }),
  totpSetup: staffEndpoint({
    method: 'POST',
    path: '/staff/totp-setup',
    answer: staffTotpSetupSchema,
    access: 'challenge',
  }),
  /** The second factor: the code of the authenticator app; signs in. */
  totp: staffEndpoint({
    method: 'POST',
    path: '/staff/totp',
    body: staffCodeRequestSchema,
    answer: staffSessionSchema,
    access: 'challenge',
  }),
  /** The second factor by passkey, in place of the code (docs/passkeys.md): a challenge for the member's passkeys. */
  passkeyOptions: staffEndpoint({
    method: 'POST',
    path: '/staff/passkey-options',
    answer: passkeyOptionsSchema,
    access: 'challenge',
  }),
  /** The challenge signed by one of the member's passkeys; signs in as the code does. */
  passkey: staffEndpoint({
    method: 'POST',
    path: '/staff/passkey',
    body: /* @__PURE__ */ lazySchema(() => z.object({ credential: passkeyAssertionSchema })),
    answer: staffSessionSchema,
    access: 'challenge',
  }),
  /** The member's own passkeys ('Moji pristupni ključevi'), oldest first. */
  myPasskeys: staffEndpoint({
    method: 'GET',
    path: '/staff/passkeys',
    answer: passkeyListSchema,
    access: 'agent',
  }),
  myPasskeyOptions: staffEndpoint({
    method: 'POST',
    path: '/staff/passkeys/options',
    answer: passkeyOptionsSchema,
    access: 'agent',
  }),
  addMyPasskey: staffEndpoint({
    method: 'POST',
    path: '/staff/passkeys',
    body: addPasskeyRequestSchema,
    answer: passkeyListSchema,
    access: 'agent',
  }),
  removeMyPasskey: staffEndpoint({
    method: 'DELETE',
    path: '/staff/passkeys/{id}',
    answer: passkeyListSchema,
    access: 'agent',
  }),
  me: staffEndpoint({ method: 'GET', path: '/staff/me', answer: staffMemberSchema, access: 'agent' }),
  logout: staffEndpoint({ method: 'POST', path: '/staff/logout', access: 'agent' }),
  searchCustomers: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/search',
    body: customerSearchRequestSchema,
    answer: customerSearchSchema,
    access: 'agent',
  }),
  customer: staffEndpoint({
    method: 'GET',
    path: '/staff/customers/{customerId}',
    answer: customerSummarySchema,
    access: 'agent',
  }),
  block: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/{customerId}/block',
    body: blockRequestSchema,
    answer: customerSummarySchema,
    access: 'admin',
  }),
  unblock: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/{customerId}/unblock',
    body: blockRequestSchema,
    answer: customerSummarySchema,
    access: 'admin',
  }),
  /** The customer's payment history as the customer sees it (contract/payments.ts), credit notes included. */
  customerPayments: staffEndpoint({
    method: 'GET',
    path: '/staff/customers/{customerId}/payments',
    answer: paymentListSchema,
    access: 'agent',
  }),
  customerInvoice: staffEndpoint({
    method: 'GET',
    path: '/staff/customers/{customerId}/payments/{orderNumber}',
    answer: invoiceSchema,
    access: 'agent',
  }),
  /** The invoice e-mailed to the customer again. */
  resendInvoice: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/{customerId}/payments/{orderNumber}/resend',
    access: 'agent',
  }),
  refund: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/{customerId}/payments/{orderNumber}/refund',
    body: refundRequestSchema,
    answer: refundSchema,
    access: 'admin',
  }),
  customerDevices: staffEndpoint({
    method: 'GET',
    path: '/staff/customers/{customerId}/devices',
    answer: deviceListSchema,
    access: 'agent',
  }),
  signOut: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/{customerId}/sign-out',
    body: signOutRequestSchema,
    answer: deviceListSchema,
    access: 'agent',
  }),
  /** A new code for the customer's password reset still waiting for one, sent where the first went. */
  resendCode: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/{customerId}/resend-code',
    access: 'agent',
  }),
  customerMessages: staffEndpoint({
    method: 'GET',
    path: '/staff/customers/{customerId}/messages',
    answer: sentMessageListSchema,
    access: 'agent',
  }),
  extend: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/{customerId}/extend',
    body: extendRequestSchema,
    answer: customerSummarySchema,
    access: 'admin',
  }),
  /** 'Završi pauzu': the customer's pause ends now, as their 'Nastavi pretplatu' does, with why. */
  endPause: staffEndpoint({
    method: 'POST',
    path: '/staff/customers/{customerId}/end-pause',
    body: blockRequestSchema,
    answer: customerSummarySchema,
    access: 'admin',
  }),
  customerAudit: staffEndpoint({
    method: 'GET',
    path: '/staff/customers/{customerId}/audit',
    answer: auditListSchema,
    access: 'agent',
  }),
  audit: staffEndpoint({
    method: 'GET',
    path: '/staff/audit',
    query: auditQuerySchema,
    answer: auditListSchema,
    access: 'admin',
  }),
  /** The audit trail as CSV, with the list's filters (a spreadsheet's file: UTF-8 with its mark, `;`-separated). */
  auditCsv: staffEndpoint({
    method: 'GET',
    path: '/staff/audit.csv',
    query: auditQuerySchema,
    access: 'admin',
  }),
  /** The last comparison of the ledger with the card processor ('Usklađivanje', money/reconcile.ts). */
  reconciliation: staffEndpoint({
    method: 'GET',
    path: '/staff/reconciliation',
    answer: reconciliationSchema,
    access: 'admin',
  }),
} satisfies Record<string, StaffEndpoint>;
