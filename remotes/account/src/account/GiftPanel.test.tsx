import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, fakeProcessor, type FakeApi } from '@portal/shared/testing';
import { accountInfo, card, logIn, renderAccount } from '../testing';

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
  logIn();
});

const gift = () => within(screen.getByRole('form', { name: 'Pokloni vaučer' }));

/** The account page's calls, the packages' prices, and the gift's order as the API answers it. */
function answer(cards = [card()]) {
  server
    .on('GET', '/ontv/accountInfo', { status: 200, data: accountInfo() })
    .on('GET', '/ontv/priceNotice', { status: 200, data: { notice: null } })
    .on('GET', '/customer/payment-data', { status: 200, data: { creditCards: cards, mbons: [] } })
    .on('GET', '/ontv/plans', {
      status: 200,
      data: [
        { code: 'starton', name: 'StartON', price: 14.9, promos: [] },
        { code: 'maxon', name: 'MaxON', price: 24.9, promos: [] },
      ],
    })
    .on('POST', '/customer/gifts', {
      status: 200,
      data: {
        orderNumber: '2026-000009',
        paymentSecret: 'pi_9_secret_z',
        panToken: 'pm_1',
        card: card(),
        orderInfo: { orderInfo: 'Poklon vaučer, paket StartON, narudžba 2026-000009', amount: 29.8 },
      },
    })
    .on('GET', '/ontv-payments', { status: 200, data: [] });
}

describe("account page: 'Pokloni vaučer'", () => {
  it('pays the months of a package by card once and says where the code went', async () => {
    answer();
    const processor = fakeProcessor([{ status: 'succeeded' }]);
    await renderAccount('/nalog');
    await userEvent.click(await screen.findByRole('button', { name: 'Kupi vaučer na poklon' }));
    await gift().findByRole('option', { name: 'StartON (14,90 KM)' });
    await userEvent.clear(gift().getByLabelText('Broj mjeseci'));
    await userEvent.type(gift().getByLabelText('Broj mjeseci'), '2');
    await userEvent.type(gift().getByLabelText('E-mail ili broj mobitela primaoca'), 'selma@example.ba');
    await userEvent.type(gift().getByLabelText('Tvoja poruka (nije obavezna)'), 'Sretan rođendan!');
    expect(gift().getByText('Ukupno: 29,80 KM')).toBeInTheDocument();
    await userEvent.click(gift().getByRole('button', { name: 'Plati poklon' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Sigurnosni kod kartice' }));
    await userEvent.type(await dialog.findByLabelText('Sigurnosni kod (CVC)'), '123');
    await userEvent.click(dialog.getByRole('button', { name: 'Plati 29,80 KM' }));

    expect(await screen.findByText('Plaćeno. Kod vaučera je poslan na selma@example.ba.')).toBeInTheDocument();
    const orders = server.callsTo('POST', '/customer/gifts');
    expect(orders).toHaveLength(1);
    expect(orders[0]!.body).toEqual({
      plan: 'starton',
      months: 2,
      to: 'selma@example.ba',
      message: 'Sretan rođendan!',
      amount: 29.8,
      creditCardId: card().code,
    });
    expect(orders[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(processor).toHaveLength(1);
  });

  it('names a wrong recipient before anything is ordered', async () => {
    answer();
    await renderAccount('/nalog');
    await userEvent.click(await screen.findByRole('button', { name: 'Kupi vaučer na poklon' }));
    await gift().findByRole('option', { name: 'MaxON (24,90 KM)' });
    await userEvent.type(gift().getByLabelText('E-mail ili broj mobitela primaoca'), 'selma');
    await userEvent.click(gift().getByRole('button', { name: 'Plati poklon' }));
    expect(
      await gift().findByText('Unesi ispravnu e-mail adresu ili broj mobitela (06…) primaoca.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/customer/gifts')).toHaveLength(0);
  });

  it('asks for a saved card first', async () => {
    answer([]);
    await renderAccount('/nalog');
    expect(await screen.findByText('Za kupovinu poklona treba ti sačuvana kartica.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Pokloni vaučer' })).not.toBeInTheDocument();
  });
});
