import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PricesOverview } from '@portal/shared/contract/support';
import { endSession } from '../api/session';
import { answering, leaveSupport, openFromNavigation } from '../testing';

const entry = (price: number, appliesFrom: string, reason: string) => ({
  id: Math.round(price * 100),
  price,
  appliesFrom,
  staffName: 'Lejla Podrška',
  reason,
  createdAt: `${appliesFrom}T09:00:00Z`,
});

const overview = (maxon = 24.9): PricesOverview => ({
  today: '2026-11-27',
  noticeDays: 30,
  packages: [
    { code: 'starton', name: 'StartON', price: 14.9, scheduled: [], history: [], promos: [] },
    {
      code: 'maxon',
      name: 'MaxON',
      price: maxon,
      scheduled: [entry(26.9, '2027-01-01', 'Nova godina')],
      history: [entry(24.9, '2026-01-01', 'Početna cijena')],
      promos: [
        {
          id: 3,
          status: 'ACTIVE',
          running: true,
          durationUntil: '2026-12-31',
          durationDays: null,
          startedAt: '2026-11-01T09:00:00Z',
          startedBy: 'Lejla Podrška',
          endedAt: null,
          endedBy: null,
          reason: 'Jesenja kampanja',
        },
      ],
    },
  ],
});

async function openPrices(role: 'agent' | 'admin') {
  await openFromNavigation(role, 'Paketi i cijene');
  return screen.findByRole('heading', { name: 'MaxON', level: 2 });
}

const maxon = () => within(screen.getByRole('heading', { name: 'MaxON', level: 2 }).closest('section')!);

describe('prices and promos in the console', () => {
  beforeEach(() => endSession());
  afterEach(() => leaveSupport());

  it('lets an admin change a price from a day on, with a reason, and shows the new price', async () => {
    const { posts } = answering({
      'GET /staff/prices': { status: 200, data: overview() },
      'POST /staff/prices/maxon': { status: 200, data: overview(29.9) },
    });
    const user = userEvent.setup();
    await openPrices('admin');
    expect(maxon().getByText('24,90 KM mjesečno, PDV uključen')).toBeTruthy();
    expect(
      within(maxon().getByRole('table', { name: 'Zakazane promjene: MaxON' })).getByText('1.1.2027.'),
    ).toBeTruthy();
    expect(within(maxon().getByRole('table', { name: 'Promocije: MaxON' })).getByText('do 31.12.2026.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Promijeni cijenu paketa MaxON' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nova cijena paketa MaxON' }));
    expect(dialog.getByLabelText('Važi od (GGGG-MM-DD)')).toHaveValue('2026-11-27');
    await user.type(dialog.getByLabelText('Nova cijena (KM)'), '29,90');
    await user.click(dialog.getByRole('button', { name: 'Potvrdi' }));
    expect(posts()).toHaveLength(0);

    await user.type(dialog.getByLabelText('Razlog'), 'Nova cjenovna politika');
    await user.click(dialog.getByRole('button', { name: 'Potvrdi' }));
    expect(await screen.findByText('Cijena paketa MaxON od 27.11.2026. je 29,90 KM.')).toBeTruthy();
    expect(maxon().getByText('29,90 KM mjesečno, PDV uključen')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts().map((config) => JSON.parse(String(config.data)))).toEqual([
      { price: '29,90', appliesFrom: '2026-11-27', reason: 'Nova cjenovna politika' },
    ]);
  });

  it('shows an agent the prices, changes and promos, with no way to change them', async () => {
    answering({ 'GET /staff/prices': { status: 200, data: overview() } });
    await openPrices('agent');
    expect(maxon().getByText('24,90 KM mjesečno, PDV uključen')).toBeTruthy();
    expect(
      within(maxon().getByRole('table', { name: 'Historija cijena: MaxON' })).getByText('Početna cijena'),
    ).toBeTruthy();
    expect(screen.getByText('Cijene i promocije mijenja administrator.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Promijeni cijenu/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Pokreni promociju/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Završi promociju/ })).toBeNull();
  });

  it('shows the API’s refusal in the dialog and keeps it open', async () => {
    const { posts } = answering({
      'GET /staff/prices': { status: 200, data: overview() },
      'POST /staff/prices/maxon': {
        status: 409,
        data: { message: 'Paket već ima tu cijenu od tog datuma.', code: 'CONFLICT' },
      },
    });
    const user = userEvent.setup();
    await openPrices('admin');
    await user.click(screen.getByRole('button', { name: 'Promijeni cijenu paketa MaxON' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nova cijena paketa MaxON' }));
    await user.type(dialog.getByLabelText('Nova cijena (KM)'), '24,90');
    await user.type(dialog.getByLabelText('Razlog'), 'Ispravka');
    await user.click(dialog.getByRole('button', { name: 'Potvrdi' }));
    expect(await dialog.findByText('Paket već ima tu cijenu od tog datuma.')).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(maxon().getByText('24,90 KM mjesečno, PDV uključen')).toBeTruthy();
  });

  it('starts a promo of a number of days, asking for the end day or the days, one of them', async () => {
    const { posts } = answering({
      'GET /staff/prices': { status: 200, data: overview() },
      'POST /staff/prices/starton/promos': { status: 200, data: overview() },
    });
    const user = userEvent.setup();
    await openPrices('admin');
    await user.click(screen.getByRole('button', { name: 'Pokreni promociju paketa StartON' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Promocija paketa StartON' }));
    await user.type(dialog.getByLabelText('Razlog'), 'Zimska kampanja');
    await user.click(dialog.getByRole('button', { name: 'Potvrdi' }));
    expect(
      dialog.getByText('Promo traje do datuma ili određen broj dana (od 1 do 365): unesi jedno od to dvoje.'),
    ).toBeTruthy();
    expect(posts()).toHaveLength(0);
    await user.type(dialog.getByLabelText('Ili broj dana'), '14');
    await user.click(dialog.getByRole('button', { name: 'Potvrdi' }));
    expect(await screen.findByText('Promocija paketa StartON je pokrenuta.')).toBeTruthy();
    expect(posts().map((config) => JSON.parse(String(config.data)))).toEqual([{ days: 14, reason: 'Zimska kampanja' }]);
  });

  it('ends a running promo with a reason', async () => {
    const ended = overview();
    ended.packages[1]!.promos[0] = { ...ended.packages[1]!.promos[0]!, status: 'ENDED', running: false };
    const { posts } = answering({
      'GET /staff/prices': { status: 200, data: overview() },
      'POST /staff/promos/3/end': { status: 200, data: ended },
    });
    const user = userEvent.setup();
    await openPrices('admin');
    await user.click(screen.getByRole('button', { name: 'Završi promociju paketa MaxON' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Završiti promociju paketa MaxON?' }));
    await user.type(dialog.getByLabelText('Razlog'), 'Kraj kampanje');
    await user.click(dialog.getByRole('button', { name: 'Potvrdi' }));
    expect(await screen.findByText('Promocija paketa MaxON je završena.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Završi promociju paketa MaxON' })).toBeNull();
    expect(posts().map((config) => JSON.parse(String(config.data)))).toEqual([{ reason: 'Kraj kampanje' }]);
  });
});
