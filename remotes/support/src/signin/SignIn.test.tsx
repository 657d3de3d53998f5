import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { Router, memoryHistory } from '@portal/shared';
import { TestProviders, resetQueries } from '@portal/shared/testing';
import { SupportConsole } from '../exposes/console';
import { endSession, startSession } from '../api/session';
import { setStaffAdapter } from '../api/staffClient';

/** Answers the console's calls by `METHOD path`; anything else fails the test. */
function answering(routes: Record<string, unknown>): { adapter: AxiosAdapter; sent: InternalAxiosRequestConfig[] } {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    const key = `${config.method?.toUpperCase()} ${config.url}`;
    if (!(key in routes)) throw new Error(`Unexpected call ${key}`);
    return { data: routes[key], status: 200, statusText: '', headers: {}, config };
  };
  return { adapter, sent };
}

const renderConsole = async (path: string) => {
  await act(async () => {
    render(
      <TestProviders>
        <Router history={memoryHistory(path)}>
          <SupportConsole apiBaseUrl="/api" />
        </Router>
      </TestProviders>,
    );
  });
};

const admin = { id: 1, name: 'Lejla Podrška', email: 'lejla@ontv.ba', role: 'admin' as const };

describe('signing in to the console', () => {
  beforeEach(() => endSession());
  afterEach(() => {
    setStaffAdapter(null);
    resetQueries();
    sessionStorage.clear();
    localStorage.clear();
  });

  const signIn = async () => {
    await userEvent.type(screen.getByLabelText('E-mail'), 'lejla@ontv.ba');
    await userEvent.type(screen.getByLabelText('Lozinka'), 'Podrska-Lozinka-2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Prijavi se' }));
    await userEvent.type(await screen.findByLabelText('Kod'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Potvrdi' }));
    await screen.findByRole('heading', { name: 'Pretraga korisnika' });
  };

  it('sends this browser’s id with the password, the same one every time, so the API knows the member’s browser', async () => {
    const { adapter, sent } = answering({
      'POST /staff/login': { challenge: 'challenge-token', next: 'totp' },
      'POST /staff/totp': { token: 'staff-token', staff: admin, idleMinutes: 15 },
    });
    setStaffAdapter(adapter);
    await renderConsole('/podrska');
    await signIn();
    await act(async () => endSession());
    await signIn();

    const logins = sent.filter((call) => call.url === '/staff/login').map((call) => JSON.parse(call.data as string));
    expect(logins).toHaveLength(2);
    expect(logins[0]).toEqual({
      email: 'lejla@ontv.ba',
      password: 'Podrska-Lozinka-2026!',
      browser: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(logins[1].browser).toBe(logins[0].browser);
    expect(localStorage.getItem('ontv.support.browser')).toBe(logins[0].browser);
  });

  it('shows an admin the failed sign-ins, wrong codes, locks and sign-outs in the trail, in Bosnian', async () => {
    startSession('staff-token', admin, 15);
    const entry = (id: number, action: string, staffId: number | null, staffName: string, after: unknown = null) => ({
      id,
      at: '2026-03-01T10:00:00.000Z',
      staffId,
      staffName,
      action,
      customerId: null,
      reason: null,
      before: null,
      after,
    });
    const { adapter } = answering({
      'GET /staff/audit': {
        items: [
          entry(5, 'staff.signout', 1, 'Lejla Podrška'),
          entry(4, 'staff.locked', 1, 'Lejla Podrška', { failures: 11 }),
          entry(3, 'staff.totp.failed', 1, 'Lejla Podrška'),
          entry(2, 'staff.signin.failed', 1, 'Lejla Podrška', { reason: 'wrong-password' }),
          entry(1, 'staff.signin.failed', null, 'nepostoji@ontv.ba', { reason: 'unknown-user' }),
        ],
        nextBefore: null,
      },
    });
    setStaffAdapter(adapter);
    await renderConsole('/podrska/zapisnik');
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1, 3)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Lejla Podrška', 'Odjava osoblja'],
      ['Lejla Podrška', 'Prijava zaključana za nepoznate uređaje'],
      ['Lejla Podrška', 'Pogrešan kod iz aplikacije'],
      ['Lejla Podrška', 'Neuspjela prijava osoblja'],
      ['nepostoji@ontv.ba', 'Neuspjela prijava osoblja'],
    ]);
  });
});
