/**
 * The same idempotency key sent 100 times at once, half of it with another amount: one order is placed,
 * every answer of the same body names it at its own amount, and another body never orders (422
 * IDEMPOTENCY_MISMATCH, or 409 PRICE_CHANGED when it came before the order existed). On both engines.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { burst, customerToken, engines, startApi, testCustomer } from './harness';
import { isoDay } from '../src/days';

const BURST = 100;

for (const engine of engines())
  describe(`the same key at once on ${engine}`, () => {
    let api: Awaited<ReturnType<typeof startApi>>;
    before(async () => {
      api = await startApi({ engine });
    });
    after(async () => api?.close());

    it(`places one order for ${BURST} requests with one key, half of them with another amount`, async () => {
      const customer = await testCustomer(api.db, { nextPaymentOn: isoDay(api.clock.now()), status: 'EXPIRED' });
      const token = await customerToken(api, customer.email);
      const [card] = await api.db.query<{ code: string }>('SELECT code FROM credit_cards WHERE customer_id = $1', [
        customer.id,
      ]);
      const amountOf = (i: number) => (i % 2 === 0 ? 14.9 : 39.9);
      const { answers } = await burst(BURST, (i) =>
        api.call('POST', '/ontv-payments/new-account/order', {
          token,
          body: { creditCardId: card!.code, amount: amountOf(i), ontvPlanId: 'starton' },
          headers: { 'idempotency-key': 'burst-key-0001' },
        }),
      );
      const orders = await api.db.query<{ order_number: string; amount_fening: number }>(
        'SELECT order_number, amount_fening FROM payment_orders WHERE customer_id = $1',
        [customer.id],
      );
      assert.equal(orders.length, 1, 'one order');
      assert.equal(orders[0]!.amount_fening, 1490);
      for (const [i, answer] of answers.entries()) {
        if (amountOf(i) === 14.9) {
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
          assert.equal(answer.body.orderNumber, orders[0]!.order_number);
          assert.equal(answer.body.orderInfo.amount, 14.9);
        } else {
          assert.ok([409, 422].includes(answer.status), `${answer.status} ${JSON.stringify(answer.body)}`);
          assert.ok(['IDEMPOTENCY_MISMATCH', 'PRICE_CHANGED'].includes(answer.body.code), answer.body.code);
        }
      }
    });
  });
