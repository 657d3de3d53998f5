import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import { setRemoteModuleLoader, type PaymentRecord } from '@portal/shared';
import { endSession } from '../api/session';
import { answering, leaveSupport, renderSupport, signInAs, supportCustomer } from '../testing';

const customer = supportCustomer();

const paid = (orderNumber: string, dispute?: PaymentRecord['dispute']): PaymentRecord => ({
  orderNumber,
  updated: '2026-03-01T10:00:00Z',
  periodStart: '2026-03-01',
  periodEnd: '2026-04-01',
  creditCardNumber: '**** 4242',
  amount: 24.9,
  paymentData: { name: 'MaxON' },
  ...(dispute && { dispute }),
});

// The account remote's payment table, as a hand-written stand-in: a row per payment with what the console adds.
const PaymentHistoryView = ({
  payments,
  renderActions,
}: {
  payments: PaymentRecord[];
  renderActions: (p: PaymentRecord) => ReactNode;
}) => (
  <table>
    <tbody>
      {payments.map((p) => (
        <tr key={p.orderNumber}>
          <th scope="row">{p.orderNumber}</th>
          <td>{renderActions(p)}</td>
        </tr>
      ))}
    </tbody>
  </table>
);

/** The customer's page with `payments`, for an agent: what every member of staff sees. */
async function openWithPayments(payments: PaymentRecord[]) {
  signInAs('agent');
  setRemoteModuleLoader(async () => ({ PaymentHistoryView }));
  answering({
    'GET /staff/customers/7': { status: 200, data: customer },
    'GET /staff/customers/7/payments': { status: 200, data: payments },
    'GET /staff/customers/7/devices': { status: 200, data: [] },
    'GET /staff/customers/7/messages': { status: 200, data: [] },
    'GET /staff/customers/7/audit': { status: 200, data: { items: [], nextBefore: null } },
  });
  await renderSupport('/podrska/kupci/7');
  await screen.findByRole('rowheader', { name: payments[0]?.orderNumber });
}

const rowOf = (orderNumber: string) =>
  within(screen.getByRole('rowheader', { name: orderNumber }).closest('tr') as HTMLElement);

describe('a payment’s bank dispute on the customer’s page', () => {
  beforeEach(() => endSession());
  afterEach(() => {
    leaveSupport();
    setRemoteModuleLoader(() => Promise.reject(new Error('no remotes in this test')));
  });

  it('says in words, in the payment’s row, whether the dispute is open, won or lost, and how much', async () => {
    await openWithPayments([
      paid('2026-000041'),
      paid('2026-000042', { status: 'OPEN', amount: 24.9 }),
      paid('2026-000043', { status: 'WON', amount: 24.9 }),
      paid('2026-000044', { status: 'LOST', amount: 12.45 }),
    ]);
    expect(rowOf('2026-000042').getByText('Spor s bankom u toku: 24,90 KM')).toBeTruthy();
    expect(rowOf('2026-000043').getByText('Spor s bankom dobijen')).toBeTruthy();
    expect(rowOf('2026-000044').getByText('Spor s bankom izgubljen: 12,45 KM vraćeno kupcu')).toBeTruthy();
    expect(rowOf('2026-000041').queryByText(/Spor s bankom/)).toBeNull();
    expect(screen.getAllByText(/Spor s bankom/)).toHaveLength(3);
  });
});
