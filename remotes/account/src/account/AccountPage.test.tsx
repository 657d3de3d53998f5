import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountInfoQuery, getToken, queryClient } from '@portal/shared';
import { fakeApi, type FakeApi } from '@portal/shared/testing';
import { accountInfo, answerAccount, card, logIn, renderAccount } from '../testing';
import { BILLING_RULE } from './PaymentSection';

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
  logIn();
});

const section = (name: string) => within(screen.getByRole('heading', { name }).closest('section')!);

describe('account page: user data', () => {
  it('shows the name, username, customer number and the links to change password and PIN', async () => {
    answerAccount(server, accountInfo());
    await renderAccount('/nalog');
    expect(screen.getByRole('heading', { level: 1, name: 'Moj nalog' })).toBeInTheDocument();
    const user = section('Korisnički podaci');
    expect(user.getByText('Amra Hodžić')).toBeInTheDocument();
    expect(user.getByText('demo@ontv.ba')).toBeInTheDocument();
    expect(await user.findByText('1000001')).toBeInTheDocument();
    expect(user.getByRole('link', { name: 'Promijeni lozinku' })).toHaveAttribute('href', '/nalog/promijeni-lozinku');
    expect(user.getByRole('link', { name: 'Promijeni PIN' })).toHaveAttribute('href', '/nalog/promijeni-pin');
  });

  it('says so, with a retry, when the account info cannot be loaded', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server
      .on('GET', '/ontv/accountInfo', { status: 200, data: { status: 'UNKNOWN' } })
      .on('GET', '/customer/payment-data', { status: 200, data: { creditCards: [], mbons: [] } })
      .on('GET', '/customer/passkeys', { status: 200, data: [] });
    await renderAccount('/nalog');
    expect(
      await screen.findByText('Podaci o pretplati trenutno nisu dostupni. Pokušaj ponovo kasnije.'),
    ).toBeInTheDocument();
    server.on('GET', '/ontv/accountInfo', { status: 200, data: accountInfo() });
    await userEvent.click(screen.getByRole('button', { name: 'Pokušaj ponovo' }));
    expect(await screen.findByRole('heading', { name: 'Moj paket' })).toBeInTheDocument();
  });

  it('logs out and goes to the home page', async () => {
    answerAccount(server, accountInfo());
    server.on('POST', '/logout', { status: 204 });
    const router = await renderAccount('/nalog');
    await userEvent.click(screen.getByRole('button', { name: 'Odjavi se' }));
    expect(await screen.findByRole('heading', { name: 'Početna' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/');
    expect(getToken()).toBeNull();
  });
});

describe("account page: 'Moj paket' and actions in every status", () => {
  const cases = [
    {
      status: 'ACTIVE',
      label: 'AKTIVNA',
      expiry: true,
      renew: false,
      action: ['Deaktiviraj pretplatu', '/nalog/deaktiviraj-ontv'],
    },
    {
      status: 'DEACTIVATED',
      label: 'DEAKTIVIRANA',
      expiry: false,
      renew: false,
      action: ['Reaktiviraj pretplatu', '/nalog/reaktiviraj-ontv-bez-placanja'],
    },
    { status: 'BLOCKED', label: 'BLOKIRANA', expiry: false, renew: false, action: null },
    { status: 'EXPIRED', label: 'ISTEKLA', expiry: false, renew: true, action: null },
  ] as const;

  it.each(cases)(
    '$status: label $label, expiry, renew button and action',
    async ({ status, label, expiry, renew, action }) => {
      answerAccount(server, accountInfo({ status }));
      await renderAccount('/nalog');
      const plan = section('Moj paket');
      expect(await plan.findByText(label)).toBeInTheDocument();
      expect(plan.getByText('MaxON')).toBeInTheDocument();
      expect(plan.getByText('24,90 KM mjesečno (PDV uključen)')).toBeInTheDocument();
      expect(plan.queryByText('15.1.2099.') !== null).toBe(expiry);
      expect(plan.queryByRole('link', { name: 'Obnovi pretplatu' }) !== null).toBe(renew);
      if (renew) expect(plan.getByRole('link', { name: 'Obnovi pretplatu' })).toHaveAttribute('href', '/paketi');
      expect(screen.queryByRole('link', { name: 'Deaktiviraj pretplatu' }) !== null).toBe(
        action?.[0] === 'Deaktiviraj pretplatu',
      );
      expect(screen.queryByRole('link', { name: 'Reaktiviraj pretplatu' }) !== null).toBe(
        action?.[0] === 'Reaktiviraj pretplatu',
      );
      if (action) expect(screen.getByRole('link', { name: action[0] })).toHaveAttribute('href', action[1]);
      expect(screen.getByRole('button', { name: 'Odjavi se' })).toBeInTheDocument();
    },
  );

  it('ACTIVE with a failing renewal: the deadline, the next attempt and a way to change the card, instead of the next payment', async () => {
    answerAccount(
      server,
      accountInfo({ nextPaymentOn: '2099-01-15', renewalProblem: { retryOn: '2099-01-16', graceUntil: '2099-01-20' } }),
      [card()],
    );
    await renderAccount('/nalog');
    const plan = section('Moj paket');
    expect(await plan.findByText('AKTIVNA')).toBeInTheDocument();
    expect(plan.getByText('Rok za plaćanje')).toBeInTheDocument();
    expect(plan.getByText('20.1.2099.')).toBeInTheDocument();
    expect(plan.getByRole('alert')).toHaveTextContent(
      'Naplata pretplate nije uspjela. Sljedeći pokušaj naplate je 16.1.2099. Ako plaćanje ne uspije do 20.1.2099., usluga će biti isključena.',
    );
    expect(within(plan.getByRole('alert')).getByRole('link', { name: 'promijeni karticu' })).toHaveAttribute(
      'href',
      '/nalog/moje-kartice',
    );
    expect(screen.queryByText(/Sljedeće plaćanje/)).not.toBeInTheDocument();
  });

  it('ACTIVE with a rise to come: from when and at what price, beside the package', async () => {
    answerAccount(server, accountInfo({ nextPaymentOn: '2099-01-15' }), [card()], { from: '2099-02-15', price: 27.9 });
    await renderAccount('/nalog');
    const plan = section('Moj paket');
    expect(await plan.findByText('Od 15.2.2099. cijena tvog paketa je 27,90 KM')).toBeInTheDocument();
    expect(plan.getByText('24,90 KM mjesečno (PDV uključen)')).toBeInTheDocument();
  });

  it('says nothing of a price when no rise is to come', async () => {
    answerAccount(server, accountInfo(), [card()]);
    await renderAccount('/nalog');
    expect(await section('Moj paket').findByText('AKTIVNA')).toBeInTheDocument();
    expect(server.callsTo('GET', '/ontv/priceNotice')).toHaveLength(1);
    expect(screen.queryByText(/cijena tvog paketa/)).not.toBeInTheDocument();
  });

  it('DEACTIVATED whose paid period has ended: reactivation goes through payment', async () => {
    answerAccount(server, accountInfo({ status: 'DEACTIVATED', nextPaymentOn: '2020-01-01' }));
    await renderAccount('/nalog');
    expect(await screen.findByRole('link', { name: 'Reaktiviraj pretplatu' })).toHaveAttribute(
      'href',
      '/nalog/reaktiviraj-ontv',
    );
  });

  it('without a subscription: Nemaš aktiviran paket and a choose-package button', async () => {
    answerAccount(server, accountInfo({ status: null, plan: null, nextPaymentOn: null }));
    await renderAccount('/nalog');
    const plan = section('Moj paket');
    expect(await plan.findByText('Nemaš aktiviran paket')).toBeInTheDocument();
    expect(plan.getByRole('link', { name: 'Izaberi paket' })).toHaveAttribute('href', '/paketi');
    expect(screen.queryByRole('link', { name: /aktiviraj pretplatu/ })).not.toBeInTheDocument();
  });
});

describe('account page: payment', () => {
  it('shows the primary card, the next payment date, the billing rule and the links', async () => {
    answerAccount(server, accountInfo(), [
      card({ code: 'c2', primaryCard: false, cardNumber: '**** **** **** 0005', creditCardTypeCode: 'maestro' }),
      card(),
    ]);
    await renderAccount('/nalog');
    const payment = section('Plaćanje');
    expect(await payment.findByText('**** **** **** 4242')).toBeInTheDocument();
    expect(payment.getByRole('img', { name: 'Visa' })).toBeInTheDocument();
    expect(payment.queryByText('**** **** **** 0005')).not.toBeInTheDocument();
    expect(payment.getByText('15.1.2099.')).toBeInTheDocument();
    expect(payment.getByText(BILLING_RULE)).toBeInTheDocument();
    expect(payment.getByRole('link', { name: 'Moje kartice' })).toHaveAttribute('href', '/nalog/moje-kartice');
    expect(payment.getByRole('link', { name: 'Istorija uplata' })).toHaveAttribute('href', '/nalog/istorija-uplata');
  });

  it('without cards: Nemaš sačuvanih kartica and an add-card button', async () => {
    answerAccount(server, accountInfo(), []);
    await renderAccount('/nalog');
    const payment = section('Plaćanje');
    expect(await payment.findByText('Nemaš sačuvanih kartica')).toBeInTheDocument();
    expect(payment.getByRole('link', { name: 'Dodaj karticu' })).toHaveAttribute('href', '/nalog/moje-kartice');
  });
});

describe('account page: what it shows again', () => {
  it('shows what it showed at once and then what the account info says now (a change scheduled elsewhere)', async () => {
    queryClient.setQueryData(accountInfoQuery.queryKey, accountInfo());
    answerAccount(
      server,
      accountInfo({ pendingPlan: { code: 'starton', name: 'StartON', price: 14.9, from: '2099-01-15' } }),
    );
    await renderAccount('/nalog');
    const plan = section('Moj paket');
    expect(plan.getByText('MaxON')).toBeInTheDocument();
    expect(await plan.findByText(/paket StartON/)).toBeInTheDocument();
    expect(plan.getByRole('button', { name: 'Otkaži promjenu' })).toBeInTheDocument();
  });
});
