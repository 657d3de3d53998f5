/** Test helpers of the account remote: its real routes in a memory router, and a logged-in customer. */
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { authStore, setToken, type AccountInfo, type CreditCard } from '@portal/shared';
import { demoClaims, fakeToken, type FakeApi } from '@portal/shared/testing';
import { routes } from './exposes/routes';

export async function renderAccount(path: string, state?: unknown) {
  const router = createMemoryRouter(
    [...routes, { path: '/', element: <h1>Početna</h1> }, { path: '/paketi', element: <h1>Paketi</h1> }, { path: '*', element: <h1>Druga stranica</h1> }],
    { initialEntries: [{ pathname: path.split('?')[0]!, search: '', state }] },
  );
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return router;
}

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

/** The two calls of the account page. */
export function answerAccount(server: FakeApi, info: AccountInfo, cards: CreditCard[] = []) {
  server.on('GET', '/ontv/accountInfo', { status: 200, data: info }).on('GET', '/customer/payment-data', { status: 200, data: { creditCards: cards, mbons: [] } });
}
