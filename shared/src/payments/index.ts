/**
 * @portal/shared/payments: the card dialog, the security-code dialog, the payment provider (sandbox
 * or Stripe), the voucher forms (redeem, subscribe with credit) and the "Cards and payments" calls. Not part of the shared singleton's entry: the apps
 * that take payments (account, onboarding) bundle it, so the home page never downloads it.
 */
export * from './calls';
export { CardDialog, useCardDialog } from './CardDialog';
export { PayDialog, newIdempotencyKey, type PayDialogProps } from './PayDialog';
export { Dialog } from './Dialog';
export { RedeemVoucherForm, SubscribeWithVoucher, creditByPlan, type VoucherCredit } from './VoucherForms';
export { CARD_TEXTS, VOUCHER_FORM_TEXTS } from './texts';
export { COUNTRY_CODES, countryOptions } from './countries';
export { type Outcome, type PaymentProvider, type Confirmations } from './provider';
