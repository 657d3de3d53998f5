import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { accountInfoSchema, paymentDataSchema } from '@portal/shared/contract';
import { DEMO_CUSTOMER, DEMO_CUSTOMERS } from '../src/db/seed';
import { PIN_LOCK_MINUTES } from '../src/customer/pin';
import { device, engines, startApi, type StartedApi } from './harness';

const email = (start: string) => DEMO_CUSTOMERS.find((c) => c.email.startsWith(start))!.email;

for (const engine of engines()) {
  describe(`account and customer calls on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine, env: { LOGIN_LIMIT_CLIENT: '1000', LOGIN_LIMIT_ACCOUNT: '1000' } });
    });
    after(async () => {
      await api?.close();
    });

    async function logIn(
      username: string,
      password: string = DEMO_CUSTOMER.password,
      deviceUsername = device.deviceUsername,
    ) {
      const response = await api.call('POST', '/login', { body: { username, password, ...device, deviceUsername } });
      assert.equal(response.status, 200, `login of ${username}`);
      return response.body as { token: string; pin: string };
    }
    const info = async (token: string) =>
      accountInfoSchema.parse((await api.call('GET', '/ontv/accountInfo', { token })).body);

    it('answers account info for every seeded state', async () => {
      const seen: Record<string, unknown> = {};
      for (const customer of DEMO_CUSTOMERS) {
        const { token } = await logIn(customer.email);
        const answer = await info(token);
        seen[customer.email] = [answer.status, answer.plan?.code ?? null, answer.accountNumber];
        if (customer.subscription) {
          const due = new Date(api.clock.now().getTime() + customer.subscription.nextPaymentInDays * 86_400_000)
            .toISOString()
            .slice(0, 10);
          assert.equal(answer.nextPaymentOn, due);
        }
      }
      assert.deepEqual(seen, {
        'demo@ontv.ba': [null, null, '1000001'],
        'aktivna@ontv.ba': ['ACTIVE', 'maxon', '1000002'],
        'deaktivirana@ontv.ba': ['DEACTIVATED', 'starton', '1000003'],
        'deaktivirana.istekla@ontv.ba': ['DEACTIVATED', 'starton', '1000004'],
        'blokirana@ontv.ba': ['BLOCKED', 'maxon', '1000005'],
        'istekla@ontv.ba': ['EXPIRED', 'starton', '1000006'],
        'pauzirana@ontv.ba': ['PAUSED', 'maxon', '1000008'],
        'starton@ontv.ba': ['ACTIVE', 'starton', '1000007'],
      });
    });

    it('deactivates only an ACTIVE subscription, keeping its period, and refuses everything else with a 409', async () => {
      const { token } = await logIn(email('aktivna'));
      const before = await info(token);
      const done = await api.call('GET', '/ontv/deactivate', { token });
      assert.equal(done.status, 200);
      assert.deepEqual(done.body, { status: 'DEACTIVATED', nextPaymentOn: before.nextPaymentOn });
      const again = await api.call('GET', '/ontv/deactivate', { token });
      assert.equal(again.status, 409);
      assert.match(again.body.message, /samo aktivnu pretplatu/);

      for (const start of ['blokirana', 'istekla', 'demo']) {
        const other = await logIn(email(start));
        const was = await info(other.token);
        const refused = await api.call('GET', '/ontv/deactivate', { token: other.token });
        assert.equal(refused.status, 409, start);
        assert.deepEqual(await info(other.token), was, `${start} is unchanged`);
      }

      // Back to ACTIVE: the period is still running, so no payment is needed.
      const back = await api.call('GET', '/ontv/reactivateWithoutPayment', { token });
      assert.deepEqual(back.body, { status: 'ACTIVE', nextPaymentOn: before.nextPaymentOn });
    });

    it("takes deactivation and reactivation as POST, the portal's calls, and as the specification's GET alike", async () => {
      const { token } = await logIn(email('aktivna'));
      const before = await info(token);
      for (const method of ['POST', 'GET']) {
        const off = await api.call(method, '/ontv/deactivate', { token });
        assert.deepEqual(
          [off.status, off.body],
          [200, { status: 'DEACTIVATED', nextPaymentOn: before.nextPaymentOn }],
          method,
        );
        assert.equal((await api.call(method, '/ontv/deactivate', { token })).status, 409, method);
        const on = await api.call(method, '/ontv/reactivateWithoutPayment', { token });
        assert.deepEqual(
          [on.status, on.body],
          [200, { status: 'ACTIVE', nextPaymentOn: before.nextPaymentOn }],
          method,
        );
        assert.equal((await api.call(method, '/ontv/reactivateWithoutPayment', { token })).status, 409, method);
      }
    });

    it('reactivates without payment only a DEACTIVATED subscription whose period still runs', async () => {
      const past = await logIn(email('deaktivirana.istekla'));
      const refused = await api.call('GET', '/ontv/reactivateWithoutPayment', { token: past.token });
      assert.equal(refused.status, 409);
      assert.equal((await info(past.token)).status, 'DEACTIVATED');

      for (const start of ['aktivna', 'blokirana', 'istekla', 'demo']) {
        const other = await logIn(email(start));
        assert.equal(
          (await api.call('GET', '/ontv/reactivateWithoutPayment', { token: other.token })).status,
          409,
          start,
        );
      }

      const future = await logIn(email('deaktivirana@'));
      const done = await api.call('GET', '/ontv/reactivateWithoutPayment', { token: future.token });
      assert.equal(done.status, 200);
      assert.equal((await info(future.token)).status, 'ACTIVE');
    });

    it('lists only the customer’s own cards, masked', async () => {
      const active = await logIn(email('aktivna'));
      const data = paymentDataSchema.parse(
        (await api.call('GET', '/customer/payment-data', { token: active.token })).body,
      );
      assert.deepEqual(
        data.creditCards.map((c) => [c.cardNumber, c.primaryCard, c.creditCardTypeCode]),
        [['**** **** **** 4242', true, 'visa']],
      );
      const none = await logIn(email('istekla'));
      assert.deepEqual((await api.call('GET', '/customer/payment-data', { token: none.token })).body, {
        creditCards: [],
        mbons: [],
      });
    });

    it('checks the PIN, and locks the check after five wrong ones until the lock ends', async () => {
      const { token, pin } = await logIn(email('blokirana'));
      assert.equal((await api.call('POST', '/customer/check-pin', { token, body: { pin } })).status, 200);
      const wrong = pin === '0000' ? '1111' : '0000';
      for (let i = 0; i < 5; i += 1) {
        const response = await api.call('POST', '/customer/check-pin', { token, body: { pin: wrong } });
        assert.equal(response.status, 400);
        assert.equal(response.body.message, 'Uneseni PIN je netačan');
      }
      const locked = await api.call('POST', '/customer/check-pin', { token, body: { pin } });
      assert.equal(locked.status, 429, 'even the right PIN waits for the lock');
      assert.match(locked.body.message, /Pokušaj ponovo za 15 min\./);
      assert.equal(
        (await api.call('POST', '/customer/change-pin', { token, body: { oldPin: pin, newPin: '1234' } })).status,
        429,
      );

      api.clock.advance(PIN_LOCK_MINUTES * 60_000 + 1000);
      const later = await logIn(email('blokirana')); // the token has expired meanwhile
      assert.equal((await api.call('POST', '/customer/check-pin', { token: later.token, body: { pin } })).status, 200);
      assert.equal(
        (await api.call('POST', '/customer/check-pin', { token: later.token, body: { pin: '12a4' } })).status,
        400,
        'a malformed PIN is a bad request',
      );
    });

    it('changes the PIN only with the right old PIN', async () => {
      const { token, pin } = await logIn(email('istekla'));
      const newPin = pin === '4321' ? '1234' : '4321';
      const wrong = await api.call('POST', '/customer/change-pin', {
        token,
        body: { oldPin: pin === '0000' ? '1111' : '0000', newPin },
      });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.body.message, 'Uneseni PIN je netačan');
      assert.equal(
        (await api.call('POST', '/customer/change-pin', { token, body: { oldPin: pin, newPin } })).status,
        200,
      );
      assert.equal((await api.call('POST', '/customer/check-pin', { token, body: { pin: newPin } })).status, 200);
      assert.equal((await logIn(email('istekla'))).pin, newPin);
    });

    it('counts a change’s old PIN once against the lock, and tells the refusals apart by code', async () => {
      const { token, pin } = await logIn(email('starton'));
      const wrong = pin === '0000' ? '1111' : '0000';
      const change = (oldPin: string) =>
        api.call('POST', '/customer/change-pin', { token, body: { oldPin, newPin: pin } });
      for (let i = 1; i < 5; i += 1) {
        const refused = await change(wrong);
        assert.deepEqual([refused.status, refused.body.code], [400, 'WRONG_PIN'], `wrong PIN ${i}`);
      }
      assert.equal((await change(pin)).status, 200, 'four wrong PINs leave the fifth try: one count per change');
      for (let i = 1; i <= 5; i += 1) assert.equal((await change(wrong)).status, 400, `wrong PIN ${i} after`);
      const locked = await change(pin);
      assert.deepEqual([locked.status, locked.body.code], [429, 'PIN_LOCKED']);
      assert.equal(locked.headers.get('retry-after'), String(PIN_LOCK_MINUTES * 60));
    });

    it('changes the password: 400 for a wrong old one, 422 for a weak new one, and signs out the other devices', async () => {
      const username = email('deaktivirana.istekla');
      const here = await logIn(username, DEMO_CUSTOMER.password, 'web-here-aaaaaaaaaaaaaaaaaaaa');
      const there = await logIn(username, DEMO_CUSTOMER.password, 'web-there-aaaaaaaaaaaaaaaaaaa');

      const wrong = await api.call('POST', '/customer/change-password', {
        token: here.token,
        body: { oldPassword: 'Pogresna1!', newPassword: 'Nova1234!' },
      });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.body.message, 'Unesena lozinka nije tačna');
      const weak = await api.call('POST', '/customer/change-password', {
        token: here.token,
        body: { oldPassword: DEMO_CUSTOMER.password, newPassword: 'slaba' },
      });
      assert.equal(weak.status, 422);

      const done = await api.call('POST', '/customer/change-password', {
        token: here.token,
        body: { oldPassword: DEMO_CUSTOMER.password, newPassword: 'Nova1234!' },
      });
      assert.equal(done.status, 200);
      assert.equal(
        (await api.call('GET', '/ontv/accountInfo', { token: here.token })).status,
        200,
        'this device stays signed in',
      );
      assert.equal(
        (await api.call('GET', '/ontv/accountInfo', { token: there.token })).status,
        401,
        'the other device is signed out',
      );
      assert.equal(
        (await api.call('POST', '/login', { body: { username, password: DEMO_CUSTOMER.password, ...device } })).status,
        401,
      );
      await logIn(username, 'Nova1234!');
    });

    it('never acts on another customer, and refuses calls without a valid token', async () => {
      const a = await logIn(email('aktivna'));
      const b = await logIn(email('deaktivirana@'));
      const bBefore = await info(b.token);
      await api.call('GET', '/ontv/deactivate', { token: a.token });
      assert.deepEqual(await info(b.token), bBefore);
      await api.call('GET', '/ontv/reactivateWithoutPayment', { token: a.token });

      for (const [method, path, body] of [
        ['GET', '/ontv/accountInfo'],
        ['GET', '/ontv/deactivate'],
        ['GET', '/ontv/reactivateWithoutPayment'],
        ['GET', '/customer/payment-data'],
        ['POST', '/customer/check-pin', { pin: '1234' }],
        ['POST', '/customer/change-pin', { oldPin: '1234', newPin: '4321' }],
        ['POST', '/customer/change-password', { oldPassword: 'x', newPassword: 'Nova1234!' }],
      ] as const) {
        assert.equal((await api.call(method, path, { token: null, body })).status, 401, path);
        assert.equal(
          (await api.call(method, path, { token: `${a.token}x`, body })).status,
          401,
          `${path} with an altered token`,
        );
      }
    });
  });
}
