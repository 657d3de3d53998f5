import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canReactivateWithoutPayment, maySubscribe, type SubscriptionStatus } from '@portal/shared/contract';
import { canBuyWhere, canReactivateWhere } from '../src/repositories/subscriptionRules';
import { addDays } from '../src/days';
import { engines, startApi, type StartedApi } from './harness';

const TODAY = '2026-11-23';
const STATUSES: SubscriptionStatus[] = ['ACTIVE', 'DEACTIVATED', 'BLOCKED', 'EXPIRED'];
const NEXT_PAYMENT = [addDays(TODAY, -30), addDays(TODAY, -1), TODAY, addDays(TODAY, 1), addDays(TODAY, 30)];

for (const engine of engines()) {
  describe(`subscription rules on ${engine}: the page's function and the API's SQL decide alike`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine });
    });
    after(async () => {
      await api?.close();
    });

    for (const status of STATUSES) {
      it(`${status}, next payment from a month ago to a month ahead`, async () => {
        for (const nextPaymentOn of NEXT_PAYMENT) {
          const [row] = await api.db.query<{ buy: boolean; reactivate: boolean }>(
            `SELECT ${canBuyWhere('$3')} AS buy, ${canReactivateWhere('$3')} AS reactivate FROM (VALUES ($1::text, $2::date)) AS s(status, next_payment_on)`,
            [status, nextPaymentOn, TODAY],
          );
          const state = { status, nextPaymentOn };
          assert.equal(row!.buy, maySubscribe(state, TODAY), `may subscribe: ${status}, ${nextPaymentOn}`);
          assert.equal(row!.reactivate, canReactivateWithoutPayment(state, TODAY), `reactivate without payment: ${status}, ${nextPaymentOn}`);
        }
      });
    }

    it('lets a customer without a subscription buy one, and not reactivate', () => {
      assert.equal(maySubscribe({ status: null, nextPaymentOn: null }, TODAY), true);
      assert.equal(canReactivateWithoutPayment({ status: null, nextPaymentOn: null }, TODAY), false);
    });
  });
}
