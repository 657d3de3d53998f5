import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/apiDir';
import { plansResponseSchema } from '@portal/shared/contract';
import { PLANS_FRESH_SECONDS } from '../src/catalogue/plans';
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
      assert.deepEqual(plans[0]?.promos, [
        { status: 'ACTIVE', promoType: 'DURATION_BASED', durationUntil: null, durationDays: 14 },
      ]);
      assert.deepEqual(plans[1]?.promos, [
        { status: 'ACTIVE', promoType: 'TIME_UNTIL_BASED', durationUntil: '2027-03-31', durationDays: null },
      ]);
    });

    it("answers on a fresh database what the catalogue's prerendered pages were built with (content/prices.json)", async () => {
      const response = await api.call('GET', '/ontv/plans');
      const built = JSON.parse(
        fs.readFileSync(path.join(REPO_ROOT, 'remotes', 'catalogue', 'content', 'prices.json'), 'utf8'),
      ) as unknown;
      assert.deepEqual(plansResponseSchema.parse(built), response.body);
    });

    it('may be read from the operator’s own site and cached briefly', async () => {
      const response = await api.call('GET', '/ontv/plans');
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      assert.equal(response.headers.get('cache-control'), 'public, max-age=60');
    });

    it('answers from memory with an ETag, and a browser that has the answer gets 304', async () => {
      const first = await api.call('GET', '/ontv/plans');
      const etag = first.headers.get('etag');
      assert.match(etag ?? '', /^"[\w-]+"$/);
      const again = await api.call('GET', '/ontv/plans', { headers: { 'if-none-match': etag! } });
      assert.equal(again.status, 304);
      assert.equal(again.body, undefined);
      assert.equal((await api.call('GET', '/ontv/plans', { headers: { 'if-none-match': '"other"' } })).status, 200);
    });

    it("shows an operator's price change within PLANS_FRESH_SECONDS, with a new ETag", async () => {
      const before = await api.call('GET', '/ontv/plans');
      await api.db.query(`UPDATE plans SET price_fening = 1590 WHERE code = 'starton'`);
      api.clock.advance((PLANS_FRESH_SECONDS - 1) * 1000);
      assert.equal(
        plansResponseSchema.parse((await api.call('GET', '/ontv/plans')).body)[0]?.price,
        14.9,
        'still the answer in memory',
      );
      api.clock.advance(2000);
      const after = await api.call('GET', '/ontv/plans');
      assert.equal(plansResponseSchema.parse(after.body)[0]?.price, 15.9);
      assert.notEqual(after.headers.get('etag'), before.headers.get('etag'));
      await api.db.query(`UPDATE plans SET price_fening = 1490 WHERE code = 'starton'`);
      api.clock.advance(PLANS_FRESH_SECONDS * 1000);
    });

    it('answers a plan without promos with an empty list, and only under the configured product', async () => {
      await api.db.query(`DELETE FROM plan_promos WHERE plan_code = 'starton'`);
      api.clock.advance(PLANS_FRESH_SECONDS * 1000);
      const response = await api.call('GET', '/ontv/plans');
      assert.deepEqual(plansResponseSchema.parse(response.body)[0]?.promos, []);
      const other = await api.call('GET', '/drugi/plans');
      assert.equal(other.status, 404);
    });
  });
}
