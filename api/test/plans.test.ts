import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { plansResponseSchema } from '@portal/shared/contract';
import { engines, startApi, type StartedApi } from './harness';

for (const engine of engines()) {
  describe(`plans on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine });
    });
    after(async () => {
      await api?.close();
    });

    it('answers the seeded packages with prices and promos, without logging in', async () => {
      const response = await api.call('GET', '/ontv/plans');
      assert.equal(response.status, 200);
      const plans = plansResponseSchema.parse(response.body);
      assert.deepEqual(
        plans.map((p) => [p.code, p.name, p.price]),
        [
          ['starton', 'StartON', 14.9],
          ['maxon', 'MaxON', 24.9],
        ],
      );
      assert.deepEqual(plans[0]?.promos, [{ status: 'ACTIVE', promoType: 'DURATION_BASED', durationUntil: null, durationDays: 14 }]);
      assert.deepEqual(plans[1]?.promos, [{ status: 'ACTIVE', promoType: 'TIME_UNTIL_BASED', durationUntil: '2027-03-31', durationDays: null }]);
    });

    it('may be read from the operator’s own site and cached briefly', async () => {
      const response = await api.call('GET', '/ontv/plans');
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      assert.equal(response.headers.get('cache-control'), 'public, max-age=60');
    });

    it('answers a plan without promos with an empty list, and only under the configured product', async () => {
      await api.db.query(`DELETE FROM plan_promos WHERE plan_code = 'starton'`);
      const response = await api.call('GET', '/ontv/plans');
      assert.deepEqual(plansResponseSchema.parse(response.body)[0]?.promos, []);
      const other = await api.call('GET', '/drugi/plans');
      assert.equal(other.status, 404);
    });
  });
}
