import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, scrypt } from 'node:crypto';
import { SignJWT } from 'jose';
import { DEMO_CUSTOMER, DEMO_CUSTOMERS } from '../src/db/seed';
import { countRows, decodeJwt, device, engines, startApi, type StartedApi } from './harness';

/** A password hash as stored before Argon2id: `scrypt$N$r$p$salt$hash`, N=2^17, r=8, p=1. */
function scryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error
        ? reject(error)
        : resolve(['scrypt', 2 ** 17, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$')),
    ),
  );
}

const login = (
  api: StartedApi,
  username: string = DEMO_CUSTOMER.email,
  password: string = DEMO_CUSTOMER.password,
  extra: Record<string, unknown> = {},
) => api.call('POST', '/login', { body: { username, password, ...device, ...extra } });

for (const engine of engines()) {
  describe(`authentication on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({
        engine,
        env: { LOGIN_LIMIT_CLIENT: '1000', LOGIN_LIMIT_ACCOUNT: '1000', TOKEN_TTL_SECONDS: '900' },
      });
    });
    after(async () => {
      await api?.close();
    });

    it('logs in by e-mail and answers token, pin and firstLogin', async () => {
      const first = await login(api);
      assert.equal(first.status, 200);
      assert.match(first.body.pin, /^\d{4}$/);
      assert.equal(first.body.firstLogin, true);
      const claims = decodeJwt(first.body.token);
      assert.deepEqual(
        {
          first_name: claims.first_name,
          last_name: claims.last_name,
          device_username: claims.device_username,
          email: claims.email,
          phone_number: claims.phone_number,
          authentication_type: claims.authentication_type,
        },
        {
          first_name: 'Amra',
          last_name: 'Hodžić',
          device_username: device.deviceUsername,
          email: DEMO_CUSTOMER.email,
          phone_number: DEMO_CUSTOMER.phoneNumber,
          authentication_type: 1,
        },
      );
      assert.equal(Number(claims.exp) - Number(claims.iat), 900, 'the token is short-lived');

      const second = await login(api, DEMO_CUSTOMER.email.toUpperCase());
      assert.equal(second.status, 200);
      assert.equal(second.body.firstLogin, false);
      assert.equal(second.body.pin, first.body.pin);
    });

    it('logs in by phone number in any usual form', async () => {
      for (const username of ['38761000001', '+387 61 000 001', '061 000 001', '0038761000001']) {
        const response = await login(api, username);
        assert.equal(response.status, 200, username);
      }
    });

    it('refuses a wrong password and an unknown user with the same message', async () => {
      const wrong = await login(api, DEMO_CUSTOMER.email, 'Pogresna1!');
      const unknown = await login(api, 'niko@ontv.ba', 'Pogresna1!');
      assert.equal(wrong.status, 401);
      assert.equal(unknown.status, 401);
      assert.equal(wrong.body.message, 'Pogrešno korisničko ime ili lozinka.');
      assert.deepEqual(unknown.body, wrong.body);
    });

    it('answers bad input with 400 and a message, never a 500, and changes nothing', async () => {
      const before = await countRows(api.db, 'device_sessions');
      const bodies: Array<{ body?: unknown; raw?: string }> = [
        { body: {} },
        { body: { username: 1, password: [] } },
        { body: { username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password } },
        {
          body: { username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, ...device, devicePassword: 'short' },
        },
        { body: { username: 'x'.repeat(5000), password: 'y', ...device } },
        { body: null },
        { body: 'text' },
        { raw: '{"username": "a", ' },
        { raw: '{"__proto__": {"admin": true}, "username": "a"}' },
      ];
      for (const input of bodies) {
        const response = await api.call('POST', '/login', input);
        assert.equal(response.status, 400, JSON.stringify(input));
        assert.equal(typeof response.body.message, 'string');
        assert.doesNotMatch(JSON.stringify(response.body), /at .*\.(ts|js):\d+/, 'no stack trace');
      }
      const tooBig = await api.call('POST', '/login', {
        raw: JSON.stringify({ username: 'a', password: 'b'.repeat(70_000) }),
      });
      assert.equal(tooBig.status, 413);
      const wrongType = await api.call('POST', '/login', {
        raw: 'username=a',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(wrongType.status, 415);
      const afterCount = await countRows(api.db, 'device_sessions');
      assert.equal(afterCount, before);
    });

    it("stores passwords hashed with Argon2id at OWASP's parameters and the PIN sealed", async () => {
      const [row] = await api.db.query<{ password_hash: string; pin_sealed: string }>(
        'SELECT password_hash, pin_sealed FROM customers WHERE email = $1',
        [DEMO_CUSTOMER.email],
      );
      assert.match(row!.password_hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      assert.ok(!row!.password_hash.includes(DEMO_CUSTOMER.password));
      const { body } = await login(api);
      assert.ok(!row!.pin_sealed.includes(body.pin));
      const [session] = await api.db.query<{ device_password_hash: string }>(
        'SELECT device_password_hash FROM device_sessions LIMIT 1',
      );
      assert.notEqual(session!.device_password_hash, device.devicePassword);
    });

    it('accepts a password stored the old way (scrypt) and stores it as Argon2id at that login; a wrong one changes nothing', async () => {
      const [customer] = DEMO_CUSTOMERS.slice(-1);
      const old = await scryptHash(DEMO_CUSTOMER.password);
      await api.db.query('UPDATE customers SET password_hash = $2 WHERE email = $1', [customer!.email, old]);
      assert.equal((await login(api, customer!.email, 'Wrong1234!')).status, 401);
      const [unchanged] = await api.db.query<{ password_hash: string }>(
        'SELECT password_hash FROM customers WHERE email = $1',
        [customer!.email],
      );
      assert.equal(unchanged!.password_hash, old);
      // Two devices at once: both get in, and the one new hash written is a right one.
      const both = await Promise.all([
        login(api, customer!.email, DEMO_CUSTOMER.password),
        login(api, customer!.email, DEMO_CUSTOMER.password, { deviceUsername: 'another-device-1' }),
      ]);
      assert.deepEqual(
        both.map((r) => r.status),
        [200, 200],
      );
      const [rehashed] = await api.db.query<{ password_hash: string }>(
        'SELECT password_hash FROM customers WHERE email = $1',
        [customer!.email],
      );
      assert.match(rehashed!.password_hash, /^\$argon2id\$/);
      assert.equal((await login(api, customer!.email, DEMO_CUSTOMER.password)).status, 200);
      assert.equal((await login(api, customer!.email, 'Wrong1234!')).status, 401);
    });

    it('serves account info only to a valid token of an open session', async () => {
      const { body } = await login(api);
      const ok = await api.call('GET', '/ontv/accountInfo', { token: body.token });
      assert.equal(ok.status, 200);
      assert.equal(ok.body.accountNumber, DEMO_CUSTOMER.customerNumber);

      assert.equal((await api.call('GET', '/ontv/accountInfo')).status, 401);
      const [head, payload, signature] = body.token.split('.');
      const altered = `${head}.${Buffer.from(JSON.stringify({ ...decodeJwt(body.token), sub: '2' })).toString('base64url')}.${signature}`;
      assert.equal((await api.call('GET', '/ontv/accountInfo', { token: altered })).status, 401);
      const foreign = await new SignJWT(decodeJwt(body.token))
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('x'.repeat(48)));
      assert.equal((await api.call('GET', '/ontv/accountInfo', { token: foreign })).status, 401);
      const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
      assert.equal((await api.call('GET', '/ontv/accountInfo', { token: none })).status, 401);
      assert.equal(
        (await api.call('GET', '/ontv/accountInfo', { headers: { authorization: 'Bearer ' + 'a'.repeat(9000) } }))
          .status,
        401,
      );
    });

    it("refuses account info and payment data at once to a signed-out token, to a token a refresh replaced, and to another customer's session", async () => {
      const first = (await login(api)).body.token;
      const refreshed = await api.call('POST', '/refresh', {
        body: { devicePassword: device.devicePassword, token: first },
      });
      assert.equal(refreshed.status, 200);
      for (const path of ['/ontv/accountInfo', '/customer/payment-data']) {
        assert.equal((await api.call('GET', path, { token: first })).status, 401, `${path}: the replaced token`);
        assert.equal((await api.call('GET', path, { token: refreshed.body.token })).status, 200, path);
      }
      await api.call('POST', '/logout', { token: refreshed.body.token });
      assert.equal(
        (await api.call('GET', '/ontv/accountInfo', { token: refreshed.body.token })).status,
        401,
        'the signed-out token',
      );
      assert.equal(
        (await api.call('GET', '/customer/payment-data', { token: refreshed.body.token })).status,
        401,
        'the signed-out token',
      );
      // A validly signed token whose session belongs to another customer: the query finds no open session of this customer.
      const other = (
        await login(api, DEMO_CUSTOMERS[1]!.email, DEMO_CUSTOMER.password, { deviceUsername: 'other-customer-device' })
      ).body.token;
      const mine = (await login(api)).body.token;
      const forged = await new SignJWT({ ...decodeJwt(mine), sid: decodeJwt(other).sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(api.ctx.keys.signing);
      assert.equal((await api.call('GET', '/ontv/accountInfo', { token: forged })).status, 401);
    });

    it('refuses a token once it expires, though it was accepted a moment before', async () => {
      const { body } = await login(api);
      assert.equal((await api.call('GET', '/ontv/accountInfo', { token: body.token })).status, 200);
      api.clock.advance(899_000);
      assert.equal(
        (await api.call('GET', '/ontv/accountInfo', { token: body.token })).status,
        200,
        'a second before its end',
      );
      api.clock.advance(1_000);
      assert.equal((await api.call('GET', '/ontv/accountInfo', { token: body.token })).status, 401, 'at its end');
    });

    it('refuses an expired token, and refresh with the device password gives a new one that rotates', async () => {
      const { body } = await login(api);
      api.clock.advance(901_000);
      const expired = await api.call('GET', '/ontv/accountInfo', { token: body.token });
      assert.equal(expired.status, 401);

      const wrongDevice = await api.call('POST', '/refresh', {
        body: { devicePassword: 'c'.repeat(64), token: body.token },
      });
      assert.equal(wrongDevice.status, 401);

      const refreshed = await api.call('POST', '/refresh', {
        body: { devicePassword: device.devicePassword, token: body.token },
      });
      assert.equal(refreshed.status, 200);
      assert.notEqual(refreshed.body.token, body.token);
      assert.equal((await api.call('GET', '/ontv/accountInfo', { token: refreshed.body.token })).status, 200);

      const replay = await api.call('POST', '/refresh', {
        body: { devicePassword: device.devicePassword, token: body.token },
      });
      assert.equal(replay.status, 401, 'an old token is exchanged only once');
    });

    it('refuses refresh after the refresh window', async () => {
      const { body } = await login(api);
      api.clock.advance(31 * 86_400_000);
      const late = await api.call('POST', '/refresh', {
        body: { devicePassword: device.devicePassword, token: body.token },
      });
      assert.equal(late.status, 401);
    });

    it('logout revokes the device session', async () => {
      const { body } = await login(api);
      const out = await api.call('POST', '/logout', { token: body.token });
      assert.equal(out.status, 204);
      assert.equal((await api.call('GET', '/ontv/accountInfo', { token: body.token })).status, 401);
      const refresh = await api.call('POST', '/refresh', {
        body: { devicePassword: device.devicePassword, token: body.token },
      });
      assert.equal(refresh.status, 401);
      assert.equal((await api.call('POST', '/logout')).status, 204, 'logout without a token is harmless');
    });

    it('logout ends a session only with its current token: a token a refresh replaced signs nobody out', async () => {
      const first = (await login(api)).body.token as string;
      const refreshed = await api.call('POST', '/refresh', {
        body: { devicePassword: device.devicePassword, token: first },
      });
      assert.equal(refreshed.status, 200);
      const current = (refreshed.body as { token: string }).token;
      assert.equal((await api.call('POST', '/logout', { token: first })).status, 204, 'answered as any logout');
      assert.equal(
        (await api.call('GET', '/ontv/accountInfo', { token: current })).status,
        200,
        'the device stays signed in',
      );
      assert.equal((await api.call('POST', '/logout', { token: current })).status, 204);
      assert.equal(
        (await api.call('GET', '/ontv/accountInfo', { token: current })).status,
        401,
        'its current token signs it out',
      );
    });

    it('a new login on the same device replaces the old session', async () => {
      const first = await login(api);
      const second = await login(api);
      assert.equal((await api.call('GET', '/ontv/accountInfo', { token: first.body.token })).status, 401);
      assert.equal((await api.call('GET', '/ontv/accountInfo', { token: second.body.token })).status, 200);
    });
  });

  describe(`login rate limits on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({
        engine,
        env: { LOGIN_LIMIT_ACCOUNT: '3', LOGIN_LIMIT_CLIENT: '6', LOGIN_LIMIT_WINDOW_SECONDS: '600' },
      });
    });
    after(async () => {
      await api?.close();
    });

    it('limits failed attempts per account, then per client, with a clear 429', async () => {
      for (let i = 0; i < 3; i++) assert.equal((await login(api, DEMO_CUSTOMER.email, 'Pogresna1!')).status, 401);
      const limited = await login(api);
      assert.equal(limited.status, 429, 'even the right password waits');
      assert.match(limited.body.message, /^Previše pokušaja prijave\. Pokušaj ponovo za 10 min\.$/);
      assert.equal(limited.headers.get('retry-after'), '600');

      // Other accounts from this client still get their tries, up to the client limit.
      for (let i = 0; i < 3; i++) assert.equal((await login(api, 'drugi@ontv.ba', 'x')).status, 401);
      assert.equal((await login(api, 'treci@ontv.ba', 'x')).status, 429);

      api.clock.advance(601_000);
      assert.equal((await login(api)).status, 200);
    });
  });

  describe(`client addresses behind a proxy on ${engine}`, () => {
    it('limits each forwarded client on its own when TRUST_PROXY is set', async () => {
      const api = await startApi({
        engine,
        env: { LOGIN_LIMIT_CLIENT: '2', LOGIN_LIMIT_ACCOUNT: '100', TRUST_PROXY: '1', SANDBOX: '1' },
      });
      try {
        const from = (ip: string) =>
          api.call('POST', '/login', {
            body: { username: 'niko@ontv.ba', password: 'x', ...device },
            headers: { 'x-forwarded-for': ip },
          });
        assert.equal((await from('203.0.113.1')).status, 401);
        assert.equal((await from('203.0.113.1')).status, 401);
        assert.equal((await from('203.0.113.1')).status, 429);
        assert.equal((await from('203.0.113.2')).status, 401, 'another client is not limited');
      } finally {
        await api.close();
        await api.dropDatabase?.();
      }
    });
  });

  describe(`a changed master secret on ${engine}`, () => {
    it('still logs in, and still reads the PIN (JWT_SECRET signs tokens only: decision 035)', async () => {
      const first = await startApi({ engine, env: { JWT_SECRET: 'a'.repeat(40) } });
      await first.close();
      const second = await startApi({
        engine,
        dataDir: first.dataDir,
        databaseUrl: first.databaseUrl,
        env: { JWT_SECRET: 'b'.repeat(40) },
      });
      try {
        const response = await login(second);
        assert.equal(response.status, 200);
        assert.match(response.body.pin, /^\d{4}$/);
      } finally {
        await second.close();
        await first.dropDatabase?.();
      }
    });
  });

  describe(`persistence on ${engine}`, () => {
    it('keeps customers, sessions and the signing key across a restart', async () => {
      const first = await startApi({ engine });
      const { body } = await login(first);
      await first.close();
      const second = await startApi({
        engine,
        dataDir: first.dataDir,
        databaseUrl: first.databaseUrl,
        clock: first.clock,
      });
      try {
        assert.equal((await second.call('GET', '/ontv/accountInfo', { token: body.token })).status, 200);
        assert.equal(await countRows(second.db, 'customers'), DEMO_CUSTOMERS.length, 'seeding happens once');
      } finally {
        await second.close();
        await first.dropDatabase?.();
      }
    });
  });
}
