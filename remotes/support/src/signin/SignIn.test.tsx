import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endSession } from '../api/session';
import { answering, leaveSupport, renderSupport, signInAs, staffMember } from '../testing';

describe('signing in to the console', () => {
  beforeEach(() => endSession());
  afterEach(() => {
    leaveSupport();
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
    const { sent } = answering({
      'POST /staff/login': { status: 200, data: { challenge: 'challenge-token', next: 'totp' } },
      'POST /staff/totp': { status: 200, data: { token: 'staff-token', staff: staffMember(), idleMinutes: 15 } },
    });
    await renderSupport('/podrska');
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
    signInAs();
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
    answering({
      'GET /staff/audit': {
        status: 200,
        data: {
          items: [
            entry(5, 'staff.signout', 1, 'Lejla Podrška'),
            entry(4, 'staff.locked', 1, 'Lejla Podrška', { failures: 11 }),
            entry(3, 'staff.totp.failed', 1, 'Lejla Podrška'),
            entry(2, 'staff.signin.failed', 1, 'Lejla Podrška', { reason: 'wrong-password' }),
            entry(1, 'staff.signin.failed', null, 'nepostoji@ontv.ba', { reason: 'unknown-user' }),
          ],
          nextBefore: null,
        },
      },
    });
    await renderSupport('/podrska/zapisnik');
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
