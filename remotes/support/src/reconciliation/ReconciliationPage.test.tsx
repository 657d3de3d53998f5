import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { formatDateTime } from '@portal/shared';
import type { ReconciliationAnswer } from '@portal/shared/contract/support';
import { endSession } from '../api/session';
import { answering, leaveSupport, openFromNavigation, renderSupport, signInAs } from '../testing';

type Run = NonNullable<ReconciliationAnswer>;

const run = (differences: Run['differences'] = []): Run => ({
  from: '2026-11-26T00:00:00.000Z',
  to: '2026-11-27T00:00:00.000Z',
  ranAt: '2026-11-27T02:15:00.000Z',
  processor: 'stripe',
  payments: 42,
  differences,
});

const differences: Run['differences'] = [
  {
    kind: 'NO_ORDER',
    paymentId: 'pi_charged_no_order',
    orderNumber: null,
    customerId: null,
    portal: null,
    processor: 24.9,
  },
  {
    kind: 'NOT_CHARGED',
    paymentId: 'pi_not_charged',
    orderNumber: '2026-000041',
    customerId: 7,
    portal: 14.9,
    processor: null,
  },
  {
    kind: 'AMOUNT',
    paymentId: 'pi_amount',
    orderNumber: '2026-000042',
    customerId: 8,
    portal: 1234.5,
    processor: 1200,
  },
  {
    kind: 'REFUNDED',
    paymentId: 'pi_refunded',
    orderNumber: '2026-000043',
    customerId: 9,
    portal: 0,
    processor: 12.45,
  },
];

const answer = (data: ReconciliationAnswer) => answering({ 'GET /staff/reconciliation': { status: 200, data } });

async function openReconciliation() {
  await openFromNavigation('admin', 'Usklađivanje');
  return screen.findByRole('heading', { name: 'Usklađivanje', level: 1 });
}

/** The table's rows below its header, each as its cells' texts. */
const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the reconciliation in the console', () => {
  beforeEach(() => endSession());
  afterEach(() => leaveSupport());

  it('shows an admin the last run and each difference in words, with its amounts in KM', async () => {
    answer(run(differences));
    await openReconciliation();
    const facts = within(await screen.findByRole('region', { name: 'Posljednje usklađivanje' }));
    expect(
      facts.getByText(`${formatDateTime('2026-11-26T00:00:00.000Z')} – ${formatDateTime('2026-11-27T00:00:00.000Z')}`),
    ).toBeTruthy();
    expect(facts.getByText(formatDateTime('2026-11-27T02:15:00.000Z'))).toBeTruthy();
    expect(facts.getByText('Stripe')).toBeTruthy();
    expect(facts.getByText('42')).toBeTruthy();
    expect(screen.queryByText('Knjige se slažu s procesorom plaćanja.')).toBeNull();

    expect(screen.getByRole('heading', { name: 'Razlike (4)', level: 2 })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Razlike' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Vrsta', 'Uplata', 'Narudžba', 'Korisnik', 'Portal', 'Procesor']);
    expect(rows(table)).toEqual([
      ['Naplata bez narudžbe', 'pi_charged_no_order', '—', '—', '—', '24,90 KM'],
      ['Naplata koju procesor nema', 'pi_not_charged', '2026-000041', '7', '14,90 KM', '—'],
      ['Iznos se razlikuje', 'pi_amount', '2026-000042', '8', '1.234,50 KM', '1.200,00 KM'],
      ['Povrat se razlikuje', 'pi_refunded', '2026-000043', '9', '0,00 KM', '12,45 KM'],
    ]);
    expect(within(table).getByRole('link', { name: '7' })).toHaveAttribute('href', '/podrska/kupci/7');
  });

  it('says the books agree when the run found no difference', async () => {
    answer(run());
    await openReconciliation();
    expect(await screen.findByText('Knjige se slažu s procesorom plaćanja.')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when the books were never compared', async () => {
    answer(null);
    await openReconciliation();
    expect(
      await screen.findByText(
        'Usklađivanje još nije pokrenuto. Pokreće se samo jednom dnevno, ili naredbom npm run reconcile.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Posljednje usklađivanje' })).toBeNull();
  });

  it('shows why when the run cannot be read', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    answering({ 'GET /staff/reconciliation': { status: 500, data: {} } });
    await openReconciliation();
    expect(await screen.findByText('Usklađivanje se ne može učitati.')).toBeTruthy();
  });

  it('is no page of an agent’s: no link in the navigation, and no read when its address is typed', async () => {
    const { sent } = answering({});
    signInAs('agent');
    await renderSupport('/podrska/uskladjivanje');
    const nav = within(screen.getByRole('navigation', { name: 'Konzola podrške' }));
    expect(nav.getByRole('link', { name: 'Vaučeri' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: 'Usklađivanje' })).toBeNull();
    expect(await screen.findByText('Za ovu stranicu nemaš ovlaštenje.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
