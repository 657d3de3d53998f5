/** Test helpers of the account remote: its real routes in a memory router, and a logged-in customer. */
import type { AccountInfo, CreditCard, PaymentRecord, SignedInDevice } from '@portal/shared';
import { renderRoutes, signInDemo, type FakeApi } from '@portal/shared/testing';
import { routes } from './exposes/routes';

export const renderAccount = (path: string, state?: unknown) =>
  renderRoutes(routes, path, { state, others: { '/': 'Početna', '/paketi': 'Paketi', '*': 'Druga stranica' } });

/** The demo customer signed in. */
export const logIn = signInDemo;

export const card = (overrides: Partial<CreditCard> = {}): CreditCard => ({
  code: 'c1',
  primaryCard: true,
  creditCardTypeCode: 'visa',
  cardNumber: '**** **** **** 4242',
  fullName: 'Amra Hodžić',
  address: null,
  city: 'Sarajevo',
  zip: null,
  phone: null,
  country: 'BA',
  email: 'demo@ontv.ba',
  expirationDateMm: 12,
  expirationDateYy: 29,
  ...overrides,
});

export const accountInfo = (overrides: Partial<AccountInfo> = {}): AccountInfo => ({
  status: 'ACTIVE',
  plan: { code: 'maxon', name: 'MaxON', price: 24.9 },
  nextPaymentOn: '2099-01-15',
  accountNumber: '1000001',
  promos: [],
  ...overrides,
});

/** A device signed in to the account: this browser, unless `overrides` say otherwise. */
export const signedInDevice = (overrides: Partial<SignedInDevice> = {}): SignedInDevice => ({
  id: '11111111-1111-4111-8111-111111111111',
  type: 'ontv',
  name: 'Web (Chrome, Linux)',
  signedInAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-23T09:00:00.000Z',
  current: true,
  ...overrides,
});

/** A payment of MaxON for the month from 2026-11-20, by the demo customer's Visa. */
export const PAYMENT: PaymentRecord = {
  orderNumber: '2026-000042',
  updated: '2026-11-20T09:00:00.000Z',
  periodStart: '2026-11-20',
  periodEnd: '2026-12-20',
  creditCardNumber: '**** **** **** 4242',
  amount: 24.9,
  paymentData: { name: 'MaxON' },
};

/** The calls of the account page: the account, the cards, a price rise to come (none unless given) and the passkeys (none). */
export function answerAccount(
  server: FakeApi,
  info: AccountInfo,
  cards: CreditCard[] = [],
  notice: { from: string; price: number } | null = null,
) {
  server
    .on('GET', '/ontv/accountInfo', { status: 200, data: info })
    .on('GET', '/ontv/priceNotice', { status: 200, data: { notice } })
    .on('GET', '/customer/payment-data', { status: 200, data: { creditCards: cards, mbons: [] } })
    .on('GET', '/customer/passkeys', { status: 200, data: [] });
}
