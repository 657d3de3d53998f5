import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, setRemoteModuleLoader, type AccountInfo, type CreditCard, type PlansFile } from '@portal/shared';
import {
  configureSandboxPayments,
  fakeApi,
  fakeProcessor,
  renderRoutes,
  signInDemo,
  type FakeApi,
} from '@portal/shared/testing';
import { routes } from '../exposes/routes';

const PLANS_FILE: PlansFile = {
  list: ['starton', 'maxon'],
  plans: {
    starton: {
      name: 'StartON',
      numChannels: 124,
      additionalServices: [{ name: '72 sata unazad', type: 'catchup' }],
      multiscreenDescription: 'Gledaj na 2 uređaja',
      planSpotlight: false,
    },
    maxon: {
      name: 'MaxON',
      numChannels: 193,
      additionalServices: [],
      multiscreenDescription: 'Gledaj na 4 uređaja',
      planSpotlight: true,
    },
  },
  vodNote: { text: 'Videoteka uključena', promoUntil: '2099-10-31' },
};
const card: CreditCard = {
  code: 'c1',
  primaryCard: true,
  creditCardTypeCode: 'visa',
  cardNumber: '**** **** **** 4242',
  fullName: 'Amra Hodžić',
  address: null,
  city: null,
  zip: null,
  phone: null,
  country: 'BA',
  email: null,
  expirationDateMm: 12,
  expirationDateYy: 30,
};
const info = (status: AccountInfo['status']): AccountInfo => ({
  status,
  plan: null,
  nextPaymentOn: null,
  accountNumber: '1000001',
  promos: [],
});
const PAYMENT_INFO = {
  ontvPlan: { id: 'maxon', name: 'MaxON', price: 24.9 },
  periodStart: '2099-11-21',
  periodEnd: '2099-12-20',
};
const PROMO = { status: 'ACTIVE', promoType: 'DURATION_BASED' as const, durationUntil: null, durationDays: 14 };

let server: FakeApi;
beforeEach(() => {
  configureSandboxPayments();
  setRemoteModuleLoader(async () => ({
    plansInfo: PLANS_FILE,
    apps: [],
    loadLegalText: async (file: string) => `<p>Tekst ${file}</p>`,
  }));
  server = fakeApi();
});

/** A logged-in customer with the given subscription status and saved cards, at `path`. */
function open(path: string, { status = 'EXPIRED' as AccountInfo['status'], cards = [card], promo = false } = {}) {
  signInDemo();
  server
    .on('GET', '/ontv/accountInfo', { status: 200, data: info(status) })
    .on('GET', '/ontv/plans', {
      status: 200,
      data: [
        { code: 'starton', name: 'StartON', price: 14.9, promos: promo ? [PROMO] : [] },
        { code: 'maxon', name: 'MaxON', price: 24.9, promos: [] },
      ],
    })
    .on('GET', '/customer/payment-data', { status: 200, data: { creditCards: cards, mbons: [] } });
  return renderRoutes(routes, path, { others: { '/nalog': 'Prijava', '/paketi': 'Paketi' } });
}

const acceptBoth = async () => {
  for (const box of screen.getAllByRole('checkbox')) await userEvent.click(box);
};

/** A customer with a promo plan at `path` who accepts both conditions and subscribes with the primary card. */
async function subscribeInPromoAt(path: string) {
  const router = await open(path, { promo: true });
  await screen.findByText(/Plaćanje karticom/);
  await acceptBoth();
  await userEvent.click(screen.getByRole('button', { name: 'Pretplati se' }));
  return router;
}

