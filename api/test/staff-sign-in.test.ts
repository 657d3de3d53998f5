/**
 * Staff sign-in that strangers cannot turn against the member (docs/limits.md, "What an attacker and
 * a member of staff each get"): the browser a member signed in from keeps its own budget of tries,
 * unknown sources wait longer and longer, and every failure, the lock and the sign-out are in the
 * audit trail an admin reads.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { addStaff, resetStaffPassword } from '../src/support/accounts';
import { totpCode } from '../src/support/totp';
import { ATTACK_LIMITS, engines, startApi, type StartedApi } from './harness';

const PASSWORD = 'Podrska-Lozinka-2026!';
const OFFICE = '10.1.0.1';
/** A browser's id as the console makes it: 32 random bytes in hex, kept in localStorage. */
const newBrowser = () => randomBytes(32).toString('hex');

interface Entry {
  action: string;
  staffId: number | null;
  staffName: string;
  after: Record<string, unknown> | null;
}

for (const engine of engines()) {
  describe(`staff sign-in under attack on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine, env: ATTACK_LIMITS });
    });
    after(async () => {
      await api?.close();
    });

    const login = (email: string, password: string, from: string, browser?: string) =>
      api.call('POST', '/staff/login', {
        body: { email, password, ...(browser ? { browser } : {}) },
        headers: { 'x-forwarded-for': from },
      });
    const code = (challenge: string, secret: string, from = OFFICE) => {
      api.clock.advance(30_000);
      return api.call('POST', '/staff/totp', {
        token: challenge,
        body: { code: totpCode(secret, api.clock.now()) },
        headers: { 'x-forwarded-for': from },
      });
    };
    /** A new member's first sign-in, from `browser` at the office: the one-time password, their own, the second factor. */
    const firstSignIn = async (email: string, role: 'agent' | 'admin', browser: string, name = 'Ana Admin') => {
      const oneTime = (await addStaff(api.ctx.store.staff, { email, name, role }))!;
      const challenge = (await login(email, oneTime, OFFICE, browser)).body.challenge as string;
      const chosen = await api.call('POST', '/staff/password', { token: challenge, body: { newPassword: PASSWORD } });
      assert.equal(chosen.status, 200, JSON.stringify(chosen.body));
      const secret = (await api.call('POST', '/staff/totp-setup', { token: challenge })).body.secret as string;
      const done = await code(challenge, secret);
      assert.equal(done.status, 200, JSON.stringify(done.body));
      return { token: done.body.token as string, secret };
    };
    /** A later sign-in from `browser`: the password, then the authenticator's next code. */
    const signIn = async (email: string, secret: string, browser: string, from = OFFICE) => {
      const password = await login(email, PASSWORD, from, browser);
      assert.equal(password.status, 200, JSON.stringify(password.body));
      const done = await code(password.body.challenge as string, secret, from);
      assert.equal(done.status, 200, JSON.stringify(done.body));
      return done.body.token as string;
    };
    const trail = async (token: string, action: string): Promise<Entry[]> => {
      const answer = await api.call('GET', `/staff/audit?action=${action}`, { token });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.items as Entry[];
    };
    /** 100 wrong passwords at once, each from an address and a browser of its own. */
    const storm = (email: string, net: number) =>
      Promise.all(
        Array.from({ length: 100 }, (_, i) => login(email, `Pogresna-Lozinka-${i}!`, `10.${net}.${i}.1`, newBrowser())),
      );

    it("lets the member's known browser in at once during a storm of 100 wrong passwords, makes an unknown source wait, and puts it all in the trail", async () => {
      const email = 'ana@ontv.ba';
      const office = newBrowser();
      const { secret } = await firstSignIn(email, 'admin', office);

      const wrong = await storm(email, 50);
      const checked = wrong.filter((a) => a.status === 401).length;
      const held = wrong.filter((a) => a.status === 429);
      assert.equal(checked + held.length, 100, `only 401 or 429: ${[...new Set(wrong.map((a) => a.status))]}`);
      assert.ok(checked <= 11, `no more than twice the per-address limit and one checked at once (${checked})`);
      for (const answer of held) assert.match(answer.headers.get('retry-after') ?? '', /^[1-9]\d*$/);

      // The member, in the office's browser, right away; a new laptop with the right password waits.
      const member = await login(email, PASSWORD, OFFICE, office);
      assert.equal(member.status, 200, `the known browser signs in: ${JSON.stringify(member.body)}`);
      const laptop = await login(email, PASSWORD, '10.1.0.2', newBrowser());
      assert.equal(laptop.status, 429, 'an unknown source waits, right password or not');
      assert.match(laptop.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
      assert.match(laptop.body.message, /^Previše pokušaja prijave/);
      // A wrong authenticator code is in the trail too.
      const wrongCode = await api.call('POST', '/staff/totp', {
        token: member.body.challenge,
        body: { code: String((Number(totpCode(secret, api.clock.now())) + 1) % 1_000_000).padStart(6, '0') },
      });
      assert.equal(wrongCode.status, 400);
      const admin = await code(member.body.challenge as string, secret);
      assert.equal(admin.status, 200, JSON.stringify(admin.body));
      const token = admin.body.token as string;

      // The storm goes on after the wait: still one lock in the trail for this window.
      api.clock.advance(120_000);
      await storm(email, 51);
      assert.equal((await login('nobody@ontv.ba', 'Pogresna-Lozinka-1!', '10.60.0.1')).status, 401);

      const failures = await trail(token, 'staff.signin.failed');
      const ana = failures.filter((e) => e.staffName === 'Ana Admin');
      assert.ok(ana.length >= checked + 1, 'every wrong password checked is in the trail');
      assert.ok(ana.every((e) => e.staffId === 1 && e.after?.reason === 'wrong-password'));
      assert.ok(
        ana.every((e) => /^10\.5[01]\.\d+\.1$/.test(String(e.after?.address))),
        'with the address it came from',
      );
      const stranger = failures.find((e) => e.staffName === 'nobody@ontv.ba');
      assert.deepEqual(
        { staffId: stranger?.staffId, reason: stranger?.after?.reason },
        { staffId: null, reason: 'unknown-user' },
        'an unknown address is in the trail with no member behind it',
      );
      assert.equal(
        (await api.db.query('SELECT id FROM staff WHERE email = $1', ['nobody@ontv.ba'])).length,
        0,
        'and no member is made for it',
      );
      const locks = await trail(token, 'staff.locked');
      assert.equal(locks.length, 1, 'the lock is recorded once');
      assert.equal(locks[0]!.staffId, 1);
      assert.equal((await trail(token, 'staff.totp.failed')).length, 1);

      // Signing out, twice at once from two tabs: once in the trail.
      const outs = await Promise.all([1, 2].map(() => api.call('POST', '/staff/logout', { token })));
      assert.ok(outs.every((a) => a.status === 204 || a.status === 401) && outs.some((a) => a.status === 204));
      const again = await signIn(email, secret, office);
      const signOuts = await trail(again, 'staff.signout');
      assert.deepEqual(
        signOuts.map((e) => [e.staffId, e.staffName]),
        [[1, 'Ana Admin']],
      );
    });

    it("keeps a known browser's own budget: five wrong passwords from it, then it waits too; a reset password makes it a stranger", async () => {
      const email = 'budget@ontv.ba';
      const office = newBrowser();
      const { secret } = await firstSignIn(email, 'agent', office, 'Budžet Agent');
      // A browser that only got as far as the password is not known: the second factor makes it so.
      const halfway = newBrowser();
      assert.equal((await login(email, PASSWORD, '10.2.0.9', halfway)).status, 200);
      await storm(email, 70);
      assert.equal((await login(email, PASSWORD, '10.2.0.9', halfway)).status, 429);

      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(email, `Pogresna-Lozinka-${i}!`, `10.3.${i}.1`, office)),
      );
      assert.equal(answers.filter((a) => a.status === 401).length, 5, 'five tries checked, however they arrive');
      assert.equal(answers.filter((a) => a.status === 429).length, 15);
      assert.equal((await login(email, PASSWORD, OFFICE, office)).status, 429);

      // A new window: the browser is known again, until a reset password forgets it.
      api.clock.advance(16 * 60_000);
      await signIn(email, secret, office);
      await resetStaffPassword(api.ctx.store.staff, email);
      await storm(email, 71);
      assert.equal(
        (await login(email, 'Pogresna-Lozinka-x!', OFFICE, office)).status,
        429,
        'after a reset the old browser meets the storm like any stranger',
      );
    });
  });
}
