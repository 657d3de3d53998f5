/** Test helpers of the account remote: its real routes in a memory router, and a logged-in customer. */
import { authStore, setToken, type AccountInfo, type CreditCard } from '@portal/shared';
import { demoClaims, fakeToken, renderRoutes, type FakeApi } from '@portal/shared/testing';
import { routes } from './exposes/routes';

export const renderAccount = (path: string, state?: unknown) =>
  renderRoutes(routes, path, { state, others: { '/': 'Početna', '/paketi': 'Paketi', '*': 'Druga stranica' } });

export function logIn(): void {
  setToken(fakeToken(demoClaims));
  authStore.getState().bootstrap();
}

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

/** The calls of the account page: the account, the cards and a price rise to come (none unless given). */
export function answerAccount(
  server: FakeApi,
  info: AccountInfo,
  cards: CreditCard[] = [],
  notice: { from: string; price: number } | null = null,
) {
  server
    .on('GET', '/ontv/accountInfo', { status: 200, data: info })
    .on('GET', '/ontv/priceNotice', { status: 200, data: { notice } })
    .on('GET', '/customer/payment-data', { status: 200, data: { creditCards: cards, mbons: [] } });
}
