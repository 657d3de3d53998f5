/**
 * Everyone pays the price they were told (docs/prices-and-promos.md, What a subscriber pays): the price
 * agreed at a purchase, an upgrade or a downgrade's quote is stored on the subscription, and only a
 * price notice changes it. Each test is one of the holes it closes, on each engine.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { planChangeQuoteSchema, planChangeResponseSchema } from '@portal/shared/contract';
import { runBilling } from '../src/money/billing/job';
import { customerToken, engines, payOrder, staffToken, startApi, testCustomer, type StartedApi } from './harness';

const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00Z`);

for (const engine of engines()) {
  describe(`the price a subscriber agreed on ${engine}`, () => {
    let api: StartedApi;
    let admins = 0;
    before(async () => {
      api = await startApi({ engine, env: { SANDBOX: '1', LOGIN_LIMIT_CLIENT: '100000' } });
    });
    after(async () => {
      await api?.close();
    });

    /** An admin's price change, signed in on the day the tests' clock shows (a staff session is short). */
    const changePrice = async (plan: string, price: string, appliesFrom: string) => {
      const changed = await api.call('POST', `/staff/prices/${plan}`, {
        token: await staffToken(api, `cijene${admins++}@ontv.ba`, 'admin'),
        body: { price, appliesFrom, reason: 'Nova cjenovna politika' },
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
    };
    const renewals = async (customerId: number) =>
      (
        await api.db.query<{ due: string; plan_code: string; amount_fening: number }>(
          `SELECT to_char(due_on, 'YYYY-MM-DD') AS due, plan_code, amount_fening FROM payment_orders
            WHERE customer_id = $1 AND kind = 'RENEWAL' AND status = 'PAID' ORDER BY due_on`,
          [customerId],
        )
      ).map((row) => [row.due, row.plan_code, row.amount_fening]);
    const outbox = async (to: string) =>
      ((await api.call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`)).body as Array<{ text: string }>).map(
        (m) => m.text,
      );

    it('charges a waiting downgrade the price its quote showed, and a rise of that package only after its notice', async () => {
      api.clock.set(at('2026-03-10'));
      const { id, email } = await testCustomer(api.db, {
        plan: 'maxon',
        periodStart: '2026-03-01',
        nextPaymentOn: '2026-04-01',
      });
      const token = await customerToken(api, email);
      const quote = planChangeQuoteSchema.parse(
        (await api.call('GET', '/ontv/plan-change?plan=starton', { token })).body,
      );
      assert.equal(quote.kind, 'DOWNGRADE');
      const scheduled = await api.call('POST', '/ontv/plan-change', { token, body: { plan: 'starton', amount: 0 } });
      assert.equal(planChangeResponseSchema.parse(scheduled.body).result, 'SCHEDULED');
      const pending = (await api.call('GET', '/ontv/accountInfo', { token })).body.pendingPlan;
      assert.deepEqual(pending, { code: 'starton', name: 'StartON', price: 14.9, from: '2026-04-01' });

      // StartON rises the same day: the subscriber waiting for it is told, 30 days ahead at least.
      await changePrice('starton', '19,90', '2026-03-10');
      const told = (await outbox(email)).filter((text) => /cijena tvog paketa StartON/.test(text));
      assert.equal(told.length, 1, JSON.stringify(await outbox(email)));
      assert.match(told[0]!, /od 1\.5\.2026\. cijena tvog paketa StartON je 19,90 KM/);
      assert.deepEqual((await api.call('GET', '/ontv/priceNotice', { token })).body, {
        notice: { from: '2026-05-01', price: 19.9 },
      });

      await runBilling(api.ctx.billing, at('2026-04-01', '06:00'));
      await runBilling(api.ctx.billing, at('2026-05-01', '06:00'));
      assert.deepEqual(await renewals(id), [
        ['2026-04-01', 'starton', 1490],
        ['2026-05-01', 'starton', 1990],
      ]);
    });

    it('charges an upgrade made after its package rose the new price it was shown, and tells of no rise', async () => {
      api.clock.set(at('2026-03-16'));
      await changePrice('maxon', '29,90', '2026-03-16');
      const { id, email } = await testCustomer(api.db, {
        plan: 'starton',
        periodStart: '2026-03-01',
        nextPaymentOn: '2026-04-01',
      });
      const token = await customerToken(api, email);
      const quote = planChangeQuoteSchema.parse(
        (await api.call('GET', '/ontv/plan-change?plan=maxon', { token })).body,
      );
      assert.equal(quote.kind, 'UPGRADE');
      const placed = planChangeResponseSchema.parse(
        (
          await api.call('POST', '/ontv/plan-change', {
            token,
            body: { plan: 'maxon', amount: quote.amount },
            headers: { 'idempotency-key': `upgrade-after-rise-${id}` },
          })
        ).body,
      );
      assert.deepEqual((await payOrder(api, placed.order!.paymentSecret)).body, { status: 'succeeded' });
      const info = (await api.call('GET', '/ontv/accountInfo', { token })).body;
      assert.deepEqual([info.plan.code, info.plan.price], ['maxon', 29.9], 'the account page shows the price agreed');

      await runBilling(api.ctx.billing, at('2026-04-01', '06:00'));
      assert.deepEqual(await renewals(id), [['2026-04-01', 'maxon', 2990]]);
      assert.deepEqual(
        (await outbox(email)).filter((text) => /cijena tvog paketa/.test(text)),
        [],
        'no notice: the new price is the one agreed',
      );
    });
    it('quotes a change at the price of the day on the portal clock, not the database clock', async () => {
      // A day the database's own clock has not reached: a price that applies from it is the one told.
      api.clock.set(at('2099-06-16'));
      await changePrice('maxon', '31,90', '2099-06-16');
      await changePrice('starton', '16,90', '2099-06-16');
      const up = await testCustomer(api.db, {
        plan: 'starton',
        periodStart: '2099-06-01',
        nextPaymentOn: '2099-07-01',
      });
      const upToken = await customerToken(api, up.email);
      const upQuote = planChangeQuoteSchema.parse(
        (await api.call('GET', '/ontv/plan-change?plan=maxon', { token: upToken })).body,
      );
      assert.equal(upQuote.to.price, 31.9);
      const placed = planChangeResponseSchema.parse(
        (
          await api.call('POST', '/ontv/plan-change', {
            token: upToken,
            body: { plan: 'maxon', amount: upQuote.amount },
            headers: { 'idempotency-key': `upgrade-on-clock-day-${up.id}` },
          })
        ).body,
      );
      assert.deepEqual((await payOrder(api, placed.order!.paymentSecret)).body, { status: 'succeeded' });

      const down = await testCustomer(api.db, {
        plan: 'maxon',
        periodStart: '2099-06-01',
        nextPaymentOn: '2099-07-01',
      });
      const downToken = await customerToken(api, down.email);
      const downQuote = planChangeQuoteSchema.parse(
        (await api.call('GET', '/ontv/plan-change?plan=starton', { token: downToken })).body,
      );
      assert.equal(downQuote.to.price, 16.9);
      const scheduled = await api.call('POST', '/ontv/plan-change', {
        token: downToken,
        body: { plan: 'starton', amount: 0 },
      });
      assert.equal(planChangeResponseSchema.parse(scheduled.body).result, 'SCHEDULED');

      await runBilling(api.ctx.billing, at('2099-07-01', '06:00'));
      assert.deepEqual(await renewals(up.id), [['2099-07-01', 'maxon', 3190]]);
      assert.deepEqual(await renewals(down.id), [['2099-07-01', 'starton', 1690]]);
    });
  });
}
