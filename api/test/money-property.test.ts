/**
 * Money is exact, tried by chance (fast-check): random sequences of purchases, renewals, upgrades,
 * downgrades and their cancelling, price rises and cuts, refunds, deactivations and reactivations,
 * gifts bought, redeemed and subscribed with, and days going by, each as a customer or an admin makes it through the API against the sandbox processor. After each
 * step, for the customer of the sequence:
 * - the processor's charges less its refunds equal the ledger's card entries (charges less refunds);
 * - every charge the processor kept is an order that is PAID: it bought service, or it came back;
 * - every renewal charged no more than a price the customer was told for that package by its due day
 *   (what they paid or were quoted, or a price notice), a cut aside;
 * - a gift is refunded or redeemed, never both, and each of its months pays one order, once redeemed.
 * A step that is refused changes nothing and is never a 5xx.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { planChangeQuoteSchema } from '@portal/shared/contract';
import { runBilling } from '../src/money/billing/job';
import { isoDay } from '../src/days';
import { customerToken, engines, payOrder, staffToken, startApi, testCustomer, type StartedApi } from './harness';

type Plan = 'starton' | 'maxon';
type Step =
  | { kind: 'buy'; plan: Plan }
  | { kind: 'renew' }
  | { kind: 'change'; plan: Plan }
  | { kind: 'cancelChange' }
  | { kind: 'price'; plan: Plan; deltaFening: number }
  | { kind: 'refund'; after: 'end-now' | 'keep-to-period-end' }
  | { kind: 'deactivate' }
  | { kind: 'reactivate' }
  | { kind: 'wait'; days: number }
  | { kind: 'gift'; plan: Plan; months: number }
  | { kind: 'redeem' }
  | { kind: 'voucherSubscribe'; plan: Plan };

const plan = fc.constantFrom<Plan>('starton', 'maxon');
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('buy' as const), plan }),
  { arbitrary: fc.constant({ kind: 'renew' as const }), weight: 3 },
  fc.record({ kind: fc.constant('change' as const), plan }),
  fc.constant({ kind: 'cancelChange' as const }),
  {
    arbitrary: fc.record({
      kind: fc.constant('price' as const),
      plan,
      deltaFening: fc.integer({ min: -3, max: 8 }).map((n) => (n === 0 ? 100 : n * 100)),
    }),
    weight: 3,
  },
  fc.record({
    kind: fc.constant('refund' as const),
    after: fc.constantFrom('end-now' as const, 'keep-to-period-end' as const),
  }),
  fc.constant({ kind: 'deactivate' as const }),
  fc.constant({ kind: 'reactivate' as const }),
  { arbitrary: fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 27 }) }), weight: 3 },
  fc.record({ kind: fc.constant('gift' as const), plan, months: fc.integer({ min: 1, max: 3 }) }),
  { arbitrary: fc.constant({ kind: 'redeem' as const }), weight: 2 },
  fc.record({ kind: fc.constant('voucherSubscribe' as const), plan }),
);

const SEED = process.env.MONEY_SEED ?? '20261207';
const km = (fening: number) => (fening / 100).toFixed(2).replace('.', ',');
/** A price notice's text: `od 1.5.2026. cijena tvog paketa StartON je 19,90 KM`. */
const NOTICE = /od (\d+)\.(\d+)\.(\d{4})\. cijena tvog paketa (\S+) je (\d+),(\d\d) KM/;

