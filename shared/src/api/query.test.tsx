import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { setApiAdapter } from './http';
import { accountInfoQuery, useAccountInfo } from './account';
import { plansQuery } from './plans';
import { queryClient } from './query';
import { clearToken, setToken } from '../auth/token';
import { demoClaims, fakeToken } from '../testing/fake-api';
import { TestProviders } from '../testing/providers';

function AccountStatus() {
  const info = useAccountInfo();
  return <p>{info.status}</p>;
}

describe('reads through the query client', () => {
  it('cancels the request of a page that leaves before the answer', async () => {
    const sent: InternalAxiosRequestConfig[] = [];
    setApiAdapter((config) => {
      sent.push(config);
      return new Promise(() => undefined); // the answer never comes
    });
    const page = render(<AccountStatus />, { wrapper: TestProviders });
    expect(screen.getByText('pending')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.signal?.aborted).toBe(false);
    page.unmount();
    expect(sent[0]!.signal?.aborted).toBe(true);
  });
});

describe("a customer's answers and the session", () => {
  const account = { status: 'ACTIVE' as const, plan: null, nextPaymentOn: null, accountNumber: '1000001', promos: [] };
  const plans = [{ code: 'maxon', name: 'MaxON', price: 24.9, promos: [] }];

  it('drops them when the customer signs out or another signs in, and keeps the public ones', () => {
    setToken(fakeToken({ ...demoClaims }));
    queryClient.setQueryData(accountInfoQuery.queryKey, account);
    queryClient.setQueryData(plansQuery.queryKey, plans);

    // A refreshed token of the same customer keeps them.
    setToken(fakeToken({ ...demoClaims, exp: 4102444800 }));
    expect(queryClient.getQueryData(accountInfoQuery.queryKey)).toEqual(account);

    setToken(fakeToken({ ...demoClaims, email: 'druga@ontv.ba', phone_number: null }));
    expect(queryClient.getQueryData(accountInfoQuery.queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(plansQuery.queryKey)).toEqual(plans);

    queryClient.setQueryData(accountInfoQuery.queryKey, account);
    clearToken();
    expect(queryClient.getQueryData(accountInfoQuery.queryKey)).toBeUndefined();
  });
});
