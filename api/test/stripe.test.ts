import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import { StripeGateway, type StripeClient } from '../src/money/processor/stripe';
import type { PaymentEvent } from '../src/money/processor/gateway';
import { runBilling } from '../src/money/billing/job';
import { startApi, type StartedApi } from './harness';

const WEBHOOK_SECRET = 'whsec_test_portal';
const webhooks = new Stripe('sk_test_offline').webhooks;

/** A Stripe client that records calls and answers like the API would, the way react-stripe-js's tests mock Stripe. */
function mockStripe(offSession: 'decline' | 'succeed' = 'decline') {
  const calls: { method: string; params: unknown; options?: unknown }[] = [];
  const record =
    <T>(method: string, answer: (params: any) => T) =>
    async (params: unknown, options?: unknown) => {
      calls.push({ method, params, options });
      return answer(params);
    };
  const client = {
    webhooks,
    customers: {
      search: record('customers.search', () => ({ data: [] })),
      create: record('customers.create', () => ({ id: 'cus_1' })),
    },
    setupIntents: { create: record('setupIntents.create', () => ({ id: 'seti_1', client_secret: 'seti_1_secret_x' })) },
    paymentIntents: {
      create: record('paymentIntents.create', (params: { off_session?: boolean }) => {
        if (params.off_session && offSession === 'succeed')
          return { id: 'pi_renewal', client_secret: 'pi_renewal_secret', status: 'succeeded' };
        if (params.off_session) {
          throw new Stripe.errors.StripeCardError({
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
            payment_intent: { id: 'pi_off', client_secret: 'pi_off_secret', status: 'requires_payment_method' },
          } as never);
        }
        return { id: 'pi_1', client_secret: 'pi_1_secret_x', status: 'requires_confirmation' };
      }),
    },
    refunds: {
      create: record('refunds.create', () => ({ id: 're_portal' })),
      // pi_mixed has one refund the portal made (marked) and one made in the dashboard.
      list: (params: { payment_intent: string }) => {
        calls.push({ method: 'refunds.list', params });
        return (async function* () {
          if (params.payment_intent !== 'pi_mixed') return;
          yield { id: 're_portal', status: 'succeeded', amount: 300, metadata: { portal_refund: 'refund-uuid' } };
          yield { id: 're_dashboard', status: 'succeeded', amount: 500, metadata: {} };
          yield { id: 're_failed', status: 'failed', amount: 700, metadata: {} };
        })();
      },
    },
    paymentMethods: {
      retrieve: record('paymentMethods.retrieve', (id: string) => ({
        id,
        card: { brand: id === 'pm_amex' ? 'amex' : 'mastercard', last4: '4444', exp_month: 7, exp_year: 2031 },
      })),
      detach: record('paymentMethods.detach', () => ({})),
    },
  };
  return { client: client as unknown as StripeClient, calls };
}

