import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  canReactivateWithoutPayment,
  maySubscribe,
  pauseRefusal,
  type SubscriptionStatus,
} from '@portal/shared/contract';
import { canBuyWhere, canPauseWhere, canReactivateWhere } from '../src/repositories/subscriptionRules';
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

    it('lets a subscription pause alike: status, promo, renewal, a pause under way and once in 12 months', async () => {
      const next = addDays(TODAY, 10);
      const pauses: Array<[string | null, string | null]> = [
        [null, null],
        [addDays(TODAY, -5), addDays(TODAY, 20)],
        [addDays(TODAY, -40), addDays(TODAY, -10)],
        ...['2025-12-03', '2025-12-02', '2025-12-04', '2025-11-01'].map((from): [string, string] => [
          from,
          addDays(from, 31),
        ]),
      ];
      let cases = 0;
      for (const status of STATUSES)
        for (const nextPaymentOn of [...NEXT_PAYMENT, next])
          for (const promo of [false, true])
            for (const failing of [false, true])
              for (const [pauseFrom, pauseUntil] of pauses) {
                const [row] = await api.db.query<{ pause: boolean }>(
                  `SELECT ${canPauseWhere('$7')} AS pause FROM (VALUES ($1::text, $2::date, $3::text, $4::int, $5::date, $6::date))
                     AS s(status, next_payment_on, promo_type, billing_failures, pause_from, pause_until)`,
                  [
                    status,
                    nextPaymentOn,
                    promo ? 'DURATION_BASED' : null,
                    failing ? 1 : 0,
                    pauseFrom,
                    pauseUntil,
                    TODAY,
                  ],
                );
                const state = { status, nextPaymentOn, promo, renewalFailing: failing, pauseFrom, pauseUntil };
                const why = JSON.stringify(state);
                assert.equal(row!.pause, pauseRefusal(state, TODAY) === null, `may pause: ${why}`);
                cases += 1;
              }
      assert.equal(cases, 4 * 6 * 2 * 2 * 7);
      // 29.2. a year on is 28.2., as PostgreSQL counts it.
      const leap = { status: 'ACTIVE' as const, promo: false, renewalFailing: false, pauseUntil: '2028-03-29' };
      assert.equal(pauseRefusal({ ...leap, pauseFrom: '2028-02-29', nextPaymentOn: '2029-02-28' }, '2029-01-01'), null);
      assert.equal(
        pauseRefusal({ ...leap, pauseFrom: '2028-02-29', nextPaymentOn: '2029-02-27' }, '2029-01-01'),
        'ONCE_A_YEAR',
      );
    });

    it('lets a customer without a subscription buy one, and not reactivate', () => {
      assert.equal(maySubscribe({ status: null, nextPaymentOn: null }, TODAY), true);
      assert.equal(canReactivateWithoutPayment({ status: null, nextPaymentOn: null }, TODAY), false);
    });
  });
}
