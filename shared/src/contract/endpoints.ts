import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { endpoint } from './endpoint';
import { loginRequestSchema, loginResponseSchema, refreshRequestSchema, refreshResponseSchema } from './auth';
import {
  accountInfoSchema,
  billingReportSchema,
  billingRunRequestSchema,
  pauseRequestSchema,
  planChangeQuoteSchema,
  planChangeRequestSchema,
} from './account';
import { plansEndpoint, priceNoticeSchema } from './catalogue';
import { reconciliationSchema } from './staff/reconciliation';
import { setScriptRequestSchema } from './script';
import {
  changePasswordRequestSchema,
  changePinRequestSchema,
  checkPinRequestSchema,
  deviceListSchema,
  paymentDataSchema,
  serviceStatusSchema,
} from './customer';
import {
  cardHolderSchema,
  creditCardListSchema,
  invoiceSchema,
  newCardResponseSchema,
  paymentInfoSchema,
  paymentListSchema,
  paymentOrderRequestSchema,
  paymentOrderResponseSchema,
  planChangeResponseSchema,
  promoSubscriptionRequestSchema,
} from './payments';
import {
  approveMailRequestSchema,
  approveResetCodeRequestSchema,
  approveSmsRequestSchema,
  checkUsernameRequestSchema,
  checkUsernameResponseSchema,
  continueRegistrationRequestSchema,
  finishRegistrationRequestSchema,
  finishRegistrationResponseSchema,
  outboxEntrySchema,
  resendRequestSchema,
  resendResetCodeRequestSchema,
  resetPasswordRequestSchema,
  startRegistrationRequestSchema,
  startRegistrationResponseSchema,
} from './registration';
import {
  giftRequestSchema,
  mbonSchema,
  redeemVoucherRequestSchema,
  voucherSubscriptionRequestSchema,
} from './vouchers';

/**
 * Every call of the API in one table: its method, its path, what its body and answer look like, and
 * whether it needs a signed-in customer. The portal's call functions (`calls` in @portal/shared) and
 * the API's routes (`route` in api/src/http/route.ts) are both made from it, so a call whose body or
 * answer breaks the contract fails the type check on either side. docs/decisions/003-endpoint-table.md
 * says why this is our own small table and not a library.
 *
 * A path's `{product}` is the configured product code (`ontv`); every other `{name}` is a parameter
 * the caller gives. A schema that depends on the product (`ontvPlanId`) is a function of it.
 */

