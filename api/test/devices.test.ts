import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { deviceListSchema } from '@portal/shared/contract';
import { DEMO_CUSTOMER, DEMO_CUSTOMERS } from '../src/db/seed';
import { decodeJwt, device, engines, startApi, type StartedApi } from './harness';

const PHONE_APP = {
  deviceType: 'PHONE',
  deviceUsername: 'phone-app-aaaaaaaaaaaaaaaa',
  devicePassword: 'p'.repeat(64),
  deviceName: 'Samsung Galaxy A54',
};
const TV_APP = {
  deviceType: 'TV',
  deviceUsername: 'tv-app-aaaaaaaaaaaaaaaaaaa',
  devicePassword: 't'.repeat(64),
  deviceName: 'Android TV (dnevni boravak)',
};

for (const engine of engines()) {
  describe(`signed-in devices on ${engine}`, () => {
    let api: StartedApi;
    const signIn = async (who: string, on: typeof device) => {
      const response = await api.call('POST', '/login', {
        body: { username: who, password: DEMO_CUSTOMER.password, ...on },
      });
      assert.equal(response.status, 200);
      return response.body.token as string;
    };
    const sessionOf = (token: string) => decodeJwt(token).sid as string;

    before(async () => {
      api = await startApi({ engine });
    });
    after(async () => {
      await api?.close();
    });

    it("lists the customer's own devices, this one first, then the most recently used; never another customer's", async () => {
      const web = await signIn(DEMO_CUSTOMER.email, device);
      api.clock.advance(60_000);
      const tv = await signIn(DEMO_CUSTOMER.email, TV_APP);
      api.clock.advance(60_000);
      const phone = await signIn(DEMO_CUSTOMER.email, PHONE_APP);
      const other = await signIn(DEMO_CUSTOMERS[1]!.email, { ...TV_APP, deviceUsername: 'other-tv-aaaaaaaaaaaaaaaa' });
      const list = deviceListSchema.parse((await api.call('GET', '/customer/devices', { token: web })).body);
      assert.deepEqual(
        list.map((d) => [d.name, d.type, d.current]),
        [
          [device.deviceName, device.deviceType, true],
          [PHONE_APP.deviceName, 'PHONE', false],
          [TV_APP.deviceName, 'TV', false],
        ],
      );
      assert.equal(list[1]!.lastUsedAt, api.clock.now().toISOString());
      assert.ok(!list.some((d) => d.id === sessionOf(other)));
      assert.equal((await api.call('GET', '/customer/devices')).status, 401);
      for (const token of [phone, tv, other]) await api.call('POST', '/logout', { token });
    });

    it("signs one other device out at once: its next call and its refresh are refused; another customer's device is absent", async () => {
      const phone = await signIn(DEMO_CUSTOMER.email, PHONE_APP);
      const web = await signIn(DEMO_CUSTOMER.email, device);
      const other = await signIn(DEMO_CUSTOMERS[1]!.email, TV_APP);

      for (const id of [sessionOf(other), 'nije-uuid', '00000000-0000-4000-8000-000000000000']) {
        assert.equal((await api.call('DELETE', `/customer/devices/${id}`, { token: web })).status, 404, id);
      }
      assert.equal(
        (await api.call('GET', '/ontv/accountInfo', { token: other })).status,
        200,
        'the other customer is still signed in',
      );
      assert.equal(
        (await api.call('DELETE', `/customer/devices/${sessionOf(web)}`, { token: web })).status,
        409,
        'this device signs out with Odjavi se',
      );

      // A burst of the same sign-out (a double click, two tabs): one ends the session, the rest find it gone.
      const burst = await Promise.all(
        Array.from({ length: 100 }, () => api.call('DELETE', `/customer/devices/${sessionOf(phone)}`, { token: web })),
      );
      assert.deepEqual(burst.map((r) => r.status).sort(), [200, ...Array(99).fill(404)]);
      assert.equal((await api.call('GET', '/ontv/accountInfo', { token: phone })).status, 401);
      assert.equal(
        (await api.call('POST', '/refresh', { body: { devicePassword: PHONE_APP.devicePassword, token: phone } }))
          .status,
        401,
      );
      assert.equal((await api.call('GET', '/ontv/accountInfo', { token: web })).status, 200);
      await api.call('POST', '/logout', { token: other });
    });

    it('signs a customer out everywhere at once when the operator blocks the subscription', async () => {
      const phone = await signIn(DEMO_CUSTOMERS[1]!.email, PHONE_APP);
      const web = await signIn(DEMO_CUSTOMERS[1]!.email, device);
      const bystander = await signIn(DEMO_CUSTOMERS[2]!.email, TV_APP);
      await api.db.query(
        `UPDATE subscriptions SET status = 'BLOCKED' WHERE customer_id = (SELECT id FROM customers WHERE email = $1)`,
        [DEMO_CUSTOMERS[1]!.email],
      );
      for (const token of [phone, web])
        assert.equal((await api.call('GET', '/ontv/accountInfo', { token })).status, 401);
      assert.equal(
        (await api.call('POST', '/refresh', { body: { devicePassword: PHONE_APP.devicePassword, token: phone } }))
          .status,
        401,
      );
      assert.equal(
        (await api.call('GET', '/ontv/accountInfo', { token: bystander })).status,
        200,
        'another customer stays signed in',
      );
      await api.db.query(
        `UPDATE subscriptions SET status = 'ACTIVE' WHERE customer_id = (SELECT id FROM customers WHERE email = $1)`,
        [DEMO_CUSTOMERS[1]!.email],
      );
    });

    it('signs every other device out at once, and keeps this one', async () => {
      const web = await signIn(DEMO_CUSTOMER.email, device);
      const phone = await signIn(DEMO_CUSTOMER.email, PHONE_APP);
      const tv = await signIn(DEMO_CUSTOMER.email, TV_APP);
      const left = deviceListSchema.parse(
        (await api.call('POST', '/customer/devices/sign-out-others', { token: web })).body,
      );
      assert.deepEqual(
        left.map((d) => [d.name, d.current]),
        [[device.deviceName, true]],
      );
      for (const token of [phone, tv])
        assert.equal((await api.call('GET', '/customer/payment-data', { token })).status, 401);
      assert.equal((await api.call('GET', '/customer/payment-data', { token: web })).status, 200);
    });
  });
}
