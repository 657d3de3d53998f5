/**
 * A pause instead of a cancellation (decision 055; product.md §10, A pause): asked from the end of the
 * paid period, nothing charged while it lasts, PAUSED in account info while it runs, a reminder 3 days
 * before its end (once), the renewal at its end; 'Nastavi pretplatu' early, charged from today; once per
 * 12 months; refused in a promo and a grace period; deactivation, a refund and the console's end. On both engines.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { accountInfoSchema } from '@portal/shared/contract';
import { customerToken, engines, staffToken, startApi, testCustomer } from './harness';
import { runBilling } from '../src/money/billing/job';

const DUE = '2026-03-10';
const at = (day: string, time = '06:00') => new Date(`${day}T${time}:00Z`);

for (const engine of engines())
  describe(`a pause on ${engine}`, () => {
    let api: Awaited<ReturnType<typeof startApi>>;
    before(async () => {
      api = await startApi({ engine });
    });
    after(async () => api?.close());

    const run = (day: string) => runBilling(api.ctx.billing, at(day));
    const info = async (token: string) =>
      accountInfoSchema.parse((await api.call('GET', '/ontv/accountInfo', { token })).body);
    const pause = (token: string, months: number) => api.call('POST', '/ontv/pause', { token, body: { months } });
    const resume = (token: string) => api.call('POST', '/ontv/resume', { token });
    const outbox = async (email: string) =>
      ((await api.call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`)).body as Array<{ text: string }>).map(
        (m) => m.text,
      );
    const paidOrders = async (id: number) =>
      api.db.query<{ period_start: string; period_end: string }>(
        `SELECT to_char(period_start, 'YYYY-MM-DD') AS period_start, to_char(period_end, 'YYYY-MM-DD') AS period_end
           FROM payment_orders WHERE customer_id = $1 AND status = 'PAID' ORDER BY created_at`,
        [id],
      );
    /** The clock moved on (days later the token has expired): the customer signs in again. */
    const later = async (c: { email: string; token: string }, moment: Date) => {
      api.clock.set(moment);
      c.token = await customerToken(api, c.email);
    };
    const signedIn = async (options: Parameters<typeof testCustomer>[1] = { nextPaymentOn: DUE }) => {
      api.clock.set(at('2026-03-01', '10:00'));
      const customer = await testCustomer(api.db, options);
      return { ...customer, token: await customerToken(api, customer.email) };
    };

    it('pauses from the end of the paid period, reminds once, and renews at its end', async () => {
      const c = await signedIn();
      const asked = await pause(c.token, 2);
      assert.equal(asked.status, 200, JSON.stringify(asked.body));
      assert.deepEqual(asked.body, { status: 'ACTIVE', nextPaymentOn: '2026-05-10' });
      let now = await info(c.token);
      assert.equal(now.status, 'ACTIVE');
      assert.deepEqual(now.pause, { from: DUE, until: '2026-05-10', running: false });
      assert.match((await outbox(c.email))[0]!, /pauzirana od 10\.3\.2026\. do 10\.5\.2026\./);

      assert.equal((await run(DUE)).charged, 0, 'nothing is due on the old day');
      await later(c, at('2026-04-01'));
      now = await info(c.token);
      assert.equal(now.status, 'PAUSED', 'no service while it runs');
      assert.equal(now.nextPaymentOn, '2026-05-10');

      await run('2026-05-06');
      assert.equal((await outbox(c.email)).filter((t) => /pauza pretplate/.test(t)).length, 0, 'not 4 days before');
      await run('2026-05-07');
      await run('2026-05-08');
      const reminders = (await outbox(c.email)).filter((t) =>
        /pauza pretplate na paket MaxON završava 10\.5\.2026\./.test(t),
      );
      assert.equal(reminders.length, 1, 'reminded once');

      assert.equal((await run('2026-05-10')).charged, 1);
      await later(c, at('2026-05-10', '08:00'));
      now = await info(c.token);
      assert.equal(now.status, 'ACTIVE');
      assert.equal(now.nextPaymentOn, '2026-06-10');
      assert.equal(now.pause, null);
      assert.deepEqual((await paidOrders(c.id)).at(-1), { period_start: '2026-05-10', period_end: '2026-06-10' });

      // Once per 12 months: the next pause may start 10.3.2027 at the earliest.
      const again = await pause(c.token, 1);
      assert.equal(again.status, 409);
      assert.equal(again.body.code, 'PAUSE_ONCE_A_YEAR');
      assert.match(again.body.message, /10\.3\.2027\./);
    });

    it("ends a running pause early with 'Nastavi pretplatu': charged today, a new period from today", async () => {
      const c = await signedIn();
      assert.equal((await pause(c.token, 3)).status, 200);
      await later(c, at('2026-03-20'));
      assert.equal((await info(c.token)).status, 'PAUSED');
      const resumed = await resume(c.token);
      assert.equal(resumed.status, 200, JSON.stringify(resumed.body));
      assert.deepEqual(resumed.body, { status: 'ACTIVE', nextPaymentOn: '2026-04-20' });
      assert.deepEqual((await paidOrders(c.id)).at(-1), { period_start: '2026-03-20', period_end: '2026-04-20' });
      const now = await info(c.token);
      assert.equal(now.status, 'ACTIVE');
      assert.equal(now.pause, null);
      // Twice (a second tab, a replay) is nothing more: no pause under way.
      const twice = await resume(c.token);
      assert.equal(twice.status, 409);
      assert.equal(twice.body.code, 'NOT_PAUSED');
      assert.equal((await paidOrders(c.id)).length, 1);
      assert.equal((await run('2026-03-21')).charged, 0);
    });

    it('undoes a pause not yet started, which does not count against the next one', async () => {
      const c = await signedIn();
      assert.equal((await pause(c.token, 1)).status, 200);
      const undone = await resume(c.token);
      assert.deepEqual(undone.body, { status: 'ACTIVE', nextPaymentOn: DUE });
      assert.equal((await paidOrders(c.id)).length, 0, 'the paid period still runs: nothing charged');
      assert.equal((await info(c.token)).pause, null);
      assert.equal((await pause(c.token, 1)).status, 200, 'a pause that never ran does not count');
    });

    it('refuses a pause in a promo, in a grace period, when deactivated, and a length not offered', async () => {
      const promo = await signedIn({ nextPaymentOn: DUE, promoUntil: DUE });
      assert.equal((await pause(promo.token, 1)).body.code, 'PAUSE_PROMO');

      const failing = await signedIn({ nextPaymentOn: '2026-03-01', card: 'decline' });
      api.clock.set(at('2026-03-01'));
      assert.equal((await run('2026-03-01')).failed, 1);
      assert.equal((await pause(failing.token, 1)).body.code, 'PAUSE_RENEWAL');

      const off = await signedIn({ nextPaymentOn: DUE, status: 'DEACTIVATED' });
      assert.equal((await pause(off.token, 1)).body.code, 'PAUSE_NOT_ACTIVE');
      for (const months of [0, 4, 1.5]) assert.equal((await pause(off.token, months)).status, 400);
      assert.equal((await api.call('POST', '/ontv/pause', { body: { months: 1 } })).status, 401);
    });

    it('ends the pause when the customer deactivates: one to come is undone, a running one ends today', async () => {
      const soon = await signedIn();
      await pause(soon.token, 1);
      const off = await api.call('POST', '/ontv/deactivate', { token: soon.token });
      assert.deepEqual(off.body, { status: 'DEACTIVATED', nextPaymentOn: DUE });

      const running = await signedIn();
      await pause(running.token, 2);
      await later(running, at('2026-03-15'));
      const ended = await api.call('POST', '/ontv/deactivate', { token: running.token });
      assert.deepEqual(ended.body, { status: 'DEACTIVATED', nextPaymentOn: '2026-03-15' });
      assert.ok((await run('2026-03-15')).ended >= 1);
      assert.equal((await info(running.token)).status, 'EXPIRED');
    });

    it("lets an admin end a customer's pause from the console, in the audit trail; an agent may not", async () => {
      const c = await signedIn();
      await pause(c.token, 1);
      await later(c, at('2026-03-12'));
      const agent = await staffToken(api, 'agent.pause@ontv.ba', 'agent');
      const summary = await api.call('GET', `/staff/customers/${c.id}`, { token: agent });
      assert.deepEqual(summary.body.pause, { from: DUE, until: '2026-04-10' });
      const body = { reason: 'Korisnik je zvao' };
      assert.equal((await api.call('POST', `/staff/customers/${c.id}/end-pause`, { token: agent, body })).status, 403);
      const admin = await staffToken(api, 'admin.pause@ontv.ba', 'admin');
      const ended = await api.call('POST', `/staff/customers/${c.id}/end-pause`, { token: admin, body });
      assert.equal(ended.status, 200, JSON.stringify(ended.body));
      assert.equal(ended.body.nextPaymentOn, '2026-04-12');
      assert.deepEqual(ended.body.pause, { from: DUE, until: '2026-03-12' });
      const [entry] = await api.db.query<{ before: unknown; after: unknown }>(
        `SELECT before, after FROM audit_events WHERE customer_id = $1 AND action = 'subscription.pause.end'`,
        [c.id],
      );
      assert.deepEqual(entry, {
        before: { pauseFrom: DUE, pauseUntil: '2026-04-10', nextPaymentOn: '2026-04-10' },
        // Due today once the pause ended; the renewal then charged it (the answer's next payment day).
        after: { pauseFrom: DUE, pauseUntil: '2026-03-12', nextPaymentOn: '2026-03-12' },
      });
      assert.equal((await api.call('POST', `/staff/customers/${c.id}/end-pause`, { token: admin, body })).status, 409);
    });

    it('extends a running pause from the console: the days come after it, and the pause stays', async () => {
      const c = await signedIn();
      assert.equal((await pause(c.token, 1)).status, 200);
      await later(c, at('2026-03-15'));
      const admin = await staffToken(api, 'admin.extend.pause@ontv.ba', 'admin');
      const body = { days: 10, reason: 'Smetnje u signalu' };
      const extended = await api.call('POST', `/staff/customers/${c.id}/extend`, { token: admin, body });
      assert.equal(extended.status, 200, JSON.stringify(extended.body));
      assert.equal(extended.body.nextPaymentOn, '2026-04-20');
      assert.deepEqual(extended.body.pause, { from: DUE, until: '2026-04-10' });
      let now = await info(c.token);
      assert.deepEqual([now.status, now.nextPaymentOn], ['PAUSED', '2026-04-20']);
      assert.deepEqual(now.pause, { from: DUE, until: '2026-04-10', running: true });
      await run('2026-04-10');
      assert.equal((await paidOrders(c.id)).length, 0, 'the pause ends; the ten days are still paid');
      await later(c, at('2026-04-12'));
      now = await info(c.token);
      assert.deepEqual([now.status, now.pause], ['ACTIVE', null]);
      await run('2026-04-20');
      const paid = await paidOrders(c.id);
      assert.deepEqual(paid, [{ period_start: '2026-04-20', period_end: '2026-05-20' }], 'renewed after the ten days');
    });

    it("ends the pause with a refund: 'end now' expires it, 'keep to the period's end' undoes one to come", async () => {
      const admin = await staffToken(api, 'admin.refund.pause@ontv.ba', 'admin');
      for (const after of ['end-now', 'keep-to-period-end'] as const) {
        // A renewal paid on 1.3. (its period to 1.4.), then a month's pause from 1.4.
        const c = await signedIn({ nextPaymentOn: '2026-03-01' });
        await run('2026-03-01');
        await later(c, at('2026-03-02'));
        assert.equal((await pause(c.token, 1)).status, 200);
        const [order] = await api.db.query<{ order_number: string }>(
          `SELECT order_number FROM payment_orders WHERE customer_id = $1 AND status = 'PAID'`,
          [c.id],
        );
        const refund = await api.call('POST', `/staff/customers/${c.id}/payments/${order!.order_number}/refund`, {
          token: admin,
          body: { amount: '24,90', reason: 'Korisnik odustaje', key: `pause-refund-${after}`, after },
        });
        assert.equal(refund.status, 200, JSON.stringify(refund.body));
        const now = await info(c.token);
        if (after === 'end-now')
          assert.deepEqual([now.status, now.nextPaymentOn, now.pause], ['EXPIRED', '2026-03-02', null]);
        else assert.deepEqual([now.status, now.nextPaymentOn, now.pause], ['DEACTIVATED', '2026-04-01', null]);
      }
    });
  });
