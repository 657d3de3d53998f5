/**
 * A promo's free period is once per customer and package and also once per card and package
 * (docs/limits.md, product.md §4 Promo): new accounts that save the same card get one free period
 * between them, and the others are told why in Bosnian and may buy the package at its price.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import { randomUUID } from 'node:crypto';
import { DEMO_CUSTOMER } from '../src/db/seed';
import { StripeGateway, type StripeClient } from '../src/money/processor/stripe';
import type { PaymentEvent } from '../src/money/processor/gateway';
import { addCard, device, engines, payOrder, startApi, testCustomer, type StartedApi } from './harness';

const SAME_CARD = '4242424242424242';
const OTHER_CARD = '5555555555554444';
const FRESH_CARD = '6759649826438453';
const BURST = 100;

for (const engine of engines()) {
  describe(`a promo once per card on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine, env: { LOGIN_LIMIT_CLIENT: '100000', LOGIN_LIMIT_ACCOUNT: '1000' } });
    });
    after(async () => {
      await api?.close();
    });

    /** A new account that may buy (its subscription EXPIRED, no card yet), signed in. */
    async function newAccount(): Promise<{ id: number; token: string }> {
      const { id, email } = await testCustomer(api.db, { nextPaymentOn: '2026-01-01', status: 'EXPIRED', card: null });
      const response = await api.call('POST', '/login', {
        body: { username: email, password: DEMO_CUSTOMER.password, ...device },
      });
      assert.equal(response.status, 200, `login of ${email}`);
      return { id, token: (response.body as { token: string }).token };
    }
    const promo = (token: string, plan: string) =>
      api.call('POST', '/ontv/createSubscriptionInPromoPeriod', { token, body: { plan } });
    const fingerprintOf = async (customerId: number) =>
      (
        await api.db.query<{ fingerprint: string | null }>(
          `SELECT fingerprint FROM credit_cards WHERE customer_id = $1 AND status = 'ACTIVE'`,
          [customerId],
        )
      )[0]?.fingerprint;
    const subscription = async (customerId: number) =>
      (
        await api.db.query<{ plan_code: string; status: string; promo_type: string | null }>(
          'SELECT plan_code, status, promo_type FROM subscriptions WHERE customer_id = $1',
          [customerId],
        )
      )[0];

    it('three accounts save the same card: the first gets the free period, the others the reason and the paid subscription', async () => {
      const accounts = [await newAccount(), await newAccount(), await newAccount()];
      const saved = [];
      for (const account of accounts) {
        const card = await addCard(api, account.token, SAME_CARD);
        assert.equal(card.confirmed.status, 'succeeded');
        saved.push(card);
      }
      const fingerprints = await Promise.all(accounts.map((a) => fingerprintOf(a.id)));
      assert.ok(fingerprints[0], 'the saved card carries the processor fingerprint');
      assert.deepEqual(new Set(fingerprints).size, 1, 'the same card, the same fingerprint');
      assert.ok(!fingerprints[0]!.includes('4242'), 'never the number');

      const [first, second, third] = accounts as [(typeof accounts)[0], (typeof accounts)[0], (typeof accounts)[0]];
      assert.equal((await promo(first.token, 'maxon')).status, 200);
      for (const refused of [second, third]) {
        const answer = await promo(refused.token, 'maxon');
        assert.equal(answer.status, 409);
        assert.deepEqual(
          { code: answer.body.code, message: answer.body.message },
          {
            code: 'CARD_PROMO_USED',
            message:
              'Ova kartica je već iskoristila besplatni period za ovaj paket. Paket možeš kupiti po redovnoj cijeni.',
          },
        );
        assert.equal((await subscription(refused.id))?.status, 'EXPIRED', 'no free period');
      }

      // The refused account buys the same package at its price, with the same card.
      const order = await api.call('POST', '/ontv-payments/new-account/order', {
        token: second.token,
        body: { creditCardId: saved[1]!.code, amount: 24.9, ontvPlanId: 'maxon' },
      });
      assert.equal(order.status, 200, JSON.stringify(order.body));
      assert.equal((await payOrder(api, order.body.paymentSecret)).body.status, 'succeeded');
      assert.deepEqual(
        { ...(await subscription(second.id)) },
        { plan_code: 'maxon', status: 'ACTIVE', promo_type: null },
      );

      // Once per card and package: the same card still has the other package's free period.
      assert.equal((await promo(third.token, 'starton')).status, 200);
      assert.deepEqual(
        { ...(await subscription(third.id)) },
        { plan_code: 'starton', status: 'ACTIVE', promo_type: 'DURATION_BASED' },
      );
    });

    it('a different card still gets its promo', async () => {
      const account = await newAccount();
      await addCard(api, account.token, OTHER_CARD);
      const fingerprint = await fingerprintOf(account.id);
      assert.ok(fingerprint);
      const [used] = await api.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM promo_uses WHERE card_fingerprint = $1`,
        [fingerprint],
      );
      assert.equal(used?.n, 0);
      assert.equal((await promo(account.token, 'maxon')).status, 200);
      assert.equal((await subscription(account.id))?.promo_type, 'TIME_UNTIL_BASED');
    });

    it(`${BURST} accounts with the same card ask for the promo at once: exactly one free period`, async () => {
      // The card is saved once through the processor; the burst's accounts hold the same card (its
      // fingerprint and payment method), as if each had saved it.
      const owner = await newAccount();
      await addCard(api, owner.token, FRESH_CARD);
      const [card] = await api.db.query<{ fingerprint: string; payment_method: string }>(
        `SELECT fingerprint, payment_method FROM credit_cards WHERE customer_id = $1`,
        [owner.id],
      );
      assert.ok(card?.fingerprint);
      const accounts = [];
      for (let i = 0; i < BURST; i += 1) {
        const account = await newAccount();
        await api.db.query(
          `INSERT INTO credit_cards (code, customer_id, primary_card, card_type, masked_number, expiration_mm, expiration_yy, payment_method, fingerprint, created_at)
           VALUES ($1, $2, true, 'maestro', '**** **** **** 8453', 12, 30, $3, $4, now())`,
          [randomUUID(), account.id, card.payment_method, card.fingerprint],
        );
        accounts.push(account);
      }
      const answers = await Promise.all(accounts.map((a) => promo(a.token, 'maxon')));
      const counts: Record<string, number> = {};
      for (const answer of answers) {
        const key = `${answer.status} ${answer.body?.code ?? ''}`.trim();
        counts[key] = (counts[key] ?? 0) + 1;
      }
      assert.deepEqual(counts, { '200': 1, '409 CARD_PROMO_USED': BURST - 1 }, JSON.stringify(counts));
      const [rows] = await api.db.query<{ uses: number; active: number }>(
        `SELECT (SELECT count(*)::int FROM promo_uses WHERE card_fingerprint = $1) AS uses,
                (SELECT count(*)::int FROM subscriptions s JOIN credit_cards c ON c.customer_id = s.customer_id
                  WHERE c.fingerprint = $1 AND s.status = 'ACTIVE') AS active`,
        [card.fingerprint],
      );
      assert.deepEqual({ ...rows }, { uses: 1, active: 1 });
    });
  });
}

describe('the Stripe gateway and card fingerprints', () => {
  it("passes Stripe's card fingerprint on with a saved card", async () => {
    const webhooks = new Stripe('sk_test_offline').webhooks;
    const secret = 'whsec_test_fingerprint';
    const client = {
      webhooks,
      paymentMethods: {
        retrieve: async (id: string) => ({
          id,
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, fingerprint: 'Xt5EWLLDS7FJjR1c' },
        }),
      },
    } as unknown as StripeClient;
    const gateway = new StripeGateway(client, secret);
    const events: PaymentEvent[] = [];
    gateway.onEvent(async (event) => {
      events.push(event);
    });
    const payload = JSON.stringify({
      id: 'evt_fp',
      object: 'event',
      type: 'setup_intent.succeeded',
      data: { object: { id: 'seti_fp', object: 'setup_intent', payment_method: 'pm_fp' } },
    });
    await gateway.receive(payload, webhooks.generateTestHeaderString({ payload, secret }));
    assert.deepEqual(events, [
      {
        type: 'setup.succeeded',
        setupId: 'seti_fp',
        card: {
          paymentMethod: 'pm_fp',
          brand: 'visa',
          last4: '4242',
          expMonth: 12,
          expYear: 2030,
          fingerprint: 'Xt5EWLLDS7FJjR1c',
        },
      },
    ]);
  });
});
