import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mbon } from '@portal/shared';
import { fakeApi, type FakeApi } from '@portal/shared/testing';
import { accountInfo, card, logIn, renderAccount } from '../testing';

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
  logIn();
});

const payment = () => within(screen.getByRole('heading', { name: 'Plaćanje' }).closest('section')!);

const mbon = (overrides: Partial<Mbon> = {}): Mbon => ({
  lastFour: 'WXYZ',
  planCode: 'maxon',
  planName: 'MaxON',
  months: 3,
  redeemedAt: '2026-11-20T10:00:00.000Z',
  monthsLeft: 3,
  ...overrides,
});

/** The account page's calls, the payment data answering `mbons` (changed by the test as the API would). */
function answer(info = accountInfo(), mbons: { list: Mbon[] } = { list: [] }) {
  server
    .on('GET', '/ontv/accountInfo', () => ({ status: 200, data: info }))
    .on('GET', '/ontv/priceNotice', { status: 200, data: { notice: null } })
    .on('GET', '/customer/payment-data', () => ({ status: 200, data: { creditCards: [card()], mbons: mbons.list } }));
}

describe("account page: vouchers in 'Plaćanje'", () => {
  it('redeems a code and lists the voucher beside the cards with the credit left', async () => {
    const mbons = { list: [] as Mbon[] };
    answer(accountInfo(), mbons);
    server.on('POST', '/customer/redeem-voucher', () => {
      mbons.list = [mbon({ lastFour: 'QRST' })];
      return { status: 200, data: mbons.list[0] };
    });
    await renderAccount('/nalog');
    expect(await payment().findByText('Nemaš iskorištenih vaučera.')).toBeInTheDocument();
    await userEvent.type(payment().getByLabelText('Kod vaučera'), 'abcd-efgh-jklm-qrst');
    await userEvent.click(payment().getByRole('button', { name: 'Iskoristi vaučer' }));

    expect(await payment().findByText(/Vaučer …QRST, paket MaxON/)).toHaveTextContent('Preostala 3 mjeseca');
    expect(payment().getByText('Kredit za paket MaxON: preostala 3 mjeseca.')).toBeInTheDocument();
    expect(payment().getByRole('status')).toHaveTextContent(
      'Vaučer je iskorišten: tvom kreditu dodano je 3 mjeseca paketa MaxON.',
    );
    expect(server.callsTo('POST', '/customer/redeem-voucher')[0]!.body).toEqual({ code: 'abcd-efgh-jklm-qrst' });
    expect(server.callsTo('GET', '/customer/payment-data')).toHaveLength(2);
    expect(payment().getByLabelText('Kod vaučera')).toHaveValue('');
    // An active subscriber's renewals take the credit: no subscribe button for them.
    expect(payment().queryByRole('button', { name: 'Pretplati se vaučerom' })).not.toBeInTheDocument();
  });

  it("shows the API's answer to a wrong code at the field", async () => {
    answer();
    server.on('POST', '/customer/redeem-voucher', {
      status: 400,
      data: { message: 'Kod vaučera nije ispravan.', code: 'VOUCHER_WRONG' },
    });
    await renderAccount('/nalog');
    const field = await payment().findByLabelText('Kod vaučera');
    await userEvent.type(field, 'AAAA-BBBB-CCCC-DDDD');
    await userEvent.click(payment().getByRole('button', { name: 'Iskoristi vaučer' }));
    expect(await payment().findByText('Kod vaučera nije ispravan.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Kod vaučera nije ispravan\./);
  });

  it("shows the API's own text for a used voucher", async () => {
    answer();
    server.on('POST', '/customer/redeem-voucher', {
      status: 409,
      data: { message: 'Ovaj vaučer je već iskorišten.', code: 'VOUCHER_USED' },
    });
    await renderAccount('/nalog');
    await userEvent.type(await payment().findByLabelText('Kod vaučera'), 'AAAA-BBBB-CCCC-DDDD');
    await userEvent.click(payment().getByRole('button', { name: 'Iskoristi vaučer' }));
    expect(await payment().findByText('Ovaj vaučer je već iskorišten.')).toBeInTheDocument();
  });

  it('subscribes an expired customer with a month of voucher credit', async () => {
    let info = accountInfo({ status: 'EXPIRED', nextPaymentOn: null });
    const mbons = { list: [mbon()] };
    server
      .on('GET', '/ontv/accountInfo', () => ({ status: 200, data: info }))
      .on('GET', '/ontv/priceNotice', { status: 200, data: { notice: null } })
      .on('GET', '/customer/payment-data', () => ({ status: 200, data: { creditCards: [], mbons: mbons.list } }))
      .on('GET', '/ontv-payments', { status: 200, data: [] })
      .on('POST', '/ontv/subscribe-with-voucher', () => {
        info = accountInfo({ status: 'ACTIVE', nextPaymentOn: '2026-12-27' });
        mbons.list = [mbon({ monthsLeft: 2 })];
        return { status: 200, data: { status: 'ACTIVE', nextPaymentOn: '2026-12-27' } };
      });
    await renderAccount('/nalog');
    await userEvent.click(await payment().findByRole('button', { name: 'Pretplati se vaučerom' }));

    expect(await payment().findByText('Kredit za paket MaxON: preostala 2 mjeseca.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/ontv/subscribe-with-voucher')[0]!.body).toEqual({ plan: 'maxon' });
    expect(payment().queryByRole('button', { name: 'Pretplati se vaučerom' })).not.toBeInTheDocument();
    expect(await screen.findByText('AKTIVNA')).toBeInTheDocument();
    // Said once the account is asked again, when the button has gone.
    expect(payment().getByRole('status')).toHaveTextContent(
      'Pretplata je aktivna, plaćena mjesecom kredita s vaučera.',
    );
  });

  it('says when the card will be charged once the credit is gone', async () => {
    answer(accountInfo({ status: 'ACTIVE', nextPaymentOn: '2026-12-27', creditUntil: '2027-02-27' }), {
      list: [mbon({ monthsLeft: 2 })],
    });
    await renderAccount('/nalog');
    expect(
      await payment().findByText('Kad se kredit potroši, kartica će biti terećena 27.2.2027.'),
    ).toBeInTheDocument();
  });
});
