import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endSession } from '../api/session';
import { answering, leaveSupport, renderSupport, signInAs, supportCustomer } from '../testing';

/** An active subscriber of MaxON whose pause runs until 2099 (product.md §10, A pause). */
const customer = supportCustomer({ nextPaymentOn: '2099-03-15', pause: { from: '2099-01-15', until: '2099-03-15' } });

const views = {
  'GET /staff/customers/7/payments': { status: 200, data: [] },
  'GET /staff/customers/7/devices': { status: 200, data: [] },
  'GET /staff/customers/7/messages': { status: 200, data: [] },
  'GET /staff/customers/7/audit': { status: 200, data: { items: [], nextBefore: null } },
};

describe('a pause in the console', () => {
  beforeEach(() => endSession());
  afterEach(() => leaveSupport());

  it("shows the pause, and an admin ends it with a reason ('Završi pauzu')", async () => {
    signInAs();
    const ended = { ...customer, nextPaymentOn: '2099-02-20', pause: { from: '2099-01-15', until: '2099-01-20' } };
    const { sent } = answering({
      ...views,
      'GET /staff/customers/7': { status: 200, data: customer },
      'POST /staff/customers/7/end-pause': { status: 200, data: ended },
    });
    const user = userEvent.setup();
    await renderSupport('/podrska/kupci/7');
    expect(await screen.findByText('od 15.1.2099. do 15.3.2099.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Završi pauzu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Završiti pauzu korisnika Emir Begić?' });
    await user.type(within(dialog).getByLabelText('Razlog'), 'Korisnik je zvao');
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    expect(await screen.findByText('Pauza je završena. Sljedeće plaćanje: 20.2.2099.')).toBeTruthy();
    const posts = sent.filter((config) => config.method === 'post');
    expect(posts.map((config) => [config.url, JSON.parse(String(config.data))])).toEqual([
      ['/staff/customers/7/end-pause', { reason: 'Korisnik je zvao' }],
    ]);
  });

  it('shows an agent the pause but not the button', async () => {
    signInAs('agent');
    answering({ ...views, 'GET /staff/customers/7': { status: 200, data: customer } });
    await renderSupport('/podrska/kupci/7');
    expect(await screen.findByText('od 15.1.2099. do 15.3.2099.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Završi pauzu' })).toBeNull();
  });
});
