import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canReactivateWithoutPayment, maySubscribe, type SubscriptionStatus } from '@portal/shared/contract';
import { canBuyWhere, canReactivateWhere } from '../src/repositories/subscriptionRules';
import { addDays, addMonth } from '../src/days';
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
          assert.equal(
            row!.reactivate,
            canReactivateWithoutPayment(state, TODAY),
            `reactivate without payment: ${status}, ${nextPaymentOn}`,
          );
        }
      });
    }

    it("moves a day a month on as the renewals' SQL does (addMonth and date + interval '1 month'), on every day of two years", async () => {
      const days = Array.from({ length: 731 }, (_, i) => addDays('2027-01-01', i));
      const rows = await api.db.query<{ day: string; next: string }>(
        `SELECT to_char(d, 'YYYY-MM-DD') AS day, to_char((d + interval '1 month')::date, 'YYYY-MM-DD') AS next FROM unnest($1::date[]) AS d`,
        [days],
      );
      assert.equal(rows.length, days.length);
      for (const row of rows) assert.equal(addMonth(row.day), row.next, row.day);
    });

    it('lets a customer without a subscription buy one, and not reactivate', () => {
      assert.equal(maySubscribe({ status: null, nextPaymentOn: null }, TODAY), true);
      assert.equal(canReactivateWithoutPayment({ status: null, nextPaymentOn: null }, TODAY), false);
    });
  });
}