function signed(event: object) {
  const payload = JSON.stringify(event);
  return { payload, signature: webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

/** The API on the embedded database with Stripe as its payment provider, with offline keys. */
const startStripeApi = () =>
  startApi({
    engine: 'pglite',
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
    },
  });

/** Posts a signed event to the API's Stripe webhook, as Stripe delivers it. */
const deliver = (api: StartedApi, event: ReturnType<typeof signed>) =>
  api.call('POST', '/payments/stripe/webhook', {
    raw: event.payload,
    headers: { 'stripe-signature': event.signature },
  });

describe('the Stripe gateway', () => {
  it('saves cards with a SetupIntent for off-session use and pays orders with an idempotent PaymentIntent in BAM', async () => {
    const { client, calls } = mockStripe();
    const gateway = new StripeGateway(client, WEBHOOK_SECRET);
    assert.deepEqual(await gateway.createSetup({ customerRef: '42', idempotencyKey: 'card-1' }), {
      id: 'seti_1',
      clientSecret: 'seti_1_secret_x',
    });
    const setup = calls.find((c) => c.method === 'setupIntents.create')!;
    assert.deepEqual(setup.params, { customer: 'cus_1', usage: 'off_session', metadata: { portal_customer: '42' } });
    assert.deepEqual(setup.options, { idempotencyKey: 'setup-card-1' });

    const payment = await gateway.createPayment({
      amountFening: 2490,
      paymentMethod: 'pm_1',
      customerRef: '42',
      idempotencyKey: 'order-2026-000001',
      description: 'MaxON',
    });
    assert.deepEqual(payment, { id: 'pi_1', clientSecret: 'pi_1_secret_x', state: { status: 'pending' } });
    const create = calls.find((c) => c.method === 'paymentIntents.create')!;
    assert.equal((create.params as { currency: string }).currency, 'bam');
    assert.equal((create.params as { amount: number }).amount, 2490);
    assert.deepEqual(create.options, { idempotencyKey: 'order-2026-000001' });
  });

  it('answers an off-session decline as a failed payment with the decline code', async () => {
    const gateway = new StripeGateway(mockStripe().client, WEBHOOK_SECRET);
    const payment = await gateway.createPayment({
      amountFening: 1490,
      paymentMethod: 'pm_1',
      customerRef: '42',
      idempotencyKey: 'renewal-1',
      description: 'StartON',
      offSession: true,
    });
    assert.deepEqual(payment.state, { status: 'failed', code: 'insufficient_funds' });
  });

  it('turns signed webhooks into portal events and refuses unsigned or altered ones', async () => {
    const gateway = new StripeGateway(mockStripe().client, WEBHOOK_SECRET);
    const events: PaymentEvent[] = [];
    gateway.onEvent(async (event) => {
      events.push(event);
    });
    const setup = signed({
      id: 'evt_1',
      object: 'event',
      type: 'setup_intent.succeeded',
      data: { object: { id: 'seti_1', object: 'setup_intent', payment_method: 'pm_1' } },
    });
    await gateway.receive(setup.payload, setup.signature);
    const paid = signed({
      id: 'evt_2',
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: {
        object: {
          id: 'pi_1',
          object: 'payment_intent',
          last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
        },
      },
    });
    await gateway.receive(paid.payload, paid.signature);
    const amex = signed({
      id: 'evt_3',
      object: 'event',
      type: 'setup_intent.succeeded',
      data: { object: { id: 'seti_2', object: 'setup_intent', payment_method: 'pm_amex' } },
    });
    await gateway.receive(amex.payload, amex.signature);
    assert.deepEqual(events, [
      {
        type: 'setup.succeeded',
        setupId: 'seti_1',
        card: { paymentMethod: 'pm_1', brand: 'master', last4: '4444', expMonth: 7, expYear: 2031 },
      },
      { type: 'payment.failed', paymentId: 'pi_1', code: 'insufficient_funds' },
      { type: 'setup.failed', setupId: 'seti_2', code: 'unsupported_brand' },
    ]);

    await assert.rejects(
      gateway.receive(setup.payload.replace('pm_1', 'pm_9'), setup.signature),
      Stripe.errors.StripeSignatureVerificationError,
    );
    const foreign = webhooks.generateTestHeaderString({ payload: setup.payload, secret: 'whsec_someone_else' });
    await assert.rejects(gateway.receive(setup.payload, foreign), Stripe.errors.StripeSignatureVerificationError);
    assert.equal(events.length, 3, 'nothing more was handled');
  });
});

describe("the processor's own refunds and disputes, from Stripe", () => {
  it("tells the portal of refunds made in Stripe's dashboard and of disputes, never of its own refunds", async () => {
    const { client, calls } = mockStripe();
    const gateway = new StripeGateway(client, WEBHOOK_SECRET);
    const events: PaymentEvent[] = [];
    gateway.onEvent(async (event) => {
      events.push(event);
    });
    await gateway.refund('pi_mixed', { amountFening: 300, idempotencyKey: 'refund-uuid' });
    const created = calls.find((c) => c.method === 'refunds.create')!;
    assert.deepEqual(created.params, {
      payment_intent: 'pi_mixed',
      amount: 300,
      metadata: { portal_refund: 'refund-uuid' },
    });
    assert.deepEqual(created.options, { idempotencyKey: 'refund-refund-uuid' });

    const deliverToGateway = async (type: string, object: object) => {
      const event = signed({ id: `evt_${type}`, object: 'event', type, data: { object } });
      await gateway.receive(event.payload, event.signature);
    };
    await deliverToGateway('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_mixed' });
    const dispute = { id: 'dp_1', object: 'dispute', payment_intent: 'pi_mixed', amount: 2490 };
    await deliverToGateway('charge.dispute.created', { ...dispute, status: 'needs_response' });
    await deliverToGateway('charge.dispute.closed', { ...dispute, status: 'lost' });
    assert.deepEqual(events, [
      { type: 'payment.refunded', paymentId: 'pi_mixed', refundId: 're_dashboard', amountFening: 500 },
      { type: 'payment.disputed', paymentId: 'pi_mixed', disputeId: 'dp_1', amountFening: 2490, status: 'open' },
      { type: 'payment.disputed', paymentId: 'pi_mixed', disputeId: 'dp_1', amountFening: 2490, status: 'lost' },
    ]);
  });
});

