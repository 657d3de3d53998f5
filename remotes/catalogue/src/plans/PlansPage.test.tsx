import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, setToken } from '@portal/shared';
import { demoClaims, fakeApi, fakeToken, type FakeApi } from '@portal/shared/testing';
import { renderCatalogue } from '../testing';

const plans = [
  {
    code: 'starton',
    name: 'StartON',
    price: 14.9,
    promos: [{ status: 'ACTIVE', promoType: 'DURATION_BASED', durationUntil: null, durationDays: 14 }],
  },
  {
    code: 'maxon',
    name: 'MaxON',
    price: 24.9,
    promos: [{ status: 'ACTIVE', promoType: 'TIME_UNTIL_BASED', durationUntil: '2099-03-31', durationDays: null }],
  },
];

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
});

const card = (name: string) => screen.getByRole('article', { name });

async function logInWith(
  status: string | null,
  code = 'maxon',
  usedPromos: string[] = [],
  nextPaymentOn: string | null = null,
) {
  server.on('GET', '/ontv/accountInfo', {
    status: 200,
    data: {
      status,
      plan: status ? { code, name: code, price: 1 } : null,
      nextPaymentOn,
      accountNumber: '1000001',
      promos: [],
      usedPromos,
    },
  });
  setToken(fakeToken(demoClaims));
  authStore.getState().bootstrap();
}

describe('/paketi', () => {
  it('shows each package from the plan file with the price, promo ribbon and links of the plans call', async () => {
    authStore.getState().bootstrap();
    server.on('GET', '/ontv/plans', { status: 200, data: plans });
    await renderCatalogue('/paketi');
    expect(screen.getByRole('heading', { level: 1, name: 'Paketi' })).toBeInTheDocument();
    expect(await screen.findByText('14,90 KM')).toBeInTheDocument();
    // Asked for while the page's code loaded (prefetchPlans), and not asked again by the page.
    expect(server.callsTo('GET', '/ontv/plans')).toHaveLength(1);

    const start = within(card('StartON'));
    expect(start.getByText('Besplatan promo period 14 dana!')).toBeInTheDocument();
    expect(start.getByText('124 TV kanala')).toBeInTheDocument();
    expect(start.getByText('72 sata unazad')).toBeInTheDocument();
    expect(start.getByText('Gledaj na 2 uređaja istovremeno')).toBeInTheDocument();
    expect(start.getByText('mjesečno, PDV uključen')).toBeInTheDocument();
    expect(start.getByRole('link', { name: /Pogledaj listu kanala/ })).toHaveAttribute(
      'href',
      '/tv-kanali?paket=starton',
    );
    expect(start.getByRole('link', { name: 'PRETPLATI SE: StartON' })).toHaveAttribute(
      'href',
      '/pretplati-se?paket=starton',
    );

    const max = within(card('MaxON'));
    expect(max.getByText('Besplatan promo period do 31.3.2099.')).toBeInTheDocument();
    expect(max.getByText('24,90 KM')).toBeInTheDocument();
    expect(max.getByText('Gledaj na 4 uređaja istovremeno')).toBeInTheDocument();
    expect(max.getByRole('link', { name: 'PRETPLATI SE: MaxON' })).toHaveAttribute('href', '/pretplati-se?paket=maxon');

    expect(screen.getByText(/uključena je u mjesečnu pretplatu, promotivno do 31\.10\.2025\.$/)).toBeInTheDocument();
  });

  it('still shows the packages, with a notice and a retry, when the plans call fails', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    authStore.getState().bootstrap();
    server.on('GET', '/ontv/plans', { status: 503, data: { message: 'Servis nije dostupan' } });
    await renderCatalogue('/paketi');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cijene i promocije trenutno nisu dostupne.');
    expect(within(card('StartON')).getByText('Cijena trenutno nije dostupna')).toBeInTheDocument();
    expect(within(card('MaxON')).getByRole('link', { name: 'PRETPLATI SE: MaxON' })).toBeInTheDocument();

    server.on('GET', '/ontv/plans', { status: 200, data: plans });
    await userEvent.click(screen.getByRole('button', { name: 'Pokušaj ponovo' }));
    expect(await screen.findByText('24,90 KM')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats an answer that breaks the contract like a failed call', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    authStore.getState().bootstrap();
    server.on('GET', '/ontv/plans', { status: 200, data: [{ code: 'starton', price: 'besplatno' }] });
    await renderCatalogue('/paketi');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cijene i promocije trenutno nisu dostupne.');
  });

  it.each(['ACTIVE', 'DEACTIVATED', 'BLOCKED'])(
    'a customer with a %s MaxON subscription sees PAKET AKTIVIRAN and no buttons',
    async (status) => {
      server.on('GET', '/ontv/plans', { status: 200, data: plans });
      await logInWith(status);
      await renderCatalogue('/paketi');
      expect(await within(card('MaxON')).findByText('PAKET AKTIVIRAN')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /PRETPLATI SE/ })).not.toBeInTheDocument();
      expect(within(card('StartON')).queryByText('PAKET AKTIVIRAN')).not.toBeInTheDocument();
    },
  );

  it.each([['EXPIRED'], [null]])('a customer whose status is %s may subscribe to either package', async (status) => {
    server.on('GET', '/ontv/plans', { status: 200, data: plans });
    await logInWith(status);
    await renderCatalogue('/paketi');
    await waitFor(() => expect(screen.getAllByRole('link', { name: /PRETPLATI SE/ })).toHaveLength(2));
    expect(screen.queryByText('PAKET AKTIVIRAN')).not.toBeInTheDocument();
  });

  it('offers either package to a customer whose DEACTIVATED subscription has run out (they may buy again)', async () => {
    server.on('GET', '/ontv/plans', { status: 200, data: plans });
    await logInWith('DEACTIVATED', 'maxon', [], '2020-01-01');
    await renderCatalogue('/paketi');
    await waitFor(() => expect(screen.getAllByRole('link', { name: /PRETPLATI SE/ })).toHaveLength(2));
    expect(screen.queryByText('PAKET AKTIVIRAN')).not.toBeInTheDocument();
  });

  it('does not offer a promo the customer has used (once per customer and plan)', async () => {
    server.on('GET', '/ontv/plans', { status: 200, data: plans });
    await logInWith('EXPIRED', 'starton', ['starton']);
    await renderCatalogue('/paketi');
    expect(await within(card('MaxON')).findByText('Besplatan promo period do 31.3.2099.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card('StartON')).queryByText('Besplatan promo period 14 dana!')).not.toBeInTheDocument(),
    );
    expect(within(card('StartON')).getByText('14,90 KM')).toBeInTheDocument();
  });

  it('shows no button while the customer’s status is still unknown', async () => {
    let answer: (value: { status: number; data: unknown }) => void = () => undefined;
    server.on('GET', '/ontv/plans', { status: 200, data: plans });
    server.on('GET', '/ontv/accountInfo', () => new Promise((resolve) => (answer = resolve)));
    setToken(fakeToken(demoClaims));
    authStore.getState().bootstrap();
    await renderCatalogue('/paketi');
    expect(await screen.findByText('24,90 KM')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /PRETPLATI SE/ })).not.toBeInTheDocument();
    answer({
      status: 200,
      data: {
        status: 'ACTIVE',
        plan: { code: 'starton', name: 'StartON', price: 14.9 },
        nextPaymentOn: null,
        accountNumber: '1',
        promos: [],
      },
    });
    expect(await within(card('StartON')).findByText('PAKET AKTIVIRAN')).toBeInTheDocument();
  });
});
