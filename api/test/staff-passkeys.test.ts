/**
 * A member of staff's passkey as the console's second factor, beside the authenticator app's code
 * (docs/passkeys.md): added once signed in, used at the code's step of a later sign-in, its challenge
 * bound to that sign-in and used once, another member's passkey of no use, each step in the trail.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { engines, SoftAuthenticator, STAFF_PASSWORD, staffToken, startApi, type StartedApi } from './harness';

const PUBLIC_URL = 'https://portal.example.ba';

for (const engine of engines()) {
  describe(`staff passkeys on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine, env: { PUBLIC_URL } });
    });
    after(async () => {
      await api?.close();
    });

    /** A member signed in with the password, at the code's step: the challenge token. */
    const passwordStep = async (email: string) => {
      const login = await api.call('POST', '/staff/login', { body: { email, password: STAFF_PASSWORD } });
      assert.equal(login.body.next, 'totp');
      return login.body.challenge as string;
    };
    const addPasskey = async (token: string, authenticator: SoftAuthenticator, name = 'Laptop') => {
      const options = await api.call('POST', '/staff/passkeys/options', { token });
      assert.equal(options.status, 200, JSON.stringify(options.body));
      return api.call('POST', '/staff/passkeys', {
        token,
        body: { credential: authenticator.register(options.body), name },
      });
    };
    const signWith = async (challenge: string, authenticator: SoftAuthenticator) => {
      const options = await api.call('POST', '/staff/passkey-options', { token: challenge });
      assert.equal(options.status, 200, JSON.stringify(options.body));
      return authenticator.sign(options.body);
    };
    const trail = async (action: string) =>
      (
        await api.db.query<{ count: number }>('SELECT count(*)::int AS count FROM audit_events WHERE action = $1', [
          action,
        ])
      )[0]!.count;

    it('adds a passkey once signed in, and signs in with it in place of the code', async () => {
      const token = await staffToken(api, 'kljuc@operator.ba', 'agent');
      const laptop = new SoftAuthenticator(PUBLIC_URL);
      const added = await addPasskey(token, laptop);
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.deepEqual(
        added.body.map((p: { name: string }) => p.name),
        ['Laptop'],
      );
      assert.equal(await trail('staff.passkey.added'), 1);

      const challenge = await passwordStep('kljuc@operator.ba');
      const signed = await signWith(challenge, laptop);
      const answer = await api.call('POST', '/staff/passkey', { token: challenge, body: { credential: signed } });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal((await api.call('GET', '/staff/me', { token: answer.body.token })).body.email, 'kljuc@operator.ba');
      const [signIn] = await api.db.query<{ after: unknown }>(
        "SELECT after FROM audit_events WHERE action = 'staff.sign-in' ORDER BY id DESC LIMIT 1",
      );
      assert.deepEqual(signIn?.after, { method: 'passkey' }, 'in the trail, by passkey');

      // The same answer again: its session is signed in and its challenge spent.
      const again = await api.call('POST', '/staff/passkey', { token: challenge, body: { credential: signed } });
      assert.equal(again.status >= 400, true);
    });

    it("refuses another sign-in's challenge, another member's passkey and a forged answer; 404 for another's id", async () => {
      const ownerToken = await staffToken(api, 'vlasnik@operator.ba', 'agent');
      const otherToken = await staffToken(api, 'drugi@operator.ba', 'agent');
      const mine = new SoftAuthenticator(PUBLIC_URL);
      const theirs = new SoftAuthenticator(PUBLIC_URL);
      const [added] = (await addPasskey(ownerToken, mine)).body;
      await addPasskey(otherToken, theirs);

      const first = await passwordStep('vlasnik@operator.ba');
      const second = await passwordStep('vlasnik@operator.ba');
      const forFirst = await signWith(first, mine);
      const refused = async (challenge: string, credential: unknown, why: string) => {
        const answer = await api.call('POST', '/staff/passkey', { token: challenge, body: { credential } });
        assert.deepEqual([answer.status, answer.body.code], [400, 'WRONG_PASSKEY'], why);
        assert.equal(answer.body.message, 'Pristupni ključ nije prihvaćen. Pokušaj ponovo ili upiši kod aplikacije.');
      };
      await refused(second, forFirst, "another sign-in's challenge");
      await refused(
        second,
        theirs.sign(await (await api.call('POST', '/staff/passkey-options', { token: second })).body),
        "another member's passkey",
      );
      assert.equal(await trail('staff.passkey.failed'), 2);

      const removed = await api.call('DELETE', `/staff/passkeys/${added.id}`, { token: otherToken });
      assert.deepEqual([removed.status, removed.body.code], [404, 'NOT_FOUND']);
      assert.equal((await api.call('GET', '/staff/passkeys', { token: ownerToken })).body.length, 1);
      const own = await api.call('DELETE', `/staff/passkeys/${added.id}`, { token: ownerToken });
      assert.deepEqual([own.status, own.body], [200, []]);
      assert.equal(await trail('staff.passkey.removed'), 1);
      // Removed: the options have nothing to offer.
      const none = await api.call('POST', '/staff/passkey-options', {
        token: await passwordStep('vlasnik@operator.ba'),
      });
      assert.deepEqual([none.status, none.body.code], [409, 'NO_PASSKEYS']);
    });
  });
}
