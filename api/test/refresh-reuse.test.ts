/**
 * A refresh token presented again after a rotation replaced it (docs/limits.md): the same token from a
 * second tab within REFRESH_RACE_SECONDS is refused as a lost race; later, or an older one, is a replay
 * that ends the session for the thief and the owner alike, once however many replays come at once.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_CUSTOMER } from '../src/db/seed';
import { createLogger } from '../src/log';
import { REFRESH_RACE_SECONDS } from '../src/auth/tokens';
import { device, engines, startApi, type StartedApi } from './harness';

const BURST = 100;

/** The warn lines the server logs, parsed. */
function warnings() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('warn', { write: (text: string) => void lines.push(JSON.parse(text)) });
  return { lines, logger };
}

for (const engine of engines()) {
  describe(`refresh token replays on ${engine}`, () => {
    let api: StartedApi;
    const logs = warnings();
    before(async () => {
      api = await startApi({
        engine,
        env: { LOGIN_LIMIT_CLIENT: '100000', LOGIN_LIMIT_ACCOUNT: '100000', LOGIN_LIMIT_ACCOUNT_TOTAL: '100000' },
        logger: logs.logger,
      });
    });
    after(async () => {
      await api?.close();
    });

    const login = async (deviceUsername: string, username: string = DEMO_CUSTOMER.email) => {
      const answer = await api.call('POST', '/login', {
        body: { username, password: DEMO_CUSTOMER.password, ...device, deviceUsername },
      });
      assert.equal(answer.status, 200);
      return answer.body.token as string;
    };
    const refresh = (token: string) =>
      api.call('POST', '/refresh', { body: { devicePassword: device.devicePassword, token } });
    const rotate = async (token: string) => {
      const answer = await refresh(token);
      assert.equal(answer.status, 200);
      return answer.body.token as string;
    };
    const signedIn = async (token: string) => (await api.call('GET', '/ontv/accountInfo', { token })).status === 200;
    const replayLines = (sessionOf: string) =>
      logs.lines.filter((line) => line.event === 'refresh.replayed' && line.sessionId === sessionOf);
    const sessionId = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sid as string;

    it('refuses the token just replaced within the grace, as a lost race, and the session goes on', async () => {
      const first = await login('web-race-00000000000001');
      const second = await rotate(first);
      api.clock.advance((REFRESH_RACE_SECONDS - 1) * 1000);
      assert.equal((await refresh(first)).status, 401, 'the other tab lost the race');
      assert.ok(await signedIn(second), 'the session goes on');
      assert.ok(await signedIn(await rotate(second)), 'and refreshes as before');
      assert.deepEqual(replayLines(sessionId(first)), []);
    });

    it('ends the session when a replaced token comes again after the grace: its tokens are refused, and it is logged', async () => {
      const first = await login('web-replay-0000000000001');
      const second = await rotate(first);
      api.clock.advance((REFRESH_RACE_SECONDS + 1) * 1000);
      const replay = await refresh(first);
      assert.equal(replay.status, 401);
      assert.equal(replay.body.code, 'UNAUTHORIZED');
      assert.equal(await signedIn(second), false, "the owner's current token is refused");
      assert.equal((await refresh(second)).status, 401, 'and cannot be refreshed');
      const [line, ...more] = replayLines(sessionId(first));
      assert.equal(more.length, 0);
      assert.equal(line?.level, 40, 'a warn line');
      assert.equal(JSON.stringify(logs.lines).includes(first), false, 'never the token');
      assert.ok(await signedIn(await login('web-replay-0000000000001')), 'the device signs in again with the password');
    });

    it('ends the session at once for a token older than the one just replaced, even within the grace', async () => {
      const first = await login('web-older-00000000000001');
      const second = await rotate(first);
      const third = await rotate(second);
      assert.equal((await refresh(first)).status, 401);
      assert.equal(await signedIn(third), false);
      assert.equal(replayLines(sessionId(first)).length, 1);
    });

    it("forgets the device: the owner's next sign-in there brings the usual new-device notice", async () => {
      const email = 'aktivna@ontv.ba';
      await login('phone-known-device-000001', email);
      const notices = async () =>
        (
          await api.db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM outbox WHERE to_address = $1 AND kind = 'NEW_DEVICE'",
            [email],
          )
        )[0]!.n;
      const first = await login('web-stolen-device-000001', email);
      assert.equal(await notices(), 1, 'its first sign-in');
      await rotate(first);
      api.clock.advance((REFRESH_RACE_SECONDS + 1) * 1000);
      assert.equal((await refresh(first)).status, 401);
      await login('web-stolen-device-000001', email);
      assert.equal(await notices(), 2, 'a new device again after the replay');
      const trusted = await api.db.query(
        "SELECT 1 FROM device_sessions WHERE device_username = 'web-stolen-device-000001' AND untrusted_at IS NULL AND revoked_at IS NOT NULL",
      );
      assert.equal(trusted.length, 0, 'its ended sessions keep no login budget of their own');
    });

    it(`ends the session once for ${BURST} replays at once, and never issues a token`, async () => {
      const first = await login('web-burst-00000000000001');
      const second = await rotate(first);
      api.clock.advance((REFRESH_RACE_SECONDS + 1) * 1000);
      const answers = await Promise.all(Array.from({ length: BURST }, () => refresh(first)));
      assert.deepEqual([...new Set(answers.map((answer) => answer.status))], [401]);
      assert.equal(replayLines(sessionId(first)).length, 1, 'one end, logged once');
      assert.equal(await signedIn(second), false);
      const [row] = await api.db.query<{ revoked: boolean }>(
        'SELECT revoked_at IS NOT NULL AS revoked FROM device_sessions WHERE id = $1',
        [sessionId(first)],
      );
      assert.equal(row?.revoked, true);
    });
  });
}
