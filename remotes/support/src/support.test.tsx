import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ReactNode } from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRemoteModuleLoader } from '@portal/shared';
import { resetQueries } from '@portal/shared/testing';
import { endSession, rememberSearch, sessionStore, startSession } from './api/session';
import { changeText } from './audit/AuditTable';
import { answering, leaveSupport, renderSupport, signInAs, staffMember, supportCustomer } from './testing';

const admin = staffMember();

/** The customer the cases open: an active subscriber of MaxON. */
const customer = supportCustomer();

describe('the support console', () => {
  beforeEach(() => endSession());
  afterEach(() => leaveSupport());

  it('sends the staff token, never a customer’s, and a 401 ends the session with why, back at the sign-in', async () => {
    signInAs();
    const { sent } = answering({
      'POST /staff/customers/search': { status: 401, data: { message: 'Sesija je istekla. Prijavi se ponovo.' } },
    });
    await renderSupport();
    await userEvent.type(screen.getByLabelText(/Telefon, e-mail, ime/), '061 000 002');
    await userEvent.click(screen.getByRole('button', { name: 'Traži' }));
    expect(await screen.findByRole('heading', { name: 'Prijava u konzolu podrške' })).toBeTruthy();
    expect(screen.getByText('Sesija je istekla. Prijavi se ponovo.')).toBeTruthy();
    expect(sent[0]?.headers.Authorization).toBe('Bearer staff-token');
    expect(sessionStore.getState().token).toBeNull();
    expect(sessionStorage.getItem('ontv.support.session')).toBeNull();
  });

  it('hides the admins’ actions and the trail from an agent', async () => {
    signInAs('agent');
    answering({
      'GET /staff/customers/7': { status: 200, data: customer },
      'GET /staff/customers/7/payments': { status: 200, data: [] },
      'GET /staff/customers/7/devices': { status: 200, data: [] },
      'GET /staff/customers/7/messages': { status: 200, data: [] },
      'GET /staff/customers/7/audit': { status: 200, data: { items: [], nextBefore: null } },
    });
    await renderSupport('/podrska/kupci/7');
    expect(await screen.findByRole('heading', { name: 'Emir Begić', level: 1 })).toBeTruthy();
    expect(screen.getByText('+38761000002')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pošalji kod ponovo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Blokiraj' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Produži period' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Zapisnik' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Usklađivanje' })).toBeNull();
  });
});

describe('a refund in the console', () => {
  beforeEach(() => endSession());
  afterEach(() => {
    leaveSupport();
    setRemoteModuleLoader(() => Promise.reject(new Error('no remotes in this test')));
  });

  it('asks what becomes of the period, and sends nothing until it is chosen', async () => {
    signInAs();
    const payment = {
      orderNumber: '2026-000042',
      updated: '2026-03-01T10:00:00Z',
      periodStart: '2026-03-01',
      periodEnd: '2026-04-01',
      creditCardNumber: '**** 4242',
      amount: 24.9,
      paymentData: { name: 'MaxON' },
    };
    // The account remote's payment list, as a hand-written stand-in: each payment with the console's actions.
    const PaymentHistoryView = ({
      payments,
      renderActions,
    }: {
      payments: (typeof payment)[];
      renderActions: (p: typeof payment) => ReactNode;
    }) => (
      <ul>
        {payments.map((p) => (
          <li key={p.orderNumber}>{renderActions(p)}</li>
        ))}
      </ul>
    );
    setRemoteModuleLoader(async () => ({ PaymentHistoryView }));
    const { sent } = answering({
      'GET /staff/customers/7': { status: 200, data: { ...customer, nextPaymentOn: '2026-04-01' } },
      'GET /staff/customers/7/payments': { status: 200, data: [payment] },
      'GET /staff/customers/7/devices': { status: 200, data: [] },
      'GET /staff/customers/7/messages': { status: 200, data: [] },
      'GET /staff/customers/7/audit': { status: 200, data: { items: [], nextBefore: null } },
      'POST /staff/customers/7/payments/2026-000042/refund': {
        status: 200,
        data: { creditNoteNumber: '2026-000042-P1', orderNumber: '2026-000042', amount: 24.9, status: 'SUCCEEDED' },
      },
    });
    const user = userEvent.setup();
    await renderSupport('/podrska/kupci/7');
    await user.click(await screen.findByRole('button', { name: 'Povrat uplate 2026-000042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Povrat uplate 2026-000042' });
    await user.type(within(dialog).getByLabelText('Iznos (KM)'), '24,90');
    await user.type(within(dialog).getByLabelText('Razlog'), 'Prekid usluge');
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    expect(
      await within(dialog).findByText(
        'Odaberi šta biva s pretplatom: prekida se odmah ili traje do kraja perioda bez obnove.',
      ),
    ).toBeTruthy();
    const refunds = () => sent.filter((config) => config.method === 'post');
    expect(refunds()).toHaveLength(0);

    const group = within(dialog).getByRole('group', { name: 'Pretplata nakon povrata' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent?.trim()),
    ).toEqual(['Prekini uslugu odmah (pretplata ističe danas)', 'Zadrži uslugu do kraja plaćenog perioda, bez obnove']);
    await user.click(within(group).getByLabelText('Prekini uslugu odmah (pretplata ističe danas)'));
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    expect(await screen.findByText('Povrat 24,90 KM je izvršen (knjižna obavijest 2026-000042-P1).')).toBeTruthy();
    expect(refunds().map((config) => JSON.parse(String(config.data)))).toEqual([
      { amount: '24,90', after: 'end-now', reason: 'Prekid usluge', key: expect.stringMatching(/^[0-9a-f]{32}$/) },
    ]);
  });
});

describe('a console left alone', () => {
  afterEach(() => {
    jest.useRealTimers();
    resetQueries();
    sessionStorage.clear();
  });

  it('ends the session after the server’s idle minutes without a call: the customer’s data leaves the screen', async () => {
    jest.useFakeTimers();
    signInAs();
    await renderSupport('/podrska');
    expect(screen.getByRole('heading', { name: 'Pretraga korisnika' })).toBeTruthy();
    await act(async () => {
      jest.advanceTimersByTime(14 * 60_000);
    });
    expect(screen.queryByRole('heading', { name: 'Prijava u konzolu podrške' })).toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(61_000 + 10_000);
    });
    expect(screen.getByRole('heading', { name: 'Prijava u konzolu podrške' })).toBeTruthy();
    expect(screen.getByText('Sesija je istekla. Prijavi se ponovo.')).toBeTruthy();
    expect(sessionStorage.getItem('ontv.support.session')).toBeNull();
  });

  it('forgets the last search with the session: the next member of staff does not see it, nor search it in their name', () => {
    signInAs();
    rememberSearch({ q: 'ić', page: 2 });
    endSession();
    startSession('other-token', { ...admin, id: 2 }, 15);
    expect(sessionStore.getState().search).toEqual({ q: '', page: 1 });
  });
});

describe('an audit entry’s change', () => {
  it('names each field that changed, before and after', () => {
    expect(changeText({ status: 'ACTIVE', blocked: false }, { status: 'BLOCKED', blocked: true })).toBe(
      'status: "ACTIVE" → "BLOCKED"; blocked: false → true',
    );
    expect(changeText(null, null)).toBe('');
    expect(changeText(null, { refunded: 12.45 })).toBe('— → {"refunded":12.45}');
  });
});
