/**
 * An address is one client to every per-address limit: an IPv6 line by its /64 (it may take a new
 * address for every request), an IPv4 address however it is written (`::ffff:192.0.2.1`).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clientKey } from '../src/clientKey';
import { device, engines, startApi, type StartedApi } from './harness';

describe('the key of a client address', () => {
  it('is the /64 of an IPv6 address, and an IPv4 address however it is written', () => {
    assert.equal(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:1'), '2001:db8:1:2::/64');
    assert.equal(clientKey('2001:db8:1:2::9'), '2001:db8:1:2::/64');
    assert.equal(clientKey('2001:0db8:0001:0002:0:0:0:1'), '2001:db8:1:2::/64');
    assert.equal(clientKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.notEqual(clientKey('2001:db8:1:3::1'), clientKey('2001:db8:1:2::1'));
    assert.equal(clientKey('::1'), '0:0:0:0::/64');
    assert.equal(clientKey('::ffff:192.0.2.1'), '192.0.2.1');
    assert.equal(clientKey('::ffff:c000:201'), '192.0.2.1');
    assert.equal(clientKey('192.0.2.1'), '192.0.2.1');
    assert.equal(clientKey('not an address'), 'not an address');
  });
});

for (const engine of engines()) {
  describe(`per-address limits against one line's many addresses on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({
        engine,
        env: { TRUST_PROXY: '1', LOGIN_LIMIT_CLIENT: '5', LOGIN_LIMIT_ACCOUNT: '1000', SANDBOX: '1' },
      });
    });
    after(async () => {
      await api?.close();
    });

    const login = (from: string, n: number) =>
      api.call('POST', '/login', {
        body: { username: `nepoznat${n}@example.ba`, password: 'Pogresna1!', ...device },
        headers: { 'x-forwarded-for': from },
      });

    it('counts the logins of every address in one /64 as one client: the sixth is 429', async () => {
      const statuses: number[] = [];
      for (let n = 1; n <= 6; n++) statuses.push((await login(`2001:db8:77:1::${n.toString(16)}`, n)).status);
      assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
      // Another /64 is another client.
      assert.equal((await login('2001:db8:77:2::1', 7)).status, 401);
    });

    it('counts an IPv4 address and its IPv6 form as one client', async () => {
      const statuses: number[] = [];
      for (let n = 1; n <= 6; n++) statuses.push((await login(n % 2 ? '192.0.2.44' : '::ffff:192.0.2.44', n)).status);
      assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
    });
  });
}