describe('the Stripe webhook of the API', () => {
  it('activates the subscription of a paid order once, and answers 400 to a bad signature', async () => {
    const api = await startStripeApi();
    try {
      const [customer] = await api.db.query<{ id: number }>(`SELECT id FROM customers WHERE email = 'istekla@ontv.ba'`);
      await api.db.query(
        `INSERT INTO payment_orders (order_number, customer_id, plan_code, card_number, amount_fening, status, idempotency_key, provider_payment_id, created_at, updated_at)
         VALUES ('2026-000777', $1, 'maxon', '**** **** **** 4444', 2490, 'PENDING', 'k-1', 'pi_hook', now(), now())`,
        [customer!.id],
      );
      const event = signed({
        id: 'evt_9',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_hook', object: 'payment_intent', amount_received: 2490 } },
      });
      const forged = await api.call('POST', '/payments/stripe/webhook', {
        raw: event.payload,
        headers: { 'stripe-signature': 't=1,v1=00' },
      });
      assert.equal(forged.status, 400);
      const missing = await api.call('POST', '/payments/stripe/webhook', { raw: event.payload });
      assert.equal(missing.status, 400);
      const status = async () =>
        (
          await api.db.query<{ status: string }>('SELECT status FROM subscriptions WHERE customer_id = $1', [
            customer!.id,
          ])
        )[0]?.status;
      assert.equal(await status(), 'EXPIRED');

      for (let delivery = 0; delivery < 2; delivery += 1) {
        const ok = await deliver(api, event);
        assert.equal(ok.status, 200);
      }
      assert.equal(await status(), 'ACTIVE');
      const [order] = await api.db.query<{ status: string }>(
        `SELECT status FROM payment_orders WHERE order_number = '2026-000777'`,
      );
      assert.equal(order?.status, 'PAID');
      // The sandbox processor is not served with Stripe configured.
      assert.equal(
        (await fetch(`${api.url}/sandbox-pay/v1/intents/pi_000000000000000000000000/challenge`, { method: 'POST' }))
          .status,
        404,
      );
    } finally {
      await api.close();
    }
  });
});

describe('renewals through Stripe', () => {
  it('charges off-session with a PaymentIntent; the webhook for the same payment changes nothing more', async () => {
    const api = await startStripeApi();
    try {
      const { client, calls } = mockStripe('succeed');
      // The seeded ACTIVE customer (MaxON, 24,90 KM) renews on 2026-03-21; the test clock starts on 2026-03-01.
      const report = await runBilling(
        { ...api.ctx.billing, gateway: new StripeGateway(client, WEBHOOK_SECRET) },
        new Date('2026-03-21T06:00:00Z'),
      );
      assert.equal(report.charged, 1);
      const create = calls.find((c) => c.method === 'paymentIntents.create')!;
      const params = create.params as Record<string, unknown>;
      assert.equal(params.amount, 2490);
      assert.equal(params.currency, 'bam');
      assert.equal(params.off_session, true);
      assert.equal(params.confirm, true);
      assert.match(String((create.options as { idempotencyKey: string }).idempotencyKey), /^renewal-\d+-2026-03-21-0$/);

      const receipts = async () => (await api.call('GET', '/dev/outbox?to=aktivna@ontv.ba')).body as unknown[];
      assert.equal((await receipts()).length, 1);
      const event = signed({
        id: 'evt_r',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_renewal', object: 'payment_intent', amount_received: 2490 } },
      });
      const delivered = await deliver(api, event);
      assert.equal(delivered.status, 200);
      assert.equal((await receipts()).length, 1, 'no second receipt');
      const [sub] = await api.db.query<{ next: string }>(
        `SELECT to_char(next_payment_on, 'YYYY-MM-DD') AS next FROM subscriptions s JOIN customers c ON c.id = s.customer_id WHERE c.email = 'aktivna@ontv.ba'`,
      );
      assert.equal(sub?.next, '2026-04-21', 'moved on by one period, once');
    } finally {
      await api.close();
    }
  });
});
