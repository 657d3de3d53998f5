import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, type AccountInfo } from '@portal/shared';
import { fakeApi, type FakeApi } from '@portal/shared/testing';
import { accountInfo, logIn, renderAccount } from '../testing';

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
  logIn();
});

/** The account, and no price rise to come (the account page asks when it shows an ACTIVE one). */
const withInfo = (info: AccountInfo) =>
  server
    .on('GET', '/ontv/accountInfo', { status: 200, data: info })
    .on('GET', '/ontv/priceNotice', { status: 200, data: { notice: null } });

describe('/nalog/deaktiviraj-ontv', () => {
  it('confirms, says the service stays until the period ends, and shows the success page', async () => {
    withInfo(accountInfo()).on('POST', '/ontv/deactivate', {
      status: 200,
      data: { status: 'DEACTIVATED', nextPaymentOn: '2099-01-15' },
    });
    const router = await renderAccount('/nalog/deaktiviraj-ontv');
    expect(
      await screen.findByText(/Uslugu možeš koristiti do kraja obračunskog perioda \(15\.1\.2099\.\)/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deaktiviraj' }));
    expect(
      await screen.findByText('Pretplata je deaktivirana. Usluga ostaje aktivna do 15.1.2099..'),
    ).toBeInTheDocument();
    expect(router.location.pathname).toBe('/nalog/deaktiviraj-ontv/uspjesno');
  });

  it.each(['DEACTIVATED', 'BLOCKED', 'EXPIRED', null] as const)(
    'sends a %s subscription back to /nalog',
    async (status) => {
      withInfo(accountInfo({ status })).on('GET', '/customer/payment-data', {
        status: 200,
        data: { creditCards: [], mbons: [] },
      });
      const router = await renderAccount('/nalog/deaktiviraj-ontv');
      await screen.findByRole('heading', { name: 'Moj nalog' });
      expect(router.location.pathname).toBe('/nalog');
      expect(server.callsTo('POST', '/ontv/deactivate')).toHaveLength(0);
    },
  );

  it("shows the server's message when the change is refused, and stays", async () => {
    withInfo(accountInfo()).on('POST', '/ontv/deactivate', {
      status: 409,
      data: { message: 'Deaktivirati je moguće samo aktivnu pretplatu.' },
    });
    await renderAccount('/nalog/deaktiviraj-ontv');
    await userEvent.click(await screen.findByRole('button', { name: 'Deaktiviraj' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deaktivirati je moguće samo aktivnu pretplatu.');
  });
});

describe('/nalog/reaktiviraj-ontv-bez-placanja', () => {
  it('reactivates a DEACTIVATED subscription whose period still runs', async () => {
    withInfo(accountInfo({ status: 'DEACTIVATED' })).on('POST', '/ontv/reactivateWithoutPayment', {
      status: 200,
      data: { status: 'ACTIVE', nextPaymentOn: '2099-01-15' },
    });
    const router = await renderAccount('/nalog/reaktiviraj-ontv-bez-placanja');
    expect(
      await screen.findByText(/traje do 15\.1\.2099\., pa reaktivacija ne zahtijeva plaćanje/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reaktiviraj' }));
    expect(await screen.findByRole('heading', { name: 'Pretplata je ponovo aktivna' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/nalog/reaktiviraj-ontv/uspjesno');
  });

  it.each([
    ['DEACTIVATED with a past date', accountInfo({ status: 'DEACTIVATED', nextPaymentOn: '2020-01-01' })],
    ['ACTIVE', accountInfo()],
    ['EXPIRED', accountInfo({ status: 'EXPIRED' })],
  ])('sends %s back to /nalog', async (_case, info) => {
    withInfo(info).on('GET', '/customer/payment-data', { status: 200, data: { creditCards: [], mbons: [] } });
    const router = await renderAccount('/nalog/reaktiviraj-ontv-bez-placanja');
    await screen.findByRole('heading', { name: 'Moj nalog' });
    expect(router.location.pathname).toBe('/nalog');
  });
});

describe('account routes for anonymous visitors', () => {
  it.each([
    '/nalog/promijeni-pin',
    '/nalog/promijeni-lozinku',
    '/nalog/deaktiviraj-ontv',
    '/nalog/reaktiviraj-ontv-bez-placanja',
    '/nalog/promijeni-pin/uspjesno',
  ])('%s shows nothing during the auth check, then the login form at /nalog', async (path) => {
    authStore.setState({ initialized: false, authorized: false, tokenData: null });
    const router = await renderAccount(path);
    expect(document.querySelector('main, h1, form')).toBeNull();
    expect(router.location.pathname).toBe(path);
    act(() => authStore.setState({ initialized: true }));
    expect(await screen.findByLabelText('E-mail ili broj telefona')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/nalog');
  });
});
