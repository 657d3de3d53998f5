import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { fakeApi, type FakeApi } from '@portal/shared/testing';
import { logIn, PAYMENT, renderAccount } from '../testing';

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
  logIn();
});

describe('/nalog/istorija-uplata', () => {
  it('shows a refund the operator gave under the payment’s amount, with its credit note', async () => {
    server.on('GET', '/ontv-payments', {
      status: 200,
      data: [
        {
          ...PAYMENT,
          creditNotes: [{ number: '2026-000042-P1', issued: '2026-11-22T10:00:00.000Z', amount: 12.45 }],
        },
        { ...PAYMENT, orderNumber: '2026-000041', periodStart: '2026-10-20', periodEnd: '2026-11-20' },
      ],
    });
    await renderAccount('/nalog/istorija-uplata');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('24,90 KM');
    expect(rows[1]).toHaveTextContent('Vraćeno 12,45 KM (knjižna obavijest 2026-000042-P1)');
    expect(rows[2]).not.toHaveTextContent('Vraćeno');
  });

  it('shows a month a gift paid as paid by its voucher, with no invoice to open or download', async () => {
    server.on('GET', '/ontv-payments', {
      status: 200,
      data: [
        { ...PAYMENT, creditCardNumber: 'Vaučer …K7QD', giftVoucher: 'K7QD' },
        { ...PAYMENT, orderNumber: '2026-000041', periodStart: '2026-10-20', periodEnd: '2026-11-20' },
      ],
    });
    await renderAccount('/nalog/istorija-uplata');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Plaćeno vaučerom …K7QD');
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).getByRole('link', { name: 'Račun 2026-000041' })).toBeTruthy();
  });
});
