/**
 * Sign-in that an attacker cannot turn against the owner (docs/limits.md, "What an attacker and a
 * customer each get"): a device that signed in before keeps its own budget of tries, right passwords
 * are never refused because of other tries still being checked, and only a session's current token
 * signs it out.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { DEMO_CUSTOMER } from '../src/db/seed';
import { ATTACK_LIMITS, device, engines, startApi, type StartedApi } from './harness';

/** A browser of its own: a device id and device password as the portal makes them. */
const newDevice = (name: string) => ({
  ...device,
  deviceUsername: `web-${name}-${randomBytes(8).toString('hex')}`,
  devicePassword: randomBytes(32).toString('hex'),
});

for (const engine of engines()) {
  describe(`sign-in under attack on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine, env: ATTACK_LIMITS });
    });
    after(async () => {
      await api?.close();
    });

    const login = (username: string, password: string, from: string, browser: Record<string, string>) =>
      api.call('POST', '/login', { body: { username, password, ...browser }, headers: { 'x-forwarded-for': from } });

    it("lets the owner in on a device that signed in before while strangers' wrong passwords hold the account back", async () => {
      const username = 'aktivna@ontv.ba';
      const phone = newDevice('phone');
      assert.equal(
        (await login(username, DEMO_CUSTOMER.password, '10.0.0.1', phone)).status,
        200,
        'the owner signs in once',
      );

      // A spread-out attack: each address tries a few wrong passwords, every one from a browser of its own.
      let refused = 0;
      for (let i = 0; i < 30; i += 1) {
        const answer = await login(username, `Pogresna${i}!`, `10.9.${i}.1`, newDevice(`attacker${i}`));
        if (answer.status === 429) refused += 1;
        else assert.equal(answer.status, 401);
      }
      assert.ok(refused > 0, 'the attack is held back: the account now makes every unknown device wait');

      for (let i = 0; i < 4; i += 1) {
        const answer = await login(username, DEMO_CUSTOMER.password, '10.0.0.1', phone);
        assert.equal(answer.status, 200, `the owner's phone signs in (try ${i + 1}): ${JSON.stringify(answer.body)}`);
      }
      const stranger = await login(username, DEMO_CUSTOMER.password, '10.0.0.1', newDevice('new-laptop'));
      assert.equal(
        stranger.status,
        429,
        'a device never seen still meets the per-account limit, right password or not',
      );
      // A device id alone is no key: a stranger who copies it without its device password is an unknown device.
      const copied = await login(username, DEMO_CUSTOMER.password, '10.9.99.1', {
        ...phone,
        devicePassword: randomBytes(32).toString('hex'),
      });
      assert.equal(copied.status, 429);
    });

    it('forgets the devices the owner signed out: after a password change or "sign out the others" an old device is a stranger again', async () => {
      const username = 'istekla@ontv.ba';
      const intruder = newDevice('intruder');
      const forgotten = newDevice('signed-out-one');
      const phone = newDevice('owners-phone');
      for (const browser of [intruder, forgotten])
        assert.equal((await login(username, DEMO_CUSTOMER.password, '10.0.3.1', browser)).status, 200);
      const owner = (await login(username, DEMO_CUSTOMER.password, '10.0.3.2', phone)).body as { token: string };
      const devices = (await api.call('GET', '/customer/devices', { token: owner.token })).body as Array<{
        id: string;
        name: string;
        current: boolean;
      }>;
      assert.ok(devices.length >= 3);
      assert.equal((await api.call('POST', '/customer/devices/sign-out-others', { token: owner.token })).status, 200);

      // The account is held back by an attack; the old devices now meet it like any stranger.
      for (let i = 0; i < 30; i += 1) await login(username, `Pogresna${i}!`, `10.7.${i}.1`, newDevice(`attacker${i}`));
      assert.equal(
        (await login(username, `Pogresna!`, '10.7.99.1', intruder)).status,
        429,
        "the intruder's old device has no budget of its own",
      );
      assert.equal(
        (await login(username, DEMO_CUSTOMER.password, '10.0.3.2', phone)).status,
        200,
        "the owner's phone, still signed in, keeps its own",
      );
    });

    it("keeps a known device's own budget: five wrong passwords from it, then it waits too", async () => {
      const username = 'starton@ontv.ba';
      const tablet = newDevice('tablet');
      assert.equal((await login(username, DEMO_CUSTOMER.password, '10.0.1.1', tablet)).status, 200);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(username, `Pogresna${i}!`, `10.8.${i}.1`, tablet)),
      );
      assert.equal(answers.filter((a) => a.status === 401).length, 5, 'five tries evaluated, however they arrive');
      assert.equal(answers.filter((a) => a.status === 429).length, 15);
      assert.equal((await login(username, DEMO_CUSTOMER.password, '10.0.1.1', tablet)).status, 429);
    });

    it('refuses no right password because other sign-ins to the account are being checked: 16 devices of a household at once', async () => {
      const username = 'deaktivirana@ontv.ba';
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          login(username, DEMO_CUSTOMER.password, '10.0.2.1', newDevice(`home${i}`)),
        ),
      );
      assert.deepEqual(
        answers.map((a) => a.status),
        Array.from({ length: 16 }, () => 200),
      );
      assert.equal(
        (await login(username, DEMO_CUSTOMER.password, '10.0.2.1', newDevice('home16'))).status,
        200,
        'and the next one waits for nothing',
      );
      // The limit still holds for wrong ones sent at once: five evaluated from that address.
      const wrong = await Promise.all(
        Array.from({ length: 40 }, (_, i) => login(username, `Pogresna${i}!`, '10.0.2.1', newDevice(`guess${i}`))),
      );
      assert.equal(wrong.filter((a) => a.status === 401).length, 5);
    });
  });
}