describe('/pretplati-se', () => {
  it('sends a visitor who is not logged in to /nalog', async () => {
    authStore.getState().bootstrap();
    const router = await renderRoutes(routes, '/pretplati-se?paket=maxon', { others: { '/nalog': 'Prijava' } });
    expect(await screen.findByRole('heading', { name: 'Prijava' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/nalog');
  });

  it('sends an unknown plan to /paketi', async () => {
    const router = await open('/pretplati-se?paket=gold');
    expect(await screen.findByRole('heading', { name: 'Paketi' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/paketi');
  });

  it.each(['ACTIVE', 'DEACTIVATED', 'BLOCKED'] as const)(
    'sends a customer whose subscription is %s to /paketi',
    async (status) => {
      const router = await open('/pretplati-se?paket=maxon', { status });
      expect(await screen.findByRole('heading', { name: 'Paketi' })).toBeInTheDocument();
      expect(router.location.pathname).toBe('/paketi');
    },
  );

  it('shows the plan, enables the button only with both terms accepted and a card, then goes to the confirm page', async () => {
    server.on('GET', '/ontv-payments/new-account/payment-info/maxon', { status: 200, data: PAYMENT_INFO });
    const router = await open('/pretplati-se?paket=maxon');
    expect(await screen.findByRole('heading', { name: 'MaxON' })).toBeInTheDocument();
    expect(screen.getByText('24,90 KM mjesečno, PDV uključen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '193 TV kanala' })).toHaveAttribute('href', '/tv-kanali?paket=maxon');
    expect(await screen.findByText(/Plaćanje karticom \*\*\*\* \*\*\*\* \*\*\*\* 4242/)).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Nastavi' });
    const useTerms = screen.getByRole('checkbox', { name: 'Prihvatam uslove korištenja' });
    const terms = screen.getByRole('checkbox', { name: 'Prihvatam uslove plaćanja i politiku privatnosti' });
    expect(submit).toBeDisabled();
    await userEvent.click(useTerms);
    expect(submit).toBeDisabled();
    await userEvent.click(terms);
    expect(submit).toBeEnabled();
    await userEvent.click(useTerms);
    expect(submit).toBeDisabled();
    await userEvent.click(useTerms);
    await userEvent.click(submit);
    expect(router.location.pathname + router.location.search).toBe('/potvrdi-pretplatu?plan=maxon');
    expect(await screen.findByRole('heading', { name: 'Potvrda pretplate' })).toBeInTheDocument();
  });

  it('opens both terms texts in modals', async () => {
    await open('/pretplati-se?paket=maxon');
    await userEvent.click(await screen.findByRole('button', { name: 'uslove korištenja' }));
    const useTerms = screen.getByRole('dialog', { name: 'Uslovi korištenja' });
    expect(await within(useTerms).findByText('Tekst use-terms.html')).toBeInTheDocument();
    await userEvent.click(within(useTerms).getByRole('button', { name: 'Zatvori' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'uslove plaćanja i politiku privatnosti' }));
    const terms = screen.getByRole('dialog', { name: 'Uslovi plaćanja i politika privatnosti' });
    expect(await within(terms).findByText('Tekst terms.html')).toBeInTheDocument();
  });

  it('keeps the button off without a saved card and offers to add one', async () => {
    await open('/pretplati-se?paket=maxon', { cards: [] });
    expect(await screen.findByText('Nemaš sačuvanih kartica')).toBeInTheDocument();
    await acceptBoth();
    expect(screen.getByRole('button', { name: 'Nastavi' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Unesi karticu' }));
    expect(screen.getByRole('dialog', { name: 'Dodaj karticu' })).toBeInTheDocument();
  });

  it('subscribes a promo plan at once with the primary card and shows the success page', async () => {
    server.on('POST', '/ontv/createSubscriptionInPromoPeriod', {
      status: 200,
      data: { status: 'ACTIVE', nextPaymentOn: '2099-12-05' },
    });
    const router = await open('/pretplati-se?paket=starton', { promo: true });
    expect(await screen.findByText('Besplatan promo period 14 dana!')).toBeInTheDocument();
    await screen.findByText(/Plaćanje karticom/);
    await acceptBoth();
    await userEvent.click(screen.getByRole('button', { name: 'Pretplati se' }));
    expect(await screen.findByRole('heading', { name: 'Pretplata je aktivirana' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/pretplata-uspjesna');
    expect(server.callsTo('POST', '/ontv/createSubscriptionInPromoPeriod').map((c) => c.body)).toEqual([
      { plan: 'starton' },
    ]);
  });

  it('goes straight to the success page though the account is now subscribed (no detour through its own guard)', async () => {
    server.on('POST', '/ontv/createSubscriptionInPromoPeriod', {
      status: 200,
      data: { status: 'ACTIVE', nextPaymentOn: '2099-12-05' },
    });
    const router = await open('/pretplati-se?paket=starton', { promo: true });
    await screen.findByText(/Plaćanje karticom/);
    await acceptBoth();
    // From now on the API says what is true after the subscription: ACTIVE, which this page's guard refuses.
    server.on('GET', '/ontv/accountInfo', { status: 200, data: info('ACTIVE') });
    await userEvent.click(screen.getByRole('button', { name: 'Pretplati se' }));
    expect(await screen.findByRole('heading', { name: 'Pretplata je aktivirana' })).toBeInTheDocument();
    expect(router.visited).toEqual(['/pretplata-uspjesna']);
  });

  it("sends the widget's ref with the promo subscription, and forgets it once subscribed", async () => {
    server.on('POST', '/ontv/createSubscriptionInPromoPeriod', {
      status: 200,
      data: { status: 'ACTIVE', nextPaymentOn: '2099-12-05' },
    });
    const router = await subscribeInPromoAt('/pretplati-se?paket=starton&ref=naslovna-baner');
    expect(await screen.findByRole('heading', { name: 'Pretplata je aktivirana' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/pretplata-uspjesna');
    expect(server.callsTo('POST', '/ontv/createSubscriptionInPromoPeriod').map((c) => c.body)).toEqual([
      { plan: 'starton', ref: 'naslovna-baner' },
    ]);
    expect(sessionStorage.getItem('ontv.sale_ref')).toBeNull();
  });

  it('ends on /pretplata-greska when the promo subscription is refused', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.on('POST', '/ontv/createSubscriptionInPromoPeriod', {
      status: 409,
      data: { message: 'Promo period je već iskorišten.' },
    });
    const router = await subscribeInPromoAt('/pretplati-se?paket=starton');
    expect(await screen.findByRole('heading', { name: 'Pretplata nije uspjela' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/pretplata-greska');
  });

  it('says why when the card has had the free period and offers the package at its price', async () => {
    server
      .on('POST', '/ontv/createSubscriptionInPromoPeriod', {
        status: 409,
        data: {
          code: 'CARD_PROMO_USED',
          message:
            'Ova kartica je već iskoristila besplatni period za ovaj paket. Paket možeš kupiti po redovnoj cijeni.',
        },
      })
      .on('GET', '/ontv-payments/new-account/payment-info/starton', {
        status: 200,
        data: { ...PAYMENT_INFO, ontvPlan: { id: 'starton', name: 'StartON', price: 14.9 } },
      });
    const router = await subscribeInPromoAt('/pretplati-se?paket=starton');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ova kartica je već iskoristila besplatni period za ovaj paket. Paket StartON možeš kupiti po redovnoj cijeni od 14,90 KM mjesečno: klikni Nastavi.',
    );
    expect(router.location.pathname).toBe('/pretplati-se');
    expect(screen.queryByText('Besplatan promo period 14 dana!')).not.toBeInTheDocument();
    expect(screen.getByText('14,90 KM mjesečno, PDV uključen')).toBeInTheDocument();
    const paid = screen.getByRole('button', { name: 'Nastavi' });
    expect(paid).toBeEnabled();
    await userEvent.click(paid);
    expect(router.location.pathname + router.location.search).toBe('/potvrdi-pretplatu?plan=starton');
    expect(await screen.findByRole('heading', { name: 'Potvrda pretplate' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/ontv/createSubscriptionInPromoPeriod')).toHaveLength(1);
  });
});

describe('/potvrdi-pretplatu', () => {
  const withOrder = () =>
    server
      .on('GET', '/ontv-payments/new-account/payment-info/maxon', { status: 200, data: PAYMENT_INFO })
      .on('POST', '/ontv-payments/new-account/order', {
        status: 200,
        data: {
          orderNumber: '2099-000001',
          paymentSecret: 'pi_3_secret_z',
          panToken: 'pm_1',
          card,
          orderInfo: { orderInfo: 'MaxON', amount: 24.9 },
        },
      });

  it('sends a plan the API does not know to /paketi', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.on('GET', '/ontv-payments/new-account/payment-info/starton', {
      status: 404,
      data: { message: 'Nepoznat paket.' },
    });
    const router = await open('/potvrdi-pretplatu?plan=starton');
    expect(await screen.findByRole('heading', { name: 'Paketi' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/paketi');
  });

  it('sends an ACTIVE subscription to /paketi without asking for the payment info', async () => {
    const router = await open('/potvrdi-pretplatu?plan=maxon', { status: 'ACTIVE' });
    await screen.findByRole('heading', { name: 'Paketi' });
    expect(router.location.pathname).toBe('/paketi');
    expect(server.callsTo('GET', '/ontv-payments/new-account/payment-info/maxon')).toHaveLength(0);
  });

  it('shows plan, period, price and card; pays only after consent; the security code pays and ends on the success page', async () => {
    withOrder();
    fakeProcessor([{ status: 'succeeded' }]);
    const router = await open('/potvrdi-pretplatu?plan=maxon');
    expect(await screen.findByText('MaxON')).toBeInTheDocument();
    expect(screen.getByText('21.11.2099. – 20.12.2099.')).toBeInTheDocument();
    expect(screen.getByText('24,90 KM mjesečno, PDV uključen')).toBeInTheDocument();
    expect(await screen.findByText('**** **** **** 4242')).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'Plati i potvrdi pretplatu' });
    expect(pay).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox'));
    expect(pay).toBeEnabled();
    await userEvent.click(pay);
    const dialog = within(await screen.findByRole('dialog', { name: 'Sigurnosni kod kartice' }));
    await userEvent.type(await dialog.findByLabelText('Sigurnosni kod (CVC)'), '123');
    await userEvent.click(dialog.getByRole('button', { name: 'Plati 24,90 KM' }));
    expect(await screen.findByRole('heading', { name: 'Pretplata je aktivirana' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/pretplata-uspjesna');
  });

  it('ends on /pretplata-greska when the card is declined', async () => {
    withOrder();
    fakeProcessor([{ status: 'failed', code: 'card_declined' }]);
    const router = await open('/potvrdi-pretplatu?plan=maxon');
    await screen.findByText('**** **** **** 4242');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Plati i potvrdi pretplatu' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sigurnosni kod kartice' }));
    await userEvent.type(await dialog.findByLabelText('Sigurnosni kod (CVC)'), '123');
    await userEvent.click(dialog.getByRole('button', { name: 'Plati 24,90 KM' }));
    expect(await screen.findByRole('heading', { name: 'Pretplata nije uspjela' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/pretplata-greska');
  });

  it('stays when the price changed meanwhile: says so in the API’s words, shows the new price and pays it', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    withOrder();
    fakeProcessor([{ status: 'succeeded' }]);
    const newPrice = { ...PAYMENT_INFO, ontvPlan: { ...PAYMENT_INFO.ontvPlan, price: 29.9 } };
    let refuse = true;
    server.on('POST', '/ontv-payments/new-account/order', (request) => {
      const amount = (request.body as { amount: number }).amount;
      if (refuse) {
        refuse = false;
        server.on('GET', '/ontv-payments/new-account/payment-info/maxon', { status: 200, data: newPrice });
        return {
          status: 409,
          data: { message: 'Cijena paketa se promijenila. Osvježi stranicu i pokušaj ponovo.', code: 'PRICE_CHANGED' },
        };
      }
      return {
        status: 200,
        data: {
          orderNumber: '2099-000002',
          paymentSecret: 'pi_4_secret_z',
          panToken: 'pm_1',
          card,
          orderInfo: { orderInfo: 'MaxON', amount },
        },
      };
    });
    const router = await open('/potvrdi-pretplatu?plan=maxon');
    await screen.findByText('**** **** **** 4242');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Plati i potvrdi pretplatu' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Sigurnosni kod kartice' }));
    await userEvent.type(await dialog.findByLabelText('Sigurnosni kod (CVC)'), '123');
    await userEvent.click(dialog.getByRole('button', { name: 'Plati 24,90 KM' }));

    expect(
      await screen.findByText('Cijena paketa se promijenila. Osvježi stranicu i pokušaj ponovo.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('29,90 KM mjesečno, PDV uključen')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Sigurnosni kod kartice' })).toBeNull();
    expect(router.location.pathname).toBe('/potvrdi-pretplatu');

    await userEvent.click(screen.getByRole('button', { name: 'Plati i potvrdi pretplatu' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Sigurnosni kod kartice' }));
    await userEvent.type(await dialog.findByLabelText('Sigurnosni kod (CVC)'), '123');
    await userEvent.click(dialog.getByRole('button', { name: 'Plati 29,90 KM' }));
    expect(await screen.findByRole('heading', { name: 'Pretplata je aktivirana' })).toBeInTheDocument();
    const orders = server.callsTo('POST', '/ontv-payments/new-account/order');
    expect(orders.map((order) => (order.body as { amount: number }).amount)).toEqual([24.9, 29.9]);
  });

  it('keeps paying off without a card, whatever the consent', async () => {
    withOrder();
    await open('/potvrdi-pretplatu?plan=maxon', { cards: [] });
    await screen.findByRole('button', { name: 'Unesi karticu' });
    await userEvent.click(screen.getByRole('checkbox'));
    expect(screen.getByRole('button', { name: 'Plati i potvrdi pretplatu' })).toBeDisabled();
  });
});
