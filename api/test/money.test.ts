/**
 * Money is exact: every charge buys service or comes back. Each race is played in order with the sandbox
 * processor held slow (SandboxProcessor.hold), on both engines.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { paymentListSchema } from '@portal/shared/contract';
import { runBilling, runBillingPass } from '../src/money/billing/job';
import { addDays, dayStart, isoDay } from '../src/days';
import type { SandboxProcessor } from '../src/money/processor/sandbox/processor';
import { reconcile, type Difference } from '../src/money/reconcile';
import { processorRefunded } from '../src/money/processorEvents';
import { STAFF_TEXTS } from '@portal/shared/contract/support';
import { VOUCHER_TEXTS } from '@portal/shared/contract/vouchers';
import { customerToken, engines, payOrder, staffToken, startApi, testCustomer } from './harness';

for (const engine of engines()) {
  describe(`money that buys service or comes back on ${engine}`, () => {
    let api: Awaited<ReturnType<typeof startApi>>;
    let admins = 0;
    const sandbox = () => api.ctx.payments.sandbox as SandboxProcessor;
    const today = () => isoDay(api.clock.now());
    const login = (username: string) => customerToken(api, username);

    /** A new admin of the console, signed in now: their token. */
    const signInAdmin = () => staffToken(api, `novac${(admins += 1)}@ontv.ba`, 'admin');

    before(async () => {
      // Many customers sign in from this one address in the file's tests.
      api = await startApi({ engine, env: { LOGIN_LIMIT_CLIENT: '1000' } });
    });
    after(async () => {
      await api.close();
    });

    /** What the processor took from the customer and kept: its succeeded payments less what it gave back. */
    const kept = async (customerId: number) => {
      const [row] = await api.db.query<{ kept: number }>(
        `SELECT COALESCE(sum(CASE WHEN i.refunded_at IS NULL THEN i.amount_fening WHEN i.refunded_fening = 0 THEN 0
                               ELSE i.amount_fening - i.refunded_fening END), 0)::int AS kept
           FROM sandbox_intents i JOIN credit_cards c ON c.payment_method = i.payment_method
          WHERE c.customer_id = $1 AND i.kind = 'payment' AND i.status = 'succeeded'`,
        [customerId],
      );
      return row!.kept;
    };
    const subscription = async (customerId: number) =>
      (
        await api.db.query<{ status: string; next_payment_on: string }>(
          `SELECT status, to_char(next_payment_on, 'YYYY-MM-DD') AS next_payment_on FROM subscriptions WHERE customer_id = $1`,
          [customerId],
        )
      )[0]!;
    const history = async (token: string) =>
      paymentListSchema.parse((await api.call('GET', '/ontv-payments', { token })).body);

    it("refunds a renewal charged while an admin's 'end now' refund ended the subscription, and shows it", async () => {
      const customer = await testCustomer(api.db, { nextPaymentOn: today() });
      await runBilling(api.ctx.billing, api.clock.now());
      const [first] = await history(await login(customer.email));
      assert.equal(first!.amount, 24.9);
      api.clock.advance(31 * 24 * 3600_000);
      const admin = await signInAdmin();

      // The next renewal's charge is held at the processor while the admin refunds the first month, ending now.
      const held = sandbox().hold('charge', String(customer.id));
      const pass = runBilling(api.ctx.billing, api.clock.now());
      await held.reached;
      const refund = await api.call('POST', `/staff/customers/${customer.id}/payments/${first!.orderNumber}/refund`, {
        token: admin,
        body: { amount: '24,90', reason: 'Prekid usluge', key: 'end-now-race-01', after: 'end-now' },
      });
      assert.equal(refund.status, 200, JSON.stringify(refund.body));
      held.release();
      await pass;

      assert.equal((await subscription(customer.id)).status, 'EXPIRED', 'the service ended as the admin chose');
      assert.equal(await kept(customer.id), 0, 'the renewal charged after the end is given back too');
      const shown = await history(await login(customer.email));
      const renewal = shown.find((record) => record.orderNumber !== first!.orderNumber);
      assert.ok(renewal, 'the charged renewal is in the history');
      assert.deepEqual(
        renewal.creditNotes?.map((note) => note.amount),
        [renewal.amount],
        'with its credit note for the whole amount',
      );
    });

    it("refunds a renewal charged while the customer deactivated, and keeps the customer's choice", async () => {
      const customer = await testCustomer(api.db, { nextPaymentOn: today() });
      const token = await login(customer.email);
      const held = sandbox().hold('charge', String(customer.id));
      const pass = runBilling(api.ctx.billing, api.clock.now());
      await held.reached;
      const stopped = await api.call('POST', '/ontv/deactivate', { token });
      assert.equal(stopped.status, 200, JSON.stringify(stopped.body));
      held.release();
      await pass;

      assert.deepEqual(await subscription(customer.id), { status: 'DEACTIVATED', next_payment_on: today() });
      assert.equal(await kept(customer.id), 0, 'the renewal the customer said no to is given back');
      const [renewal] = await history(token);
      assert.deepEqual(
        renewal?.creditNotes?.map((note) => note.amount),
        [renewal?.amount],
      );
    });

    it('charges a renewal held at the processor the price agreed before a rise, and the rise only from its notice', async () => {
      const customer = await testCustomer(api.db, { plan: 'maxon', nextPaymentOn: today() });
      const agreed = (await api.ctx.store.prices.priceForOrder('maxon', today()))!.price_fening;
      const held = sandbox().hold('charge', String(customer.id));
      const pass = runBilling(api.ctx.billing, api.clock.now());
      await held.reached;
      const risen = agreed + 500;
      const rise = await api.call('POST', '/staff/prices/maxon', {
        token: await signInAdmin(),
        body: { price: (risen / 100).toFixed(2).replace('.', ','), appliesFrom: today(), reason: 'Nova cijena' },
      });
      assert.equal(rise.status, 200, JSON.stringify(rise.body));
      held.release();
      await pass;

      const renewals = async () =>
        (
          await api.db.query<{ due: string; amount_fening: number }>(
            `SELECT to_char(due_on, 'YYYY-MM-DD') AS due, amount_fening FROM payment_orders
              WHERE customer_id = $1 AND kind = 'RENEWAL' AND status = 'PAID' ORDER BY due_on`,
            [customer.id],
          )
        ).map((row) => [row.due, row.amount_fening]);
      assert.deepEqual(
        await renewals(),
        [[today(), agreed]],
        'the renewal under way keeps the price it was decided at',
      );
      assert.equal(await kept(customer.id), agreed);
      const [notice] = await api.db.query<{ from: string; price_fening: number }>(
        `SELECT to_char(applies_from, 'YYYY-MM-DD') AS from, price_fening FROM price_notices WHERE customer_id = $1`,
        [customer.id],
      );
      assert.equal(notice?.price_fening, risen, 'the subscriber is told of the rise');
      const daysAhead = (Date.parse(notice!.from) - Date.parse(today())) / 86_400_000;
      assert.ok(daysAhead >= 30, `told ${daysAhead} days ahead`);

      // The renewals that follow: the old price until the notice's day, the new one from it.
      let due = (await subscription(customer.id)).next_payment_on;
      const expected: Array<[string, number]> = [[today(), agreed]];
      while (due <= notice!.from) {
        await runBilling(api.ctx.billing, new Date(`${due}T06:00:00Z`));
        expected.push([due, due < notice!.from ? agreed : risen]);
        due = (await subscription(customer.id)).next_payment_on;
      }
      assert.deepEqual(await renewals(), expected);
      assert.equal(
        await kept(customer.id),
        expected.reduce((sum, [, amount]) => sum + amount, 0),
      );
    });

    it('refuses the same idempotency key with another amount, and answers the stored order as it was placed', async () => {
      const customer = await testCustomer(api.db, { nextPaymentOn: today(), status: 'EXPIRED' });
      const token = await login(customer.email);
      const [card] = await api.db.query<{ code: string }>('SELECT code FROM credit_cards WHERE customer_id = $1', [
        customer.id,
      ]);
      const order = (amount: number, key = 'same-key-0001') =>
        api.call('POST', '/ontv-payments/new-account/order', {
          token,
          body: { creditCardId: card!.code, amount, ontvPlanId: 'starton' },
          headers: { 'idempotency-key': key },
        });
      const placed = await order(14.9);
      assert.equal(placed.status, 200, JSON.stringify(placed.body));
      assert.equal(placed.body.orderInfo.amount, 14.9);

      // StartON's price rises from today; the same call again is the same order at its own amount.
      const admin = await signInAdmin();
      const rise = await api.call('POST', '/staff/prices/starton', {
        token: admin,
        body: { price: '39,90', appliesFrom: today(), reason: 'Nova cjenovna politika' },
      });
      assert.equal(rise.status, 200, JSON.stringify(rise.body));
      const again = await order(14.9);
      assert.equal(again.status, 200, JSON.stringify(again.body));
      assert.equal(again.body.orderNumber, placed.body.orderNumber);
      assert.equal(again.body.orderInfo.amount, 14.9, 'the answer is what the order charges');

      const other = await order(39.9);
      assert.equal(other.status, 422, JSON.stringify(other.body));
      assert.equal(other.body.code, 'IDEMPOTENCY_MISMATCH');
      const orders = await api.db.query<{ amount_fening: number }>(
        'SELECT amount_fening FROM payment_orders WHERE customer_id = $1',
        [customer.id],
      );
      assert.deepEqual(
        orders.map((o) => o.amount_fening),
        [1490],
        'nothing else is ordered',
      );
    });

    /** A paid gift of two months of StartON from a MaxON subscriber: the buyer, the order and the code sent. */
    const paidGift = async (n: number) => {
      const buyer = await testCustomer(api.db, { nextPaymentOn: '2026-12-31', plan: 'maxon' });
      const token = await login(buyer.email);
      const [card] = (await api.call('GET', '/credit-card', { token })).body as Array<{ code: string }>;
      const to = `poklon.${buyer.id}.${n}@example.ba`;
      const price = (await api.ctx.store.prices.priceForOrder('starton', today()))!.price_fening;
      const placed = await api.call('POST', '/customer/gifts', {
        token,
        body: {
          plan: 'starton',
          months: 2,
          to,
          message: 'Sretno!',
          amount: (price * 2) / 100,
          creditCardId: card!.code,
        },
      });
      assert.equal(placed.status, 200, JSON.stringify(placed.body));
      assert.equal((await payOrder(api, placed.body.paymentSecret)).body.status, 'succeeded');
      const [sent] = (await api.call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`)).body as Array<{
        code: string;
      }>;
      return { buyer, orderNumber: placed.body.orderNumber as string, code: sent!.code, paid: price * 2 };
    };
    const refundGift = (admin: string, gift: Awaited<ReturnType<typeof paidGift>>, key: string) =>
      api.call('POST', `/staff/customers/${gift.buyer.id}/payments/${gift.orderNumber}/refund`, {
        token: admin,
        body: {
          amount: (gift.paid / 100).toFixed(2).replace('.', ','),
          reason: 'Kupac odustao',
          key,
          after: 'end-now',
        },
      });
    const redeemer = async () => {
      const made = await testCustomer(api.db, {
        nextPaymentOn: '2026-02-20',
        plan: 'starton',
        status: 'EXPIRED',
        card: null,
      });
      return login(made.email);
    };
    const redeem = (token: string, code: string) =>
      api.call('POST', '/customer/redeem-voucher', { token, body: { code } });

    it("voids a refunded gift's code and leaves the buyer's own subscription as it was", async () => {
      const admin = await signInAdmin();
      const gift = await paidGift(0);
      const refund = await refundGift(admin, gift, 'gift-refund-0001');
      assert.equal(refund.status, 200, JSON.stringify(refund.body));
      assert.deepEqual(await subscription(gift.buyer.id), { status: 'ACTIVE', next_payment_on: '2026-12-31' });
      const tried = await redeem(await redeemer(), gift.code);
      assert.deepEqual([tried.status, tried.body.message], [400, VOUCHER_TEXTS.cancelled]);

      const used = await paidGift(1);
      assert.equal((await redeem(await redeemer(), used.code)).status, 200);
      const late = await refundGift(admin, used, 'gift-refund-0002');
      assert.deepEqual(
        [late.status, late.body.code, late.body.message],
        [409, 'GIFT_REDEEMED', STAFF_TEXTS.giftRedeemed],
      );
      assert.equal(await kept(used.buyer.id), used.paid, 'nothing given back for a gift its friend has');
    });

    it('lets a gift be refunded or redeemed, never both, when the two come at once', async () => {
      const admin = await signInAdmin();
      const gifts = await Promise.all(Array.from({ length: 10 }, (_, i) => paidGift(10 + i)));
      const tokens = await Promise.all(gifts.map(() => redeemer()));
      const outcomes = await Promise.all(
        gifts.map(async (gift, i) => {
          const [refund, redeemed] = await Promise.all([
            refundGift(admin, gift, `gift-race-${String(i).padStart(4, '0')}`),
            redeem(tokens[i]!, gift.code),
          ]);
          return [refund.status, redeemed.status];
        }),
      );
      for (const [refund, redeemed] of outcomes)
        assert.ok(
          (refund === 200 && redeemed === 400) || (refund === 409 && redeemed === 200),
          `refund ${refund}, redemption ${redeemed}`,
        );
      for (const [i, gift] of gifts.entries())
        assert.equal(await kept(gift.buyer.id), outcomes[i]![0] === 200 ? 0 : gift.paid);
    });

    it('never starts a promo that an admin ended while the start was on its way', async () => {
      const admin = await signInAdmin();
      const started = await api.call('POST', '/staff/prices/maxon/promos', {
        token: admin,
        body: { days: 30, reason: 'Kampanja za test' },
      });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const [{ id: promoId }] = (await api.db.query<{ id: number }>(
        `SELECT id FROM plan_promos WHERE plan_code = 'maxon' AND status = 'ACTIVE'`,
      )) as [{ id: number }];
      const customer = await testCustomer(api.db, { nextPaymentOn: '2026-02-20', status: 'EXPIRED' });
      const token = await login(customer.email);
      const end = () =>
        api.call('POST', `/staff/promos/${promoId}/end`, { token: admin, body: { reason: 'Kraj kampanje' } });
      let start: ReturnType<typeof api.call>;
      if (engine === 'postgres') {
        // The start has read the campaign and waits for the customer's row (held here) while the end commits.
        const held = new pg.Client({ connectionString: api.databaseUrl });
        await held.connect();
        try {
          await held.query('BEGIN');
          await held.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [customer.id]);
          start = api.call('POST', '/ontv/createSubscriptionInPromoPeriod', { token, body: { plan: 'maxon' } });
          while (
            ((await held.query(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`)).rows[0] as { n: number })
              .n === 0
          )
            await new Promise((resolve) => setTimeout(resolve, 10));
          assert.equal((await end()).status, 200);
          await held.query('COMMIT');
        } finally {
          await held.end();
        }
      } else {
        // One query at a time: the same order, end first.
        assert.equal((await end()).status, 200);
        start = api.call('POST', '/ontv/createSubscriptionInPromoPeriod', { token, body: { plan: 'maxon' } });
      }
      const answer = await start;
      assert.deepEqual([answer.status, answer.body.code], [409, 'NO_PROMO']);
      assert.equal((await subscription(customer.id)).status, 'EXPIRED');
    });

    it("reconciles yesterday's books by itself in the first billing pass after midnight, once", async () => {
      const before = await api.ctx.store.ledger.lastRun();
      assert.ok(await runBillingPass(api.ctx.billing, api.clock.now()));
      const run = (await api.ctx.store.ledger.lastRun())!;
      // Midnight in Sarajevo (days.ts), where the portal's yesterday ends.
      const midnight = dayStart(today()).toISOString();
      assert.equal(isoDay(new Date(Date.parse(midnight) - 1)), addDays(today(), -1));
      assert.notEqual(run.id, before?.id);
      assert.deepEqual([new Date(run.period_to).toISOString(), run.processor], [midnight, 'sandbox']);
      assert.equal(new Date(run.period_to).getTime() - new Date(run.period_from).getTime(), 24 * 3600_000);
      assert.ok(await runBillingPass(api.ctx.billing, api.clock.now()));
      assert.equal((await api.ctx.store.ledger.lastRun())!.id, run.id, 'once a day');
    });

    /** A MaxON subscriber whose renewal was just charged: the customer, their token and the payment. */
    const renewedCustomer = async () => {
      const customer = await testCustomer(api.db, { nextPaymentOn: today() });
      await runBilling(api.ctx.billing, api.clock.now());
      const [order] = await api.db.query<{ provider_payment_id: string; order_number: string }>(
        `SELECT provider_payment_id, order_number FROM payment_orders WHERE customer_id = $1 AND status = 'PAID'`,
        [customer.id],
      );
      return { ...customer, token: await login(customer.email), paymentId: order!.provider_payment_id };
    };
    const dashboard = (paymentId: string, action: 'refund' | 'dispute', body: unknown) =>
      api.processor(`/dashboard/payment_intents/${paymentId}/${action}`, body);
    const booksOf = async (paymentId: string) => {
      const run = await reconcile(
        { store: api.ctx.store, gateway: api.ctx.payments.gateway },
        { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') },
        api.clock.now(),
      );
      return (run.differences as Difference[]).filter((d) => d.paymentId === paymentId);
    };

    it("records a refund made in the processor's dashboard once, and ends the service as 'end now' does", async () => {
      const customer = await renewedCustomer();
      assert.equal((await dashboard(customer.paymentId, 'refund', { amount_fening: 500 })).status, 200);
      assert.equal((await subscription(customer.id)).status, 'EXPIRED');
      const [record] = await history(customer.token);
      assert.deepEqual(
        record!.creditNotes?.map((n) => n.amount),
        [5],
      );
      const [refund] = await api.db.query<{ reason: string; status: string; staff_id: number | null }>(
        'SELECT reason, status, staff_id FROM refunds WHERE customer_id = $1',
        [customer.id],
      );
      assert.deepEqual(refund, {
        reason: 'Povrat napravljen kod procesora plaćanja',
        status: 'SUCCEEDED',
        staff_id: null,
      });
      assert.deepEqual(await booksOf(customer.paymentId), [], 'the books match the processor');

      // The same event told again (a webhook retried): nothing more.
      const [{ refund_keys }] = (await api.db.query<{ refund_keys: string[] }>(
        'SELECT refund_keys FROM sandbox_intents WHERE id = $1',
        [customer.paymentId],
      )) as [{ refund_keys: string[] }];
      const again = {
        type: 'payment.refunded' as const,
        paymentId: customer.paymentId,
        refundId: refund_keys[0]!,
        amountFening: 500,
      };
      await api.ctx.store.transaction((tx) =>
        processorRefunded(tx, { now: api.clock.now, notifier: api.ctx.notifier }, again),
      );
      assert.equal((await history(customer.token))[0]!.creditNotes?.length, 1);
      assert.deepEqual(await booksOf(customer.paymentId), []);
    });

    it("shows a bank's dispute to support, and a lost one gives the money back and ends the service", async () => {
      const won = await renewedCustomer();
      assert.equal((await dashboard(won.paymentId, 'dispute', { status: 'open' })).status, 200);
      assert.deepEqual((await history(won.token))[0]!.dispute, { status: 'OPEN', amount: 24.9 });
      assert.equal((await subscription(won.id)).status, 'ACTIVE', 'an open dispute changes nothing yet');
      assert.equal((await dashboard(won.paymentId, 'dispute', { status: 'won' })).status, 200);
      assert.deepEqual((await history(won.token))[0]!.dispute, { status: 'WON', amount: 24.9 });
      assert.equal((await subscription(won.id)).status, 'ACTIVE');
      assert.equal((await dashboard(won.paymentId, 'dispute', { status: 'lost' })).status, 409, 'decided once');

      const lost = await renewedCustomer();
      await dashboard(lost.paymentId, 'dispute', { status: 'open' });
      assert.equal((await dashboard(lost.paymentId, 'dispute', { status: 'lost' })).status, 200);
      const [record] = await history(lost.token);
      assert.deepEqual(record!.dispute, { status: 'LOST', amount: 24.9 });
      assert.deepEqual(
        record!.creditNotes?.map((n) => n.amount),
        [24.9],
      );
      assert.equal((await subscription(lost.id)).status, 'EXPIRED');
      assert.deepEqual(await booksOf(won.paymentId), []);
      assert.deepEqual(await booksOf(lost.paymentId), [], 'a lost dispute is money given back on both sides');
    });

    it('lets an order be paid only within ORDER_TTL_MINUTES: later, its money goes back and the pass cancels it', async () => {
      const customer = await testCustomer(api.db, { nextPaymentOn: today(), status: 'EXPIRED' });
      let token = await login(customer.email);
      const [card] = await api.db.query<{ code: string }>('SELECT code FROM credit_cards WHERE customer_id = $1', [
        customer.id,
      ]);
      const price = (await api.ctx.store.prices.priceForOrder('starton', today()))!.price_fening;
      const place = (key: string) =>
        api.call('POST', '/ontv-payments/new-account/order', {
          token,
          body: { creditCardId: card!.code, amount: price / 100, ontvPlanId: 'starton' },
          headers: { 'idempotency-key': key },
        });
      const late = await place('ttl-key-0001');
      assert.equal(late.status, 200, JSON.stringify(late.body));
      api.clock.advance(31 * 60_000);
      // Paid after its time (left open, finished later): the processor took it, the portal gives it back.
      assert.equal((await payOrder(api, late.body.paymentSecret)).body.status, 'succeeded');
      assert.equal((await subscription(customer.id)).status, 'EXPIRED', 'no service bought at the old price');
      assert.equal(await kept(customer.id), 0);
      const [shown] = await history(await login(customer.email));
      assert.deepEqual(
        shown?.creditNotes?.map((n) => n.amount),
        [price / 100],
      );

      // Left open past its time: the billing pass cancels it at the processor, so it cannot be paid.
      token = await login(customer.email);
      const left = await place('ttl-key-0002');
      assert.equal(left.status, 200, JSON.stringify(left.body));
      api.clock.advance(31 * 60_000);
      assert.ok(await runBillingPass(api.ctx.billing, api.clock.now()));
      assert.equal((await payOrder(api, left.body.paymentSecret)).body.status, 'failed');
      const [order] = await api.db.query<{ status: string }>(
        'SELECT status FROM payment_orders WHERE order_number = $1',
        [left.body.orderNumber],
      );
      assert.equal(order!.status, 'CANCELLED');
      assert.equal(await kept(customer.id), 0);
    });

    it('keeps books that match the processor, and lists every difference when they do not', async () => {
      const period = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') };
      const books = () =>
        reconcile({ store: api.ctx.store, gateway: api.ctx.payments.gateway }, period, api.clock.now());
      const customer = await testCustomer(api.db, { nextPaymentOn: today() });
      await runBilling(api.ctx.billing, api.clock.now());
      const [order] = await api.db.query<{ provider_payment_id: string; order_number: string }>(
        'SELECT provider_payment_id, order_number FROM payment_orders WHERE customer_id = $1',
        [customer.id],
      );
      const run = await books();
      assert.ok(run.payments >= 1, `${run.payments} payments compared`);
      assert.deepEqual(run.differences, [], 'every charge, refund and charge given back so far is in the ledger');

      // Refunded in the processor's dashboard, and a charge the portal never ordered.
      await api.db.query(`UPDATE sandbox_intents SET refunded_fening = 500, refunded_at = created_at WHERE id = $1`, [
        order!.provider_payment_id,
      ]);
      await api.db.query(
        `INSERT INTO sandbox_intents (id, kind, status, amount_fening, created_at, updated_at)
         VALUES ('pi_nobody_ordered', 'payment', 'succeeded', 990, $1, $1)`,
        [api.clock.now()],
      );
      const differences = (await books()).differences as Difference[];
      assert.deepEqual(
        differences.map((d) => [d.kind, d.paymentId, d.orderNumber, d.portalFening, d.processorFening]),
        [
          ['NO_ORDER', 'pi_nobody_ordered', null, null, 990],
          ['REFUNDED', order!.provider_payment_id, order!.order_number, 0, 500],
        ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
      );
      const shown = await api.call('GET', '/staff/reconciliation', { token: await signInAdmin() });
      assert.equal(shown.status, 200, JSON.stringify(shown.body));
      assert.deepEqual(
        shown.body.differences.map((d: { kind: string; portal: number | null; processor: number | null }) => [
          d.kind,
          d.portal,
          d.processor,
        ]),
        differences.map((d) => [
          d.kind,
          d.portalFening === null ? null : d.portalFening / 100,
          d.processorFening! / 100,
        ]),
      );
      const agent = await staffToken(api, 'agent.knjige@ontv.ba', 'agent');
      assert.equal((await api.call('GET', '/staff/reconciliation', { token: agent })).status, 403, 'admins only');
    });
  });
}
