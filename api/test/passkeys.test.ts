/**
 * Passkeys beside the password (docs/passkeys.md): one added on the account page, signing in with it
 * (the same device session a password login starts), a replayed or forged answer refused (a challenge is
 * taken once, by the database), another customer's passkey out of reach, and a burst of 100 answers to
 * one challenge that starts exactly one session.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { passkeyListSchema } from '@portal/shared/contract/passkeys';
import { DEMO_CUSTOMERS } from '../src/db/seed';
import {
  countRows,
  customerToken,
  decodeJwt,
  device,
  engines,
  SoftAuthenticator,
  startApi,
  type StartedApi,
} from './harness';

const PUBLIC_URL = 'https://portal.example.ba';
/** The browser that signs in with the passkey: another than the one the owner signed in on with the password. */
const PASSKEY_DEVICE = { ...device, deviceUsername: 'web-passkey-aaaaaaaaaaaaaaaa', deviceName: 'Web (Firefox)' };

for (const engine of engines()) {
  describe(`passkeys on ${engine}`, () => {
    let api: StartedApi;
    const owner = DEMO_CUSTOMERS[0]!.email;
    const authenticator = new SoftAuthenticator(PUBLIC_URL);
    let ownerToken: string;

    before(async () => {
      api = await startApi({ engine, env: { PUBLIC_URL, LOGIN_LIMIT_CLIENT: '1000' } });
      ownerToken = await customerToken(api, owner);
    });
    after(async () => {
      await api?.close();
    });

    const options = async (token: string) => {
      const response = await api.call('POST', '/customer/passkeys/options', { token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };
    /** A new window of the login limits, and the owner signed in again (the token lives 15 minutes). */
    const later = async () => {
      api.clock.advance(16 * 60_000);
      ownerToken = await customerToken(api, owner);
    };
    const add = (token: string, credential: unknown, name = 'Chrome') =>
      api.call('POST', '/customer/passkeys', { token, body: { credential, name } });
    const loginOptions = async () => (await api.call('POST', '/login/passkey/options')).body;
    const signIn = (credential: unknown, on = PASSKEY_DEVICE) =>
      api.call('POST', '/login/passkey', { body: { credential, ...on } });

    it('adds a passkey for a challenge of its own, with the relying party of PUBLIC_URL, once', async () => {
      assert.equal((await api.call('POST', '/customer/passkeys/options')).status, 401);
      const offered = await options(ownerToken);
      assert.equal(offered.rp.id, 'portal.example.ba');
      assert.equal(offered.authenticatorSelection.userVerification, 'required');
      assert.deepEqual(offered.excludeCredentials, []);

      const credential = authenticator.register(offered);
      const added = await add(ownerToken, credential);
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const list = passkeyListSchema.parse(added.body);
      assert.deepEqual(
        list.map((p) => [p.name, p.createdAt, p.lastUsedAt]),
        [['Chrome', api.clock.now().toISOString(), null]],
      );
      // The same answer again: its challenge is spent.
      const again = await add(ownerToken, credential);
      assert.deepEqual([again.status, again.body.code], [400, 'PASSKEY_REFUSED']);
      assert.equal(again.body.message, 'Pristupni ključ nije dodan. Pokušaj ponovo.');
      // Another customer cannot answer this customer's challenge.
      const otherToken = await customerToken(api, DEMO_CUSTOMERS[1]!.email);
      const stolen = authenticator.register(await options(ownerToken));
      assert.equal((await add(otherToken, stolen)).status, 400);
      // Made for another site: refused.
      const elsewhere = new SoftAuthenticator('https://portal.example.com.evil.ba', 'portal.example.ba');
      assert.equal((await add(ownerToken, elsewhere.register(await options(ownerToken)))).status, 400);
      // The next options leave the customer's own passkey out.
      assert.deepEqual(
        (await options(ownerToken)).excludeCredentials.map((c: { id: string }) => c.id),
        [credential.id],
      );
      // Bad input is a 400 naming the field, never a 500.
      const bad = await add(ownerToken, { ...credential, response: { clientDataJSON: '!!' } });
      assert.equal(bad.status, 400);
    });

    it('signs in with the passkey: the same device session and token a password login gives', async () => {
      api.clock.advance(60_000);
      const answer = await signIn(authenticator.sign(await loginOptions()));
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(typeof answer.body.pin, 'string');
      const token = answer.body.token as string;
      assert.equal(decodeJwt(token).device_username, PASSKEY_DEVICE.deviceUsername);
      assert.equal((await api.call('GET', '/ontv/accountInfo', { token })).status, 200);
      const devices = await api.call('GET', '/customer/devices', { token });
      assert.equal(devices.body[0].current, true);
      const refreshed = await api.call('POST', '/refresh', {
        body: { devicePassword: PASSKEY_DEVICE.devicePassword, token },
      });
      assert.equal(refreshed.status, 200, 'refreshed with the device password, as any session');
      const list = passkeyListSchema.parse(
        (await api.call('GET', '/customer/passkeys', { token: refreshed.body.token })).body,
      );
      assert.equal(list[0]!.lastUsedAt, api.clock.now().toISOString());
    });

    it('refuses a replayed, forged, foreign or expired answer', async () => {
      const refused = async (credential: unknown, why: string) => {
        const answer = await signIn(credential);
        assert.deepEqual([answer.status, answer.body.code], [401, 'PASSKEY_FAILED'], why);
        assert.equal(
          answer.body.message,
          'Prijava pristupnim ključem nije uspjela. Pokušaj ponovo ili se prijavi lozinkom.',
        );
      };
      await later();
      const signed = authenticator.sign(await loginOptions());
      assert.equal((await signIn(signed)).status, 200);
      await refused(signed, 'replayed: the challenge is spent');

      const forged = authenticator.sign(await loginOptions());
      const signature = Buffer.from(forged.response.signature, 'base64url');
      const last = signature.length - 1;
      signature.writeUInt8(signature.readUInt8(last) ^ 1, last);
      await refused(
        { ...forged, response: { ...forged.response, signature: signature.toString('base64url') } },
        'forged',
      );

      await refused(authenticator.sign({ challenge: 'bm90LWEtY2hhbGxlbmdlLW9mLW91cnM' }), 'a challenge we never made');
      await refused(authenticator.sign(await options(ownerToken)), "a registration's challenge");
      const stranger = new SoftAuthenticator(PUBLIC_URL);
      stranger.register(await options(ownerToken));
      await refused(stranger.sign(await loginOptions()), 'a key never added');

      await later(); // five refusals: a new window of the limits
      const late = await loginOptions();
      api.clock.advance(301_000);
      await refused(authenticator.sign(late), 'expired');
      const invalid = await signIn({ id: 'x' });
      assert.equal(invalid.status, 400);
    });

    it("keeps another customer's passkey out of reach (404), and a removed one signs nobody in", async () => {
      await later();
      const otherToken = await customerToken(api, DEMO_CUSTOMERS[1]!.email);
      const [mine] = passkeyListSchema.parse((await api.call('GET', '/customer/passkeys', { token: ownerToken })).body);
      for (const id of [mine!.id, 'nije-uuid', '00000000-0000-4000-8000-000000000000']) {
        const answer = await api.call('DELETE', `/customer/passkeys/${id}`, { token: otherToken });
        assert.deepEqual([answer.status, answer.body.code], [404, 'NOT_FOUND'], id);
      }
      assert.equal((await api.call('GET', '/customer/passkeys', { token: ownerToken })).body.length, 1);
      assert.deepEqual((await api.call('GET', '/customer/passkeys', { token: otherToken })).body, []);

      const second = new SoftAuthenticator(PUBLIC_URL);
      const added = await add(ownerToken, second.register(await options(ownerToken)), 'Telefon');
      assert.deepEqual(
        passkeyListSchema.parse(added.body).map((p) => p.name),
        ['Chrome', 'Telefon'],
      );
      const removed = await api.call('DELETE', `/customer/passkeys/${mine!.id}`, { token: ownerToken });
      assert.deepEqual(
        passkeyListSchema.parse(removed.body).map((p) => p.name),
        ['Telefon'],
      );
      assert.equal((await signIn(authenticator.sign(await loginOptions()))).status, 401);
      assert.equal((await signIn(second.sign(await loginOptions()))).status, 200);
    });

    it('limits refused passkey sign-ins from one address like wrong passwords (429 after 5)', async () => {
      await later();
      const stranger = new SoftAuthenticator(PUBLIC_URL);
      stranger.register(await options(ownerToken));
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await signIn(stranger.sign(await loginOptions()))).status);
      assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
    });

    it('a burst of 100 answers to one challenge starts exactly one session', async () => {
      await later();
      assert.equal((await signInKeys(api, ownerToken)).length, 1);
      const signer = new SoftAuthenticator(PUBLIC_URL);
      await add(ownerToken, signer.register(await options(ownerToken)), 'Laptop');
      const credential = signer.sign(await loginOptions());
      const burstDevice = { ...device, deviceUsername: 'web-burst-aaaaaaaaaaaaaaaa' };
      const before = await countRows(api.db, 'device_sessions');
      const answers = await Promise.all(Array.from({ length: 100 }, () => signIn(credential, burstDevice)));
      const statuses = answers.map((a) => a.status);
      assert.equal(statuses.filter((s) => s === 200).length, 1, `statuses: ${statuses.join(',')}`);
      assert.ok(
        statuses.every((s) => [200, 401, 429].includes(s)),
        `statuses: ${statuses.join(',')}`,
      );
      assert.equal((await countRows(api.db, 'device_sessions')) - before, 1);
    });
  });
}

async function signInKeys(api: StartedApi, token: string): Promise<string[]> {
  return passkeyListSchema.parse((await api.call('GET', '/customer/passkeys', { token })).body).map((p) => p.id);
}
