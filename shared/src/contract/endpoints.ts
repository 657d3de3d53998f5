import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { endpoint } from './endpoint';
import { loginRequestSchema, loginResponseSchema, refreshRequestSchema, refreshResponseSchema } from './auth';
import { accountInfoSchema, pauseRequestSchema, planChangeQuoteSchema, planChangeRequestSchema } from './account';
import { plansEndpoint, priceNoticeSchema } from './catalogue';
import { sandboxEndpoints } from './sandboxEndpoints';
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
    access: 'public',
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/refresh',
    body: refreshRequestSchema,
    answer: refreshResponseSchema,
    access: 'public',
  }),
  /** Ends the session of the token sent, if it is one; always 204. */
  logout: endpoint({ method: 'POST', path: '/logout', access: 'public' }),

  // Registration
  startRegistration: endpoint({
    method: 'POST',
    path: '/start-registration',
    body: startRegistrationRequestSchema,
    answer: startRegistrationResponseSchema,
    access: 'public',
  }),
  approveSms: endpoint({ method: 'POST', path: '/approve/sms', body: approveSmsRequestSchema, access: 'public' }),
  approveMail: endpoint({ method: 'POST', path: '/approve/mail', body: approveMailRequestSchema, access: 'public' }),
  resendSms: endpoint({ method: 'POST', path: '/resend/sms', body: resendRequestSchema, access: 'public' }),
  resendMail: endpoint({ method: 'POST', path: '/resend/mail', body: resendRequestSchema, access: 'public' }),
  continueRegistration: endpoint({
    method: 'POST',
    path: '/continue-registration',
    body: continueRegistrationRequestSchema,
    access: 'public',
  }),
  finishRegistration: endpoint({
    method: 'POST',
    path: '/finish-registration',
    body: finishRegistrationRequestSchema,
    answer: finishRegistrationResponseSchema,
    access: 'public',
  }),

  // Forgotten password
  checkUsername: endpoint({
    method: 'POST',
    path: '/forgot-password/check-username',
    body: checkUsernameRequestSchema,
    answer: checkUsernameResponseSchema,
    access: 'public',
  }),
  approveResetCode: endpoint({
    method: 'POST',
    path: '/forgot-password/approve-code',
    body: approveResetCodeRequestSchema,
    access: 'public',
  }),
  resendResetCode: endpoint({
    method: 'POST',
    path: '/forgot-password/resend-code',
    body: resendResetCodeRequestSchema,
    access: 'public',
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/forgot-password/reset',
    body: resetPasswordRequestSchema,
    access: 'public',
  }),

  // Customer
  checkPin: endpoint({ method: 'POST', path: '/customer/check-pin', body: checkPinRequestSchema, access: 'customer' }),
  changePin: endpoint({
    method: 'POST',
    path: '/customer/change-pin',
    body: changePinRequestSchema,
    access: 'customer',
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/customer/change-password',
    body: changePasswordRequestSchema,
    access: 'customer',
  }),
  paymentData: endpoint({
    method: 'GET',
    path: '/customer/payment-data',
    answer: paymentDataSchema,
    access: 'customer',
  }),
  /** The script chosen in the footer, remembered on the account for a new device, the e-mails, SMS and invoices. */
  setScript: endpoint({ method: 'PATCH', path: '/customer/script', body: setScriptRequestSchema, access: 'customer' }),
  /** A prepaid voucher's months into the customer's credit (docs/vouchers.md); answers the voucher as `mbons` lists it. */
  redeemVoucher: endpoint({
    method: 'POST',
    path: '/customer/redeem-voucher',
    body: redeemVoucherRequestSchema,
    answer: mbonSchema,
    access: 'customer',
  }),
  /** A voucher bought by card as a gift (docs/vouchers.md): its order, paid as a purchase's; the code goes to the person named. */
  buyGift: endpoint({
    method: 'POST',
    path: '/customer/gifts',
    body: giftRequestSchema,
    answer: paymentOrderResponseSchema,
    access: 'customer',
  }),
  /** The devices signed in to the account: this one first, then the most recently used. */
  listDevices: endpoint({ method: 'GET', path: '/customer/devices', answer: deviceListSchema, access: 'customer' }),
  /** Signs one other device out at once; answers the devices left. */
  signOutDevice: endpoint({
    method: 'DELETE',
    path: '/customer/devices/{id}',
    answer: deviceListSchema,
    access: 'customer',
  }),
  /** Signs every device but this one out at once; answers the devices left. */
  signOutOtherDevices: endpoint({
    method: 'POST',
    path: '/customer/devices/sign-out-others',
    answer: deviceListSchema,
    access: 'customer',
  }),
  // Service
  plans: endpoint(plansEndpoint),
  accountInfo: endpoint({
    method: 'GET',
    path: '/{product}/accountInfo',
    answer: accountInfoSchema,
    access: 'customer',
  }),
  /** A rise of the customer's package price still to come, for the account page ('Od {date} cijena tvog paketa je {price} KM'). */
  priceNotice: endpoint({
    method: 'GET',
    path: '/{product}/priceNotice',
    answer: priceNoticeSchema,
    access: 'customer',
  }),
  /**
   * Deactivation and reactivation change state, so the portal sends them as POST; the specification's
   * GETs (`deactivateGet`, `reactivateWithoutPaymentGet`) stay served, the same calls, for clients
   * written to it (docs/product.md §7).
   */
  deactivate: endpoint({
    method: 'POST',
    path: '/{product}/deactivate',
    answer: serviceStatusSchema,
    access: 'customer',
  }),
  reactivateWithoutPayment: endpoint({
    method: 'POST',
    path: '/{product}/reactivateWithoutPayment',
    answer: serviceStatusSchema,
    access: 'customer',
  }),
  deactivateGet: endpoint({
    method: 'GET',
    path: '/{product}/deactivate',
    answer: serviceStatusSchema,
    access: 'customer',
  }),
  reactivateWithoutPaymentGet: endpoint({
    method: 'GET',
    path: '/{product}/reactivateWithoutPayment',
    answer: serviceStatusSchema,
    access: 'customer',
  }),
  /** 'Potvrdi pauzu': an ACTIVE subscription pauses from the end of its paid period (product.md §10, A pause). */
  pause: endpoint({
    method: 'POST',
    path: '/{product}/pause',
    body: pauseRequestSchema,
    answer: serviceStatusSchema,
    access: 'customer',
  }),
  /** 'Nastavi pretplatu': the pause ends at once; a running one is charged from today. */
  resume: endpoint({ method: 'POST', path: '/{product}/resume', answer: serviceStatusSchema, access: 'customer' }),
  subscribeInPromo: endpoint({
    method: 'POST',
    path: '/{product}/createSubscriptionInPromoPeriod',
    body: promoSubscriptionRequestSchema,
    answer: serviceStatusSchema,
    access: 'customer',
  }),
  /** 'Pretplati se vaučerom': a customer who may buy subscribes with a month of voucher credit, without a card (docs/vouchers.md). */
  subscribeWithVoucher: endpoint({
    method: 'POST',
    path: '/{product}/subscribe-with-voucher',
    body: voucherSubscriptionRequestSchema,
    answer: serviceStatusSchema,
    access: 'customer',
  }),
  /** What changing an ACTIVE subscription's package to `plan` costs and from when. */
  planChangeQuote: endpoint({
    method: 'GET',
    path: '/{product}/plan-change',
    query: /* @__PURE__ */ lazySchema(() => z.object({ plan: z.string().check(z.minLength(1), z.maxLength(40)) })),
    answer: planChangeQuoteSchema,
    access: 'customer',
  }),
  /** Changes the package (a downgrade at the next renewal), or places the upgrade's order; `Idempotency-Key` as for orders. */
  changePlan: endpoint({
    method: 'POST',
    path: '/{product}/plan-change',
    body: planChangeRequestSchema,
    answer: planChangeResponseSchema,
    access: 'customer',
  }),
  /** Cancels a downgrade that waits for the renewal; nothing to cancel is not an error. */
  cancelPlanChange: endpoint({ method: 'DELETE', path: '/{product}/plan-change', access: 'customer' }),

  // Cards
  createCard: endpoint({ method: 'POST', path: '/credit-card', answer: newCardResponseSchema, access: 'customer' }),
  listCards: endpoint({ method: 'GET', path: '/credit-card', answer: creditCardListSchema, access: 'customer' }),
  setPrimaryCard: endpoint({
    method: 'PATCH',
    path: '/credit-card/primary/{code}',
    answer: creditCardListSchema,
    access: 'customer',
  }),
  updateCardHolder: endpoint({
    method: 'PATCH',
    path: '/credit-card/{code}',
    body: cardHolderSchema,
    answer: /* @__PURE__ */ lazySchema(() => z.object({ code: z.string() })),
    access: 'customer',
  }),
  deleteCard: endpoint({
    method: 'DELETE',
    path: '/credit-card/{code}',
    answer: creditCardListSchema,
    access: 'customer',
  }),

  // Payments
  paymentInfo: endpoint({
    method: 'GET',
    path: '/{product}-payments/new-account/payment-info/{planId}',
    answer: paymentInfoSchema,
    access: 'customer',
  }),
  /** Sent with an `Idempotency-Key` header: the same key is the same order. */
  createOrder: endpoint({
    method: 'POST',
    path: '/{product}-payments/new-account/order',
    body: paymentOrderRequestSchema,
    answer: paymentOrderResponseSchema,
    access: 'customer',
  }),
  payments: endpoint({ method: 'GET', path: '/{product}-payments', answer: paymentListSchema, access: 'customer' }),
  invoice: endpoint({
    method: 'GET',
    path: '/{product}-payments/{orderNumber}',
    answer: invoiceSchema,
    access: 'customer',
  }),
  /** The same invoice as a PDF file (`application/pdf`), not JSON; only for the invoice's own customer. */
  invoicePdf: endpoint({ method: 'GET', path: '/{product}-payments/{orderNumber}/pdf', access: 'customer' }),

  ...sandboxEndpoints,
} as const;
