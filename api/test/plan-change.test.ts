/**
 * Changing an ACTIVE subscription's package (product.md §10): the quote, an upgrade paid by the
 * prorated difference, a downgrade at the renewal, a free change during a promo, the refusals, and
 * bursts of concurrent changes, payments and renewals on each engine.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  accountInfoSchema,
  invoiceSchema,
  paymentListSchema,
  planChangeQuoteSchema,
  planChangeResponseSchema,
} from '@portal/shared/contract';
import { DEMO_CUSTOMER } from '../src/db/seed';
import { runBilling } from '../src/money/billing/job';
import { prorate } from '../src/money/planChange';
import { device, engines, payOrder, startApi, testCustomer } from './harness';

const BURST = 100;
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00Z`);

describe('proration', () => {
  it('charges the whole difference on the first day, a share in the middle and one day on the last', () => {
    assert.equal(prorate(1000, 31, 31), 1000);
    assert.equal(prorate(1000, 16, 31), 516);
    assert.equal(prorate(1000, 1, 31), 32);
    assert.equal(prorate(1000, 1, 28), 36);
  });
});

for (const engine of engines()) {
  describe(`changing the package on ${engine}`, () => {
    let api: Awaited<ReturnType<typeof startApi>>;
    before(async () => {
      api = await startApi({ engine, env: { LOGIN_LIMIT_CLIENT: '100000', LOGIN_LIMIT_ACCOUNT: '100000' } });
    });
    after(async () => {
      await api?.close();
    });

    /** A signed-in customer with a subscription of `plan` for the period `start`..`end`, and a primary card unless `card` is false. */
    async function customer(
      options: {
        plan?: 'starton' | 'maxon';
        start?: string;
        end?: string;
        status?: string;
        card?: boolean;
        promoUntil?: string;
      } = {},
    ) {
      const { id, email } = await testCustomer(api.db, {
        plan: options.plan ?? 'starton',
        periodStart: options.start ?? '2026-03-01',
        nextPaymentOn: options.end ?? '2026-04-01',
        status: options.status,
        card: options.card === false ? null : 'succeed',
        promoUntil: options.promoUntil,
        emailPrefix: 'promjena',
      });
      const login = await api.call('POST', '/login', {
        body: { username: email, password: DEMO_CUSTOMER.password, ...device },
      });
      assert.equal(login.status, 200);
      return { id, email, token: (login.body as { token: string }).token };
    }

    const quote = (token: string, plan: string) => api.call('GET', `/ontv/plan-change?plan=${plan}`, { token });
    const change = (token: string, plan: string, amount: number, key?: string) =>
      api.call('POST', '/ontv/plan-change', {
        token,
        body: { plan, amount },
        headers: key ? { 'idempotency-key': key } : {},
      });
    const info = async (token: string) =>
      accountInfoSchema.parse((await api.call('GET', '/ontv/accountInfo', { token })).body);
    const subscription = async (id: number) =>
      (
        await api.db.query<{
          plan_code: string;
          pending_plan_code: string | null;
          next_payment_on: string;
          status: string;
        }>(
          `SELECT plan_code, pending_plan_code, to_char(next_payment_on, 'YYYY-MM-DD') AS next_payment_on, status FROM subscriptions WHERE customer_id = $1`,
          [id],
        )
      )[0]!;
    /** What the customer was charged and not given back: the processor's succeeded payments (renewals and orders), less refunds. */
    const charged = async (id: number) =>
      (
        await api.db.query<{ sum: number }>(
          `SELECT COALESCE(sum(i.amount_fening), 0)::int AS sum FROM sandbox_intents i
            WHERE i.kind = 'payment' AND i.status = 'succeeded' AND i.refunded_at IS NULL
              AND (i.idempotency_key LIKE $2 OR i.idempotency_key IN (SELECT 'payment:order-' || order_number FROM payment_orders WHERE customer_id = $1))`,
          [id, `payment:renewal-${id}-%`],
        )
      )[0]!.sum;

    it('quotes an upgrade prorated by days on the first, a middle and the last day of the period, VAT included', async () => {
      const cases = [
        { today: '2026-03-01', days: 31, amount: 10 },
        { today: '2026-03-16', days: 16, amount: 5.16 },
        { today: '2026-03-31', days: 1, amount: 0.32 },
      ];
      for (const { today, days, amount } of cases) {
        api.clock.set(at(today));
        const { token } = await customer();
        const answer = await quote(token, 'maxon');
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        assert.deepEqual(planChangeQuoteSchema.parse(answer.body), {
          from: { code: 'starton', name: 'StartON', price: 14.9 },
          to: { code: 'maxon', name: 'MaxON', price: 24.9 },
          kind: 'UPGRADE',
          effectiveOn: today,
          amount,
          periodStart: today,
          periodEnd: '2026-04-01',
          days,
          periodDays: 31,
          promo: false,
        });
      }
    });

    it('upgrades at once with the primary card: the difference is paid, the invoice is in the history, and the renewal charges the new price', async () => {
      api.clock.set(at('2026-03-16'));
      const { id, token } = await customer();
      assert.equal((await change(token, 'maxon', 10)).body.code, 'PRICE_CHANGED', 'another amount than the quote');
      const placed = planChangeResponseSchema.parse((await change(token, 'maxon', 5.16, 'upgrade-key-0001')).body);
      assert.equal(placed.result, 'PAYMENT');
      const order = placed.order!;
      assert.deepEqual(order.orderInfo, {
        orderInfo: `MaxON (promjena paketa sa StartON), narudžba ${order.orderNumber}`,
        amount: 5.16,
      });
      assert.equal((await info(token)).plan?.code, 'starton', 'nothing changes before the payment');
      const again = planChangeResponseSchema.parse((await change(token, 'maxon', 5.16, 'upgrade-key-0001')).body);
      assert.equal(again.order?.orderNumber, order.orderNumber, 'a repeated request is the same order');

      assert.deepEqual((await payOrder(api, order.paymentSecret)).body, { status: 'succeeded' });
      const account = await info(token);
      assert.equal(account.plan?.code, 'maxon');
      assert.equal(account.nextPaymentOn, '2026-04-01', 'the period is kept');
      assert.equal(account.status, 'ACTIVE');

      const history = paymentListSchema.parse((await api.call('GET', '/ontv-payments', { token })).body);
      assert.deepEqual(
        history.map(({ updated: _, ...rest }) => rest),
        [
          {
            orderNumber: order.orderNumber,
            periodStart: '2026-03-16',
            periodEnd: '2026-04-01',
            creditCardNumber: '**** **** **** 4242',
            amount: 5.16,
            paymentData: { name: 'MaxON (promjena paketa sa StartON)' },
          },
        ],
      );
      const invoice = invoiceSchema.parse(
        (await api.call('GET', `/ontv-payments/${order.orderNumber}`, { token })).body,
      );
      assert.equal(invoice.amount, 5.16);
      const other = await customer();
      assert.equal(
        (await api.call('GET', `/ontv-payments/${order.orderNumber}`, { token: other.token })).status,
        404,
        "another customer's invoice is absent",
      );

      assert.equal((await quote(token, 'maxon')).body.code, 'SAME_PLAN');
      await runBilling(api.ctx.billing, at('2026-04-01', '06:00'));
      const [renewal] = await api.db.query<{ amount_fening: number; plan_code: string }>(
        `SELECT amount_fening, plan_code FROM payment_orders WHERE customer_id = $1 AND kind = 'RENEWAL'`,
        [id],
      );
      assert.deepEqual(renewal, { amount_fening: 2490, plan_code: 'maxon' });
      assert.equal(await charged(id), 516 + 2490);
    });

    it("keeps each Idempotency-Key to its own kind of call: the billing job's keys and a purchase's key order nothing else, a paid order gets no new payment, another body is a 422", async () => {
      api.clock.set(at('2026-03-01', '05:00'));
      const { id, email } = await customer({ start: '2026-02-01', end: '2026-03-01' });
      await runBilling(api.ctx.billing, at('2026-03-01', '06:00'));
      assert.equal(await charged(id), 1490, 'the renewal is paid');
      api.clock.set(at('2026-03-16'));
      const token = (
        (await api.call('POST', '/login', { body: { username: email, password: DEMO_CUSTOMER.password, ...device } }))
          .body as { token: string }
      ).token;
      const [card] = (await api.call('GET', '/credit-card', { token })).body as Array<{ code: string }>;

      // The billing job's key on a new order: a new order of its own, never the paid renewal with a new payment.
      const reused = await api.call('POST', '/ontv-payments/new-account/order', {
        token,
        body: { creditCardId: card!.code, amount: 14.9, ontvPlanId: 'starton' },
        headers: { 'idempotency-key': 'renewal-2026-03-01' },
      });
      assert.notEqual(reused.status, 500);
      const [renewal] = await api.db.query<{ order_number: string }>(
        `SELECT order_number FROM payment_orders WHERE customer_id = $1 AND kind = 'RENEWAL'`,
        [id],
      );
      assert.notEqual(
        (reused.body as { orderNumber?: string }).orderNumber,
        renewal!.order_number,
        'not the paid renewal',
      );
      assert.equal(await charged(id), 1490, 'nothing charged again');

      // A purchase's key and the renewal's key on a plan change: the plan change's own order.
      for (const key of ['renewal-2026-03-01', 'purchase-key-0001']) {
        if (key.startsWith('purchase')) {
          await api.call('POST', '/ontv-payments/new-account/order', {
            token,
            body: { creditCardId: card!.code, amount: 14.9, ontvPlanId: 'starton' },
            headers: { 'idempotency-key': key },
          });
        }
        const answer = await change(token, 'maxon', 5.16, key);
        assert.equal(answer.status, 200, `${key}: ${JSON.stringify(answer.body)}`);
        assert.equal(planChangeResponseSchema.parse(answer.body).result, 'PAYMENT');
      }

      // The same key with another body: 422, in Bosnian, and nothing changes.
      const other = await customer();
      const first = await change(other.token, 'maxon', 5.16, 'upgrade-key-0043');
      assert.equal(first.status, 200);
      const mismatch = await change(other.token, 'maxon', 6, 'upgrade-key-0043');
      assert.equal(mismatch.status, 422);
      assert.equal(
        (mismatch.body as { message: string }).message,
        'Ovaj ključ zahtjeva je već iskorišten za drugi zahtjev.',
      );

      // The upgrade paid, its key again: no new payment for a paid order.
      const placed = planChangeResponseSchema.parse(first.body);
      assert.deepEqual((await payOrder(api, placed.order!.paymentSecret)).body, { status: 'succeeded' });
      const paidAgain = await change(other.token, 'maxon', 5.16, 'upgrade-key-0043');
      assert.equal(paidAgain.status, 409);
      assert.equal((paidAgain.body as { message: string }).message, 'Ova narudžba je već plaćena.');
      assert.equal(await charged(other.id), 516);
    });

    it('downgrades at the next renewal, which can be cancelled, and the renewal charges the lower price', async () => {
      api.clock.set(at('2026-03-10'));
      const { id, token } = await customer({ plan: 'maxon' });
      const offered = planChangeQuoteSchema.parse((await quote(token, 'starton')).body);
      assert.equal(offered.kind, 'DOWNGRADE');
      assert.equal(offered.amount, 0);
      assert.equal(offered.effectiveOn, '2026-04-01');
      assert.deepEqual(planChangeResponseSchema.parse((await change(token, 'starton', 0)).body), {
        result: 'SCHEDULED',
        effectiveOn: '2026-04-01',
        order: null,
      });
      let account = await info(token);
      assert.equal(account.plan?.code, 'maxon', 'MaxON until the renewal');
      assert.deepEqual(account.pendingPlan, { code: 'starton', name: 'StartON', price: 14.9, from: '2026-04-01' });

      assert.equal((await api.call('DELETE', '/ontv/plan-change', { token })).status, 200);
      assert.equal((await info(token)).pendingPlan, null);
      assert.equal(
        (await api.call('DELETE', '/ontv/plan-change', { token })).status,
        200,
        'nothing to cancel is no error',
      );

      assert.equal((await change(token, 'starton', 0)).status, 200);
      const other = await customer({ plan: 'maxon' });
      assert.equal((await api.call('DELETE', '/ontv/plan-change', { token: other.token })).status, 200);
      assert.equal(
        (await subscription(id)).pending_plan_code,
        'starton',
        "another customer's cancel changes nothing here",
      );

      await runBilling(api.ctx.billing, at('2026-04-01', '06:00'));
      account = await info(token);
      assert.equal(account.plan?.code, 'starton');
      assert.equal(account.pendingPlan, null);
      assert.equal(account.nextPaymentOn, '2026-05-01');
      assert.equal(await charged(id), 1490);
      const history = paymentListSchema.parse((await api.call('GET', '/ontv-payments', { token })).body);
      assert.deepEqual(
        history.map((p) => [p.amount, p.paymentData.name]),
        [[14.9, 'StartON']],
      );
    });

    it('during a promo, changes the package when the promo ends: the promo stays its own package, and the first paid period is the new one', async () => {
      api.clock.set(at('2026-03-10'));
      // A MaxON promo: moving to StartON must not make StartON free as well.
      const { id, token } = await customer({
        plan: 'maxon',
        start: '2026-03-05',
        end: '2026-03-19',
        promoUntil: '2026-03-19',
      });
      const offered = planChangeQuoteSchema.parse((await quote(token, 'starton')).body);
      assert.deepEqual([offered.promo, offered.amount, offered.effectiveOn], [true, 0, '2026-03-19']);
      assert.deepEqual(planChangeResponseSchema.parse((await change(token, 'starton', 0)).body), {
        result: 'SCHEDULED',
        effectiveOn: '2026-03-19',
        order: null,
      });
      let account = await info(token);
      assert.equal(account.plan?.code, 'maxon', 'the promo package until the promo ends');
      assert.equal(account.promos[0]?.durationUntil, '2026-03-19');
      assert.deepEqual(account.pendingPlan, { code: 'starton', name: 'StartON', price: 14.9, from: '2026-03-19' });
      // The promo's end: the first paid period is StartON's, at StartON's price.
      await runBilling(api.ctx.billing, at('2026-03-19', '06:00'));
      assert.deepEqual(await subscription(id), {
        plan_code: 'starton',
        pending_plan_code: null,
        next_payment_on: '2026-04-19',
        status: 'ACTIVE',
      });
      assert.equal(await charged(id), 1490);

      // A StartON promo moving up to MaxON waits for the promo's end the same way, and costs nothing now.
      const other = await customer({
        plan: 'starton',
        start: '2026-03-05',
        end: '2026-03-19',
        promoUntil: '2026-03-19',
        card: false,
      });
      const up = planChangeQuoteSchema.parse((await quote(other.token, 'maxon')).body);
      assert.deepEqual([up.kind, up.promo, up.amount, up.effectiveOn], ['UPGRADE', true, 0, '2026-03-19']);
      assert.equal(planChangeResponseSchema.parse((await change(other.token, 'maxon', 0)).body).result, 'SCHEDULED');
      account = await info(other.token);
      assert.equal(account.plan?.code, 'starton');
      assert.equal(await charged(other.id), 0);
    });

    it('refuses what may not change, and changes nothing', async () => {
      api.clock.set(at('2026-03-10'));
      for (const [status, message] of [
        ['DEACTIVATED', 'Deaktiviranu pretplatu prvo reaktiviraj, pa onda promijeni paket.'],
        ['EXPIRED', 'Pretplata nije aktivna: paket izaberi i kupi na stranici Paketi.'],
      ] as const) {
        const { id, token } = await customer({ status });
        for (const answer of [await quote(token, 'maxon'), await change(token, 'maxon', 5)]) {
          assert.equal(answer.status, 409);
          assert.deepEqual(answer.body, { message, code: 'NOT_ACTIVE' });
        }
        assert.equal((await subscription(id)).plan_code, 'starton');
      }
      const blocked = await customer();
      const response = await quote(blocked.token, 'maxon');
      assert.equal(response.status, 200);
      await api.db.query(`UPDATE subscriptions SET status = 'BLOCKED' WHERE customer_id = $1`, [blocked.id]);
      assert.equal((await quote(blocked.token, 'maxon')).status, 401, 'blocking signs out');

      const { id, token } = await customer({ card: false });
      assert.equal((await change(token, 'maxon', 7.1)).body.code, 'NO_CARD');
      assert.equal((await quote(token, 'gold')).status, 404);
      assert.equal((await quote(token, 'starton')).body.code, 'SAME_PLAN');
      assert.equal((await change(token, 'maxon', -1)).status, 400);
      assert.equal((await api.call('POST', '/ontv/plan-change', { token, body: { plan: 'maxon' } })).status, 400);
      assert.equal((await api.call('GET', '/ontv/plan-change', { token })).status, 400);
      assert.equal((await quote('', 'maxon')).status, 401);
      assert.equal((await api.call('DELETE', '/ontv/plan-change')).status, 401);
      assert.equal((await subscription(id)).plan_code, 'starton');

      const due = await customer({ start: '2026-02-10', end: '2026-03-10' });
      assert.equal((await quote(due.token, 'maxon')).body.code, 'RENEWAL_DUE', 'on the due day the renewal decides');
    });

    it(`${BURST} upgrades at once from two tabs' worth of keys, all paid at once: one change, one charge`, async () => {
      api.clock.set(at('2026-03-01'));
      const { id, token } = await customer();
      const placed = await Promise.all(
        Array.from({ length: BURST }, (_, i) => change(token, 'maxon', 10, `burst-upgrade-${i}-${id}`)),
      );
      const statuses = new Set(placed.map((p) => p.status));
      assert.ok(
        [...statuses].every((s) => s === 200 || s === 409),
        `only 200 or 409: ${[...statuses]}`,
      );
      const secrets = placed
        .filter((p) => p.status === 200)
        .map((p) => planChangeResponseSchema.parse(p.body).order!.paymentSecret);
      const paid = await Promise.all(secrets.map((secret) => payOrder(api, secret)));
      assert.ok(paid.some((p) => p.body.status === 'succeeded'));
      assert.equal((await subscription(id)).plan_code, 'maxon');
      assert.equal(await charged(id), 1000, 'the difference once');
      const open = await api.db.query(`SELECT 1 FROM payment_orders WHERE customer_id = $1 AND status = 'PAID'`, [id]);
      assert.equal(open.length, 1);
    });

    it(`${BURST} identical upgrade requests (one key) are one order`, async () => {
      api.clock.set(at('2026-03-01'));
      const { id, token } = await customer();
      const placed = await Promise.all(
        Array.from({ length: BURST }, () => change(token, 'maxon', 10, `same-key-${id}`)),
      );
      assert.deepEqual([...new Set(placed.map((p) => p.status))], [200]);
      assert.equal(new Set(placed.map((p) => p.body.order.orderNumber)).size, 1);
    });

    it("keeps the customer's last acknowledged choice when a downgrade is cancelled while its renewal is being charged", async () => {
      api.clock.set(at('2026-03-20'));
      const { id, email, token: before } = await customer({ plan: 'maxon' });
      assert.equal(planChangeResponseSchema.parse((await change(before, 'starton', 0)).body).result, 'SCHEDULED');
      // The renewal's charge is held at the processor until the customer has clicked 'Otkaži promjenu'.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let charging!: () => void;
      const charged_ = new Promise<void>((resolve) => (charging = resolve));
      const gateway = api.ctx.billing.gateway;
      const slow = Object.create(gateway) as typeof gateway;
      slow.createPayment = async (input) => {
        const payment = await gateway.createPayment(input);
        // Other tests' subscriptions due the same day go through at once.
        if (input.customerRef !== String(id)) return payment;
        charging();
        await held;
        return payment;
      };
      api.clock.set(at('2026-04-01', '06:00'));
      const token = (
        (await api.call('POST', '/login', { body: { username: email, password: DEMO_CUSTOMER.password, ...device } }))
          .body as { token: string }
      ).token;
      const renewal = runBilling({ ...api.ctx.billing, gateway: slow }, at('2026-04-01', '06:00'));
      await charged_;
      const cancelled = await api.call('DELETE', '/ontv/plan-change', { token });
      release();
      await renewal;
      const sub = await subscription(id);
      if (cancelled.status === 200) {
        assert.equal(sub.plan_code, 'maxon', 'a cancel acknowledged keeps MaxON');
      } else {
        assert.equal(cancelled.status, 409);
        assert.equal(
          (cancelled.body as { message: string }).message,
          'Pretplata se upravo obnavlja: paket možeš promijeniti kada obnova bude plaćena.',
        );
        assert.deepEqual(
          [sub.plan_code, sub.pending_plan_code, sub.next_payment_on],
          ['starton', null, '2026-05-01'],
          'the renewal charged and started StartON, as the customer was told',
        );
        assert.equal(await charged(id), 1490);
      }
    });

    it('deactivating with an upgrade waiting for its payment cancels the upgrade: the customer is never charged for it', async () => {
      api.clock.set(at('2026-03-16'));
      const { id, token } = await customer();
      const placed = planChangeResponseSchema.parse((await change(token, 'maxon', 5.16, 'upgrade-key-0077')).body);
      assert.equal(placed.result, 'PAYMENT');
      assert.equal((await api.call('GET', '/ontv/deactivate', { token })).status, 200);
      const paid = await payOrder(api, placed.order!.paymentSecret);
      assert.notEqual(paid.body.status, 'succeeded', 'the payment can no longer be confirmed');
      const [succeeded] = await api.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM sandbox_intents WHERE kind = 'payment' AND status = 'succeeded' AND idempotency_key = $1`,
        [`payment:order-${placed.order!.orderNumber}`],
      );
      assert.equal(succeeded!.n, 0, 'no charge, not even one given back');
      const sub = await subscription(id);
      assert.deepEqual([sub.status, sub.plan_code], ['DEACTIVATED', 'starton']);
    });

    it(`${BURST} downgrades and cancels at once leave one clear state, and a renewal racing an upgrade's payment never charges twice`, async () => {
      api.clock.set(at('2026-03-10'));
      const down = await customer({ plan: 'maxon' });
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          i % 2 ? change(down.token, 'starton', 0) : api.call('DELETE', '/ontv/plan-change', { token: down.token }),
        ),
      );
      assert.deepEqual([...new Set(answers.map((a) => a.status))], [200]);
      const after = await subscription(down.id);
      assert.equal(after.plan_code, 'maxon');
      assert.ok(after.pending_plan_code === null || after.pending_plan_code === 'starton');

      // An upgrade ordered on the period's last day and paid only after midnight, before or while the
      // renewal runs: refunded (its day is over), and the renewal charges the old package once.
      for (const race of [false, true]) {
        api.clock.set(at('2026-03-31'));
        const up = await customer();
        const placed = planChangeResponseSchema.parse((await change(up.token, 'maxon', 0.32)).body);
        api.clock.set(at('2026-04-01', '06:00'));
        const renew = () => runBilling(api.ctx.billing, at('2026-04-01', '06:00'));
        const pay = () => payOrder(api, placed.order!.paymentSecret);
        const paid = race ? (await Promise.all([renew(), pay()]))[1] : await pay();
        if (!race) await renew();
        assert.equal(paid.body.status, 'succeeded');
        const sub = await subscription(up.id);
        assert.deepEqual([sub.plan_code, sub.next_payment_on], ['starton', '2026-05-01']);
        assert.equal(await charged(up.id), 1490, 'the renewal once; the late upgrade given back');
      }
    });
  });
}