export const endpoints = {
  // Authentication
  login: endpoint({
    method: 'POST',
    path: '/login',
    body: loginRequestSchema,
    answer: loginResponseSchema,
    auth: false,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/refresh',
    body: refreshRequestSchema,
    answer: refreshResponseSchema,
    auth: false,
  }),
  /** Ends the session of the token sent, if it is one; always 204. */
  logout: endpoint({ method: 'POST', path: '/logout', auth: false }),

  // Registration
  startRegistration: endpoint({
    method: 'POST',
    path: '/start-registration',
    body: startRegistrationRequestSchema,
    answer: startRegistrationResponseSchema,
    auth: false,
  }),
  approveSms: endpoint({ method: 'POST', path: '/approve/sms', body: approveSmsRequestSchema, auth: false }),
  approveMail: endpoint({ method: 'POST', path: '/approve/mail', body: approveMailRequestSchema, auth: false }),
  resendSms: endpoint({ method: 'POST', path: '/resend/sms', body: resendRequestSchema, auth: false }),
  resendMail: endpoint({ method: 'POST', path: '/resend/mail', body: resendRequestSchema, auth: false }),
  continueRegistration: endpoint({
    method: 'POST',
    path: '/continue-registration',
    body: continueRegistrationRequestSchema,
    auth: false,
  }),
  finishRegistration: endpoint({
    method: 'POST',
    path: '/finish-registration',
    body: finishRegistrationRequestSchema,
    answer: finishRegistrationResponseSchema,
    auth: false,
  }),

  // Forgotten password
  checkUsername: endpoint({
    method: 'POST',
    path: '/forgot-password/check-username',
    body: checkUsernameRequestSchema,
    answer: checkUsernameResponseSchema,
    auth: false,
  }),
  approveResetCode: endpoint({
    method: 'POST',
    path: '/forgot-password/approve-code',
    body: approveResetCodeRequestSchema,
    auth: false,
  }),
  resendResetCode: endpoint({
    method: 'POST',
    path: '/forgot-password/resend-code',
    body: resendResetCodeRequestSchema,
    auth: false,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/forgot-password/reset',
    body: resetPasswordRequestSchema,
    auth: false,
  }),

  // Customer
  checkPin: endpoint({ method: 'POST', path: '/customer/check-pin', body: checkPinRequestSchema, auth: true }),
  changePin: endpoint({ method: 'POST', path: '/customer/change-pin', body: changePinRequestSchema, auth: true }),
  changePassword: endpoint({
    method: 'POST',
    path: '/customer/change-password',
    body: changePasswordRequestSchema,
    auth: true,
  }),
  paymentData: endpoint({ method: 'GET', path: '/customer/payment-data', answer: paymentDataSchema, auth: true }),
  /** The script chosen in the footer, remembered on the account for a new device, the e-mails, SMS and invoices. */
  setScript: endpoint({ method: 'PATCH', path: '/customer/script', body: setScriptRequestSchema, auth: true }),
  /** A prepaid voucher's months into the customer's credit (docs/vouchers.md); answers the voucher as `mbons` lists it. */
  redeemVoucher: endpoint({
    method: 'POST',
    path: '/customer/redeem-voucher',
    body: redeemVoucherRequestSchema,
    answer: mbonSchema,
    auth: true,
  }),
  /** A voucher bought by card as a gift (docs/vouchers.md): its order, paid as a purchase's; the code goes to the person named. */
  buyGift: endpoint({
    method: 'POST',
    path: '/customer/gifts',
    body: giftRequestSchema,
    answer: paymentOrderResponseSchema,
    auth: true,
  }),
  /** The devices signed in to the account: this one first, then the most recently used. */
  listDevices: endpoint({ method: 'GET', path: '/customer/devices', answer: deviceListSchema, auth: true }),
  /** Signs one other device out at once; answers the devices left. */
  signOutDevice: endpoint({ method: 'DELETE', path: '/customer/devices/{id}', answer: deviceListSchema, auth: true }),
  /** Signs every device but this one out at once; answers the devices left. */
  signOutOtherDevices: endpoint({
    method: 'POST',
    path: '/customer/devices/sign-out-others',
    answer: deviceListSchema,
    auth: true,
  }),
  // Service
  plans: endpoint(plansEndpoint),
  accountInfo: endpoint({ method: 'GET', path: '/{product}/accountInfo', answer: accountInfoSchema, auth: true }),
  /** A rise of the customer's package price still to come, for the account page ('Od {date} cijena tvog paketa je {price} KM'). */
  priceNotice: endpoint({ method: 'GET', path: '/{product}/priceNotice', answer: priceNoticeSchema, auth: true }),
  /**
   * Deactivation and reactivation change state, so the portal sends them as POST; the specification's
   * GETs (`deactivateGet`, `reactivateWithoutPaymentGet`) stay served, the same calls, for clients
   * written to it (docs/product.md §7).
   */
  deactivate: endpoint({ method: 'POST', path: '/{product}/deactivate', answer: serviceStatusSchema, auth: true }),
  reactivateWithoutPayment: endpoint({
    method: 'POST',
    path: '/{product}/reactivateWithoutPayment',
    answer: serviceStatusSchema,
    auth: true,
  }),
  deactivateGet: endpoint({ method: 'GET', path: '/{product}/deactivate', answer: serviceStatusSchema, auth: true }),
  reactivateWithoutPaymentGet: endpoint({
    method: 'GET',
    path: '/{product}/reactivateWithoutPayment',
    answer: serviceStatusSchema,
    auth: true,
  }),
  /** 'Potvrdi pauzu': an ACTIVE subscription pauses from the end of its paid period (product.md §10, A pause). */
  pause: endpoint({
    method: 'POST',
    path: '/{product}/pause',
    body: pauseRequestSchema,
    answer: serviceStatusSchema,
    auth: true,
  }),
  /** 'Nastavi pretplatu': the pause ends at once; a running one is charged from today. */
  resume: endpoint({ method: 'POST', path: '/{product}/resume', answer: serviceStatusSchema, auth: true }),
  subscribeInPromo: endpoint({
    method: 'POST',
    path: '/{product}/createSubscriptionInPromoPeriod',
    body: promoSubscriptionRequestSchema,
    answer: serviceStatusSchema,
    auth: true,
  }),
  /** 'Pretplati se vaučerom': a customer who may buy subscribes with a month of voucher credit, without a card (docs/vouchers.md). */
  subscribeWithVoucher: endpoint({
    method: 'POST',
    path: '/{product}/subscribe-with-voucher',
    body: voucherSubscriptionRequestSchema,
    answer: serviceStatusSchema,
    auth: true,
  }),
  /** What changing an ACTIVE subscription's package to `plan` costs and from when. */
  planChangeQuote: endpoint({
    method: 'GET',
    path: '/{product}/plan-change',
    query: /* @__PURE__ */ lazySchema(() => z.object({ plan: z.string().check(z.minLength(1), z.maxLength(40)) })),
    answer: planChangeQuoteSchema,
    auth: true,
  }),
  /** Changes the package (a downgrade at the next renewal), or places the upgrade's order; `Idempotency-Key` as for orders. */
  changePlan: endpoint({
    method: 'POST',
    path: '/{product}/plan-change',
    body: planChangeRequestSchema,
    answer: planChangeResponseSchema,
    auth: true,
  }),
  /** Cancels a downgrade that waits for the renewal; nothing to cancel is not an error. */
  cancelPlanChange: endpoint({ method: 'DELETE', path: '/{product}/plan-change', auth: true }),

  // Cards
  createCard: endpoint({ method: 'POST', path: '/credit-card', answer: newCardResponseSchema, auth: true }),
  listCards: endpoint({ method: 'GET', path: '/credit-card', answer: creditCardListSchema, auth: true }),
  setPrimaryCard: endpoint({
    method: 'PATCH',
    path: '/credit-card/primary/{code}',
    answer: creditCardListSchema,
    auth: true,
  }),
  updateCardHolder: endpoint({
    method: 'PATCH',
    path: '/credit-card/{code}',
    body: cardHolderSchema,
    answer: /* @__PURE__ */ lazySchema(() => z.object({ code: z.string() })),
    auth: true,
  }),
  deleteCard: endpoint({ method: 'DELETE', path: '/credit-card/{code}', answer: creditCardListSchema, auth: true }),

  // Payments
  paymentInfo: endpoint({
    method: 'GET',
    path: '/{product}-payments/new-account/payment-info/{planId}',
    answer: paymentInfoSchema,
    auth: true,
  }),
  /** Sent with an `Idempotency-Key` header: the same key is the same order. */
  createOrder: endpoint({
    method: 'POST',
    path: '/{product}-payments/new-account/order',
    body: paymentOrderRequestSchema,
    answer: paymentOrderResponseSchema,
    auth: true,
  }),
  payments: endpoint({ method: 'GET', path: '/{product}-payments', answer: paymentListSchema, auth: true }),
  invoice: endpoint({ method: 'GET', path: '/{product}-payments/{orderNumber}', answer: invoiceSchema, auth: true }),
  /** The same invoice as a PDF file (`application/pdf`), not JSON; only for the invoice's own customer. */
  invoicePdf: endpoint({ method: 'GET', path: '/{product}-payments/{orderNumber}/pdf', auth: true }),

  // The sandbox's own
  /** Runs one billing pass as of `at` (default now), so a renewal can be seen without waiting a month. */
  runBilling: endpoint({
    method: 'POST',
    path: '/dev/billing',
    body: billingRunRequestSchema,
    answer: billingReportSchema,
    auth: false,
    sandboxOnly: true,
  }),
  /** Compares the ledger with the sandbox processor over all time (money/reconcile.ts), as the console shows it. */
  runReconciliation: endpoint({
    method: 'POST',
    path: '/dev/reconcile',
    answer: reconciliationSchema,
    auth: false,
    sandboxOnly: true,
  }),
  outbox: endpoint({
    method: 'GET',
    path: '/dev/outbox',
    query: /* @__PURE__ */ lazySchema(() => z.object({ to: z.optional(z.string()) })),
    answer: /* @__PURE__ */ lazySchema(() => z.array(outboxEntrySchema)),
    auth: false,
    sandboxOnly: true,
  }),
} as const;
