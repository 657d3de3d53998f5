import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import { accountInfoQuery, useAccountInfo } from './account';
import { prefetchFirstReads } from './firstReads';
import { askAhead, queryClient } from './query';
import { fakeApi, type FakeApi } from '../testing/fake-api';
import { TestProviders } from '../testing/providers';
import { signInDemo } from '../testing/session';

const account = { status: 'ACTIVE' as const, plan: null, nextPaymentOn: null, accountNumber: '1000001', promos: [] };

function answered(): FakeApi {
  return fakeApi()
    .on('GET', '/ontv/accountInfo', { status: 200, data: account })
    .on('GET', '/customer/payment-data', { status: 200, data: { creditCards: [], mbons: [] } });
}

function AccountNumber() {
  const info = useAccountInfo();
  return <p>{info.data?.accountNumber ?? 'pending'}</p>;
}

describe("a signed-in page's first reads", () => {
  it("asks for the account page's reads as soon as the session is known, under the page's keys", async () => {
    const server = answered();
    signInDemo();
    prefetchFirstReads('/Nalog/');
    await waitFor(() => expect(queryClient.getQueryData(accountInfoQuery.queryKey)).toEqual(account));
    expect(server.calls.map((call) => call.url).sort()).toEqual(['/customer/payment-data', '/ontv/accountInfo']);
  });

  it('asks for nothing for a visitor, or for a page without first reads', () => {
    const server = answered();
    prefetchFirstReads('/nalog');
    signInDemo();
    prefetchFirstReads('/nalog/promijeni-pin');
    prefetchFirstReads('/paketi');
    expect(server.calls).toEqual([]);
  });
});

describe('a read asked for ahead of its page', () => {
  it('is taken by the page that shows it just after, without asking again', async () => {
    const server = answered();
    signInDemo();
    await askAhead(accountInfoQuery);
    render(<AccountNumber />, { wrapper: TestProviders });
    expect(screen.getByText('1000001')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.callsTo('GET', '/ontv/accountInfo')).toHaveLength(1);
  });

  it('is asked again by a page that mounts once its few seconds have passed, as any other answer is', async () => {
    const server = answered();
    signInDemo();
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
    await askAhead(accountInfoQuery);
    clock.mockReturnValue(now + 5_001);
    render(<AccountNumber />, { wrapper: TestProviders });
    await waitFor(() => expect(server.callsTo('GET', '/ontv/accountInfo')).toHaveLength(2));
  });
});
