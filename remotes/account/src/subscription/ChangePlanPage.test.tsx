import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from '@portal/shared/testing';
import type { PlanChangeQuote } from '@portal/shared';
import { accountInfo, answerAccount, card, logIn, renderAccount } from '../testing';

const quote = (overrides: Partial<PlanChangeQuote> = {}): PlanChangeQuote => ({
  from: { code: 'starton', name: 'StartON', price: 14.9 },
  to: { code: 'maxon', name: 'MaxON', price: 24.9 },
  kind: 'UPGRADE',
  effectiveOn: '2026-11-23',
  amount: 8.33,
  periodStart: '2026-11-23',
  periodEnd: '2026-12-18',
  days: 25,
  periodDays: 30,
  promo: false,
  ...overrides,
});

let server: FakeApi;
beforeEach(() => {
  server = fakeApi();
  logIn();
  server.on('GET', '/customer/payment-data', { status: 200, data: { creditCards: [card()], mbons: [] } });
});

/** A downgrade from MaxON to StartON from 2026-12-18 (as `overrides` say: in a free promo), and its scheduling. */
function answerDowngrade(overrides: Partial<PlanChangeQuote> = {}) {
  server.on('GET', '/ontv/plan-change', {
    status: 200,
    data: quote({
      from: quote().to,
      to: quote().from,
      kind: 'DOWNGRADE',
      amount: 0,
      effectiveOn: '2026-12-18',
      ...overrides,
    }),
  });
  server.on('POST', '/ontv/plan-change', {
    status: 200,
    data: { result: 'SCHEDULED', effectiveOn: '2026-12-18', order: null },
  });
}

describe('/nalog/promijeni-paket', () => {
  it('shows an upgrade: the difference for the days left, the card, and the pay button', async () => {
    server.on('GET', '/ontv/plan-change', { status: 200, data: quote() });
    await renderAccount('/nalog/promijeni-paket?paket=maxon');
    expect(
      await screen.findByText(
        'Sa paketa StartON (14,90 KM mjesečno) prelaziš na paket MaxON (24,90 KM mjesečno). Cijene uključuju PDV.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/25 od 30 dana, od 23\.11\.2026\. do 18\.12\.2026\./)).toBeInTheDocument();
    expect(screen.getByText('8,33 KM')).toBeInTheDocument();
    expect(await screen.findByText(/Plaćanje karticom \*\*\*\* \*\*\*\* \*\*\*\* 4242/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Plati 8,33 KM i promijeni paket' })).toBeEnabled();
    expect(server.callsTo('GET', '/ontv/plan-change')[0]?.url).toBe('/ontv/plan-change');
  });

  it('schedules a downgrade with no payment and says from when', async () => {
    answerDowngrade();
    await renderAccount('/nalog/promijeni-paket?paket=starton');
    expect(
      await screen.findByText(
        'Paket StartON počinje sa sljedećom obnovom, 18.12.2026. Do tada gledaš paket MaxON. Sada ne plaćaš ništa.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Plaćanje karticom/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Potvrdi promjenu' }));
    expect(await screen.findByText('Promjena je zakazana: od 18.12.2026. tvoj paket je StartON.')).toBeInTheDocument();
    const [sent] = server.callsTo('POST', '/ontv/plan-change');
    expect(sent?.body).toEqual({ plan: 'starton', amount: 0 });
    expect(sent?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('during a promo, says the new package starts when the promo ends and costs nothing now', async () => {
    answerDowngrade({ promo: true });
    await renderAccount('/nalog/promijeni-paket?paket=starton');
    expect(
      await screen.findByText(
        'Tvoj besplatni promo period paketa MaxON traje do 18.12.2026. Paket StartON počinje tada, s prvim plaćenim periodom. Sada ne plaćaš ništa.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Potvrdi promjenu' }));
    expect(await screen.findByText('Promjena je zakazana: od 18.12.2026. tvoj paket je StartON.')).toBeInTheDocument();
  });

  it("shows the API's reason when the change may not be made, and a way back", async () => {
    server.on('GET', '/ontv/plan-change', {
      status: 409,
      data: { message: 'Deaktiviranu pretplatu prvo reaktiviraj, pa onda promijeni paket.', code: 'NOT_ACTIVE' },
    });
    await renderAccount('/nalog/promijeni-paket?paket=maxon');
    expect(
      await screen.findByText('Deaktiviranu pretplatu prvo reaktiviraj, pa onda promijeni paket.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nazad na moj nalog' })).toBeInTheDocument();
  });

  it('offers a retry when the server cannot be reached', async () => {
    server.on('GET', '/ontv/plan-change', { status: 503, data: {} });
    await renderAccount('/nalog/promijeni-paket?paket=maxon');
    expect(await screen.findByText('Promjena paketa trenutno nije moguća. Pokušaj ponovo.')).toBeInTheDocument();
    server.on('GET', '/ontv/plan-change', { status: 200, data: quote() });
    await userEvent.click(screen.getByRole('button', { name: 'Pokušaj ponovo' }));
    expect(await screen.findByText('8,33 KM')).toBeInTheDocument();
  });
});

describe("'Moj paket' with a downgrade waiting", () => {
  it('says from when the new package starts, and cancels the change', async () => {
    answerAccount(
      server,
      accountInfo({
        nextPaymentOn: '2026-12-18',
        pendingPlan: { code: 'starton', name: 'StartON', price: 14.9, from: '2026-12-18' },
      }),
      [card()],
    );
    server.on('DELETE', '/ontv/plan-change', { status: 200, data: {} });
    await renderAccount('/nalog');
    expect(await screen.findByText('Od 18.12.2026. paket StartON')).toBeInTheDocument();
    // Once cancelled, the API's account info has no change waiting; the page asks for it again.
    server.on('GET', '/ontv/accountInfo', { status: 200, data: accountInfo({ nextPaymentOn: '2026-12-18' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Otkaži promjenu' }));
    expect(await screen.findByRole('link', { name: 'Promijeni paket' })).toBeInTheDocument();
    expect(screen.queryByText('Od 18.12.2026. paket StartON')).toBeNull();
    expect(server.callsTo('DELETE', '/ontv/plan-change')).toHaveLength(1);
    expect(server.callsTo('GET', '/ontv/accountInfo')).toHaveLength(2);
  });
});