for (const engine of engines()) {
  describe(`money by chance on ${engine}`, () => {
    let api: StartedApi;
    let admins = 0;
    before(async () => {
      api = await startApi({
        engine,
        env: { SANDBOX: '1', LOGIN_LIMIT_CLIENT: '1000000', LOGIN_LIMIT_ACCOUNT: '1000000' },
      });
      api.clock.set(new Date('2026-03-01T10:00:00Z'));
    });
    after(async () => {
      await api?.close();
    });

    const admin = () => staffToken(api, `slucaj${admins++}@ontv.ba`, 'admin');
    const today = () => isoDay(api.clock.now());
    const listPrice = async (code: Plan) => (await api.ctx.store.prices.priceForOrder(code, today()))!.price_fening;
    const noServerError = (answer: { status: number; body: unknown }, what: string) =>
      assert.ok(answer.status < 500, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`);

    /** The customer of a sequence: what they were told per package, and the gifts they bought, not yet redeemed. */
    interface Who {
      id: number;
      token: string;
      card: string;
      told: Record<string, Array<{ price: number; from: string }>>;
      gifts: Array<{ code: string; order: string }>;
    }

    /** One customer's sequence: what they were told per package (price, from which day), and the steps. */
    async function play(steps: Step[]): Promise<void> {
      const { id, email } = await testCustomer(api.db, {
        plan: 'starton',
        status: 'EXPIRED',
        nextPaymentOn: today(),
        emailPrefix: 'slucaj',
      });
      const told: Record<string, Array<{ price: number; from: string }>> = { starton: [], maxon: [] };
      const gifts: Who['gifts'] = [];
      const card = (
        await api.db.query<{ code: string }>('SELECT code FROM credit_cards WHERE customer_id = $1', [id])
      )[0]!.code;
      for (const [index, next] of steps.entries()) {
        api.clock.advance(3_600_000);
        const token = await customerToken(api, email);
        await apply(next, { id, token, card, told, gifts });
        await hearNotices(email, told);
        await checkBooks(id, `after step ${index + 1} (${JSON.stringify(next)}) of ${JSON.stringify(steps)}`, told);
      }
    }

    async function apply(next: Step, who: Who): Promise<void> {
      const { id, token, card, told } = who;
      switch (next.kind) {
        case 'buy': {
          const amount = await listPrice(next.plan);
          const order = await api.call('POST', '/ontv-payments/new-account/order', {
            token,
            body: { creditCardId: card, amount: amount / 100, ontvPlanId: next.plan },
            headers: { 'idempotency-key': randomUUID() },
          });
          noServerError(order, 'order');
          if (order.status !== 200) return;
          const paid = await payOrder(api, order.body.paymentSecret as string);
          noServerError(paid, 'payment');
          if (paid.body.status === 'succeeded') told[next.plan]!.push({ price: amount, from: today() });
          return;
        }
        case 'renew': {
          const [row] = await api.db.query<{ due: string | null }>(
            `SELECT to_char(next_payment_on, 'YYYY-MM-DD') AS due FROM subscriptions WHERE customer_id = $1`,
            [id],
          );
          const due = row?.due && row.due > today() ? new Date(`${row.due}T06:00:00Z`) : api.clock.now();
          if (due > api.clock.now()) api.clock.set(due);
          await runBilling(api.ctx.billing, api.clock.now());
          return;
        }
        case 'change': {
          const quote = await api.call('GET', `/ontv/plan-change?plan=${next.plan}`, { token });
          noServerError(quote, 'quote');
          if (quote.status !== 200) return;
          const { kind, amount, to } = planChangeQuoteSchema.parse(quote.body);
          const change = await api.call('POST', '/ontv/plan-change', {
            token,
            body: { plan: next.plan, amount },
            headers: { 'idempotency-key': randomUUID() },
          });
          noServerError(change, 'change');
          if (change.status !== 200) return;
          if (kind === 'UPGRADE') {
            const secret = (change.body.order as { paymentSecret: string } | null)?.paymentSecret;
            if (secret && (await payOrder(api, secret)).body.status === 'succeeded')
              told[next.plan]!.push({ price: Math.round(to.price * 100), from: today() });
          } else told[next.plan]!.push({ price: Math.round(to.price * 100), from: today() });
          return;
        }
        case 'cancelChange':
          return noServerError(await api.call('DELETE', '/ontv/plan-change', { token }), 'cancel');
        case 'price': {
          const price = Math.max(100, (await listPrice(next.plan)) + next.deltaFening);
          const changed = await api.call('POST', `/staff/prices/${next.plan}`, {
            token: await admin(),
            body: { price: km(price), appliesFrom: today(), reason: 'Slučajna promjena cijene' },
          });
          return noServerError(changed, 'price');
        }
        case 'refund': {
          const [paid] = await api.db.query<{ order_number: string; amount_fening: number }>(
            `SELECT order_number, amount_fening FROM payment_orders
              WHERE customer_id = $1 AND status = 'PAID' AND provider_payment_id IS NOT NULL
              ORDER BY updated_at DESC, order_number DESC LIMIT 1`,
            [id],
          );
          if (!paid) return;
          const refund = await api.call('POST', `/staff/customers/${id}/payments/${paid.order_number}/refund`, {
            token: await admin(),
            body: { after: next.after, amount: km(paid.amount_fening), reason: 'Slučajni povrat', key: randomUUID() },
          });
          return noServerError(refund, 'refund');
        }
        case 'deactivate':
          return noServerError(await api.call('POST', '/ontv/deactivate', { token }), 'deactivate');
        case 'reactivate':
          return noServerError(await api.call('POST', '/ontv/reactivateWithoutPayment', { token }), 'reactivate');
        case 'wait':
          return api.clock.advance(next.days * 86_400_000);
        case 'gift':
          return buyGift(next, who);
        case 'redeem':
          return redeemGift(who);
        case 'voucherSubscribe': {
          const body = { plan: next.plan };
          return noServerError(await api.call('POST', '/ontv/subscribe-with-voucher', { token, body }), 'subscribe');
        }
      }
    }

    /** A gift of the package bought by card; its code, sent to the friend named, is kept for a later redeeming. */
    async function buyGift(next: { plan: Plan; months: number }, { id, token, card, gifts }: Who): Promise<void> {
      const to = `dar.${id}.${randomUUID().slice(0, 8)}@example.ba`;
      const amount = (await listPrice(next.plan)) * next.months;
      const placed = await api.call('POST', '/customer/gifts', {
        token,
        body: { plan: next.plan, months: next.months, to, message: 'Sretno', amount: amount / 100, creditCardId: card },
        headers: { 'idempotency-key': randomUUID() },
      });
      noServerError(placed, 'gift');
      if (placed.status !== 200) return;
      noServerError(await payOrder(api, placed.body.paymentSecret as string), 'gift payment');
      const sent = (await api.call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`)).body as Array<{ code: string }>;
      if (sent[0]) gifts.push({ code: sent[0].code, order: placed.body.orderNumber as string });
    }

    /** The customer redeems the oldest gift they hold: a refunded gift's code redeems nothing. */
    async function redeemGift({ token, gifts }: Who): Promise<void> {
      const gift = gifts.shift();
      if (!gift) return;
      const redeemed = await api.call('POST', '/customer/redeem-voucher', { token, body: { code: gift.code } });
      noServerError(redeemed, 'redeem');
      const [refund] = await api.db.query(`SELECT 1 FROM refunds WHERE order_number = $1 AND status <> 'FAILED'`, [
        gift.order,
      ]);
      if (redeemed.status === 200) assert.equal(refund, undefined, `a refunded gift redeemed ${gift.order}`);
    }

    /** The price notices sent to the customer, as what they were told. */
    async function hearNotices(email: string, told: Record<string, Array<{ price: number; from: string }>>) {
      const sent = (await api.call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`)).body as Array<{
        text: string;
      }>;
      for (const { text } of sent) {
        const notice = NOTICE.exec(text);
        if (!notice) continue;
        const [, d, m, y, name, whole, cents] = notice;
        const from = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
        const price = Number(whole) * 100 + Number(cents);
        const list = told[name === 'MaxON' ? 'maxon' : 'starton']!;
        if (!list.some((t) => t.price === price && t.from === from)) list.push({ price, from });
      }
    }

    async function checkBooks(
      id: number,
      where: string,
      told: Record<string, Array<{ price: number; from: string }>>,
    ): Promise<void> {
      // The processor's side: the payments made with the customer's card, less what it gave back.
      const kept = await api.db.query<{ id: string; kept: number }>(
        `SELECT i.id, i.amount_fening - CASE WHEN i.refunded_at IS NULL THEN 0 WHEN i.refunded_fening = 0 THEN i.amount_fening
                                             ELSE i.refunded_fening END AS kept
           FROM sandbox_intents i JOIN credit_cards c ON c.payment_method = i.payment_method
          WHERE c.customer_id = $1 AND i.kind = 'payment' AND i.status = 'succeeded'`,
        [id],
      );
      const [ledger] = await api.db.query<{ net: number }>(
        `SELECT COALESCE(sum(CASE entry WHEN 'CHARGE' THEN amount_fening WHEN 'REFUND' THEN -amount_fening ELSE 0 END), 0)::int AS net
           FROM money_ledger WHERE customer_id = $1 AND means = 'CARD'`,
        [id],
      );
      const processorNet = kept.reduce((sum, k) => sum + Number(k.kept), 0);
      assert.equal(ledger!.net, processorNet, `ledger against processor ${where}`);
      for (const k of kept.filter((k) => Number(k.kept) > 0)) {
        const [order] = await api.db.query<{ status: string }>(
          'SELECT status FROM payment_orders WHERE provider_payment_id = $1',
          [k.id],
        );
        assert.equal(order?.status, 'PAID', `a charge kept buys service: ${k.id} ${where}`);
      }
      await checkOrderStates(id, where);
      await checkGifts(id, where);
      const renewals = await api.db.query<{ plan_code: string; due: string; amount_fening: number }>(
        `SELECT plan_code, to_char(due_on, 'YYYY-MM-DD') AS due, amount_fening FROM payment_orders
          WHERE customer_id = $1 AND kind = 'RENEWAL' AND status IN ('PAID', 'REFUNDED')`,
        [id],
      );
      for (const r of renewals) {
        const allowed = told[r.plan_code]!.filter((t) => t.from <= r.due).map((t) => t.price);
        assert.ok(
          allowed.length > 0 && r.amount_fening <= Math.max(...allowed),
          `renewal of ${r.due} charged ${r.amount_fening} for ${r.plan_code}, told ${JSON.stringify(told)} ${where}`,
        );
      }
    }

    /**
     * Each order's state follows from its ledger entries: PAID (it bought its service) has a charge or credit
     * used, of which an admin's refund may have given some or all back; REFUNDED (a charge that bought
     * nothing) was charged and given back in full; an order in any other state was never charged.
     */
    async function checkOrderStates(id: number, where: string): Promise<void> {
      const wrong = await api.db.query<{
        order_number: string;
        status: string;
        charged: number;
        credit: number;
        back: number;
      }>(
        `SELECT o.order_number, o.status,
                COALESCE(sum(l.amount_fening) FILTER (WHERE l.entry = 'CHARGE'), 0)::int AS charged,
                COALESCE(sum(l.amount_fening) FILTER (WHERE l.entry = 'CREDIT_USED'), 0)::int AS credit,
                COALESCE(sum(l.amount_fening) FILTER (WHERE l.entry = 'REFUND'), 0)::int AS back
           FROM payment_orders o LEFT JOIN money_ledger l ON l.order_number = o.order_number
          WHERE o.customer_id = $1 GROUP BY o.order_number, o.status`,
        [id],
      );
      for (const o of wrong) {
        const state =
          o.status === 'PAID'
            ? (o.charged > 0 || o.credit > 0) && o.back <= o.charged
            : o.status === 'REFUNDED'
              ? o.charged > 0 && o.back === o.charged
              : o.charged === 0 && o.credit === 0;
        assert.ok(state, `order ${o.order_number} is ${o.status} with entries ${JSON.stringify(o)} ${where}`);
      }
    }

    /** A gift is refunded or redeemed, never both; its months are used once each, by orders it paid. */
    async function checkGifts(id: number, where: string): Promise<void> {
      const gifts = await api.db.query<{
        order_number: string;
        refunded: boolean;
        redeemed: boolean;
        months: number;
        left: number | null;
        used: number;
      }>(
        `SELECT o.order_number, EXISTS (SELECT 1 FROM refunds r WHERE r.order_number = o.order_number AND r.status <> 'FAILED') AS refunded,
                v.redeemed_at IS NOT NULL AS redeemed, g.months, v.months_left AS left,
                (SELECT count(*) FROM payment_orders u WHERE u.paid_by_gift = o.order_number)::int AS used
           FROM payment_orders o JOIN voucher_gifts g ON g.order_number = o.order_number
           LEFT JOIN vouchers v ON v.id = g.voucher_id
          WHERE o.customer_id = $1 AND o.kind = 'GIFT'`,
        [id],
      );
      for (const g of gifts) {
        assert.ok(!(g.refunded && g.redeemed), `gift ${g.order_number} refunded and redeemed ${where}`);
        if (g.redeemed) assert.equal(g.used + g.left!, g.months, `gift ${g.order_number}'s months ${where}`);
        else assert.equal(g.used, 0, `gift ${g.order_number} paid months before it was redeemed ${where}`);
      }
    }

    it('keeps the books with the processor, gives every charge service or back, and charges no renewal above what was told', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 8 }), async (steps) => {
          await play([{ kind: 'buy', plan: 'starton' }, ...steps]);
        }),
        {
          // A fixed seed keeps the suite's verdict the same on every run; `MONEY_SEED=random MONEY_RUNS=500`
          // explores (docs/money.md), and a sequence it finds joins the examples below.
          ...(SEED === 'random' ? {} : { seed: Number(SEED) }),
          numRuns: Number(process.env.MONEY_RUNS ?? (engine === 'postgres' ? 10 : 20)),
          endOnFailure: true,
          includeErrorInReport: true,
          // Tried first, every time: the holes found by hand (a rise less than the notice period before a
          // renewal; a rise of the package a downgrade waits for; a refund racing nothing but time).
          examples: [
            [[{ kind: 'wait', days: 20 }, { kind: 'price', plan: 'starton', deltaFening: 500 }, { kind: 'renew' }]],
            [
              [
                { kind: 'change', plan: 'maxon' },
                { kind: 'wait', days: 10 },
                { kind: 'change', plan: 'starton' },
                { kind: 'price', plan: 'starton', deltaFening: 300 },
                { kind: 'renew' },
                { kind: 'renew' },
              ],
            ],
            [[{ kind: 'refund', after: 'keep-to-period-end' }, { kind: 'renew' }, { kind: 'buy', plan: 'maxon' }]],
            [
              [
                { kind: 'gift', plan: 'starton', months: 2 },
                { kind: 'refund', after: 'keep-to-period-end' },
                { kind: 'redeem' },
              ],
            ],
            [
              [
                { kind: 'gift', plan: 'maxon', months: 1 },
                { kind: 'redeem' },
                { kind: 'refund', after: 'end-now' },
                { kind: 'voucherSubscribe', plan: 'maxon' },
                { kind: 'renew' },
                { kind: 'renew' },
              ],
            ],
            // Found by chance (seed 371302221): an upgrade on a day the database's clock had not reached
            // was quoted at that clock's price and agreed at the portal's.
            [
              [
                { kind: 'deactivate' },
                { kind: 'renew' },
                { kind: 'wait', days: 300 },
                { kind: 'buy', plan: 'starton' },
                { kind: 'price', plan: 'maxon', deltaFening: 500 },
                { kind: 'change', plan: 'maxon' },
                { kind: 'renew' },
              ],
            ],
          ],
        },
      );
    });
  });
}
