/**
 * What an operator reads (docs/decisions/036-operator-logs-and-headers.md): one JSON line per request
 * with its id, the proxy's request id kept when sane, the release in every line, /api/health and the metrics,
 * failed sign-ins logged without a secret, and the security headers the portal always sent, no more.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/apiDir';
import { DEMO_CUSTOMER } from '../src/db/seed';
import { serveMetrics } from '../src/http/metrics';
import { createLogger } from '../src/log';
import { addStaff } from '../src/support/accounts';
import { totpCode } from '../src/support/totp';
import { device, engines, startApi, type StartedApi } from './harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const WARN = 40;

type Line = Record<string, unknown> & { level: number; msg: string; reqId?: string };

/** A logger's output as parsed lines, and a wait for the line a request leads to (written once its answer is sent). */
function capturedLogs() {
  const lines: Line[] = [];
  const waiting = new Set<() => void>();
  const stream = {
    write(text: string) {
      lines.push(JSON.parse(text) as Line);
      for (const wake of waiting) wake();
    },
  };
  const waitFor = (found: (line: Line) => boolean, what: string) =>
    new Promise<Line>((resolve, reject) => {
      const check = () => {
        const line = lines.find(found);
        if (!line) return;
        waiting.delete(check);
        clearTimeout(timer);
        resolve(line);
      };
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`no line ${what} in:\n${lines.map((line) => JSON.stringify(line)).join('\n')}`));
      }, 5_000);
      waiting.add(check);
      check();
    });
  return { lines, logger: createLogger('info', stream), waitFor };
}

/** The release as the repository says: its version with the commit's day (UTC) and short hash, and git's commit. */
function repositoryRelease(): { version: string; commit: string } {
  const { version } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  try {
    const [commit = '', day] = execFileSync('git', ['log', '-1', '--format=%H %cd', '--date=format-local:%Y%m%d'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, TZ: 'UTC' },
    })
      .trim()
      .split(' ');
    return { version: `${version}+${day}.${commit.slice(0, 7)}`, commit };
  } catch {
    return { version, commit: 'unknown' };
  }
}

for (const engine of engines()) {
  describe(`the API's logs on ${engine}`, () => {
    let api: StartedApi;
    const logs = capturedLogs();
    /** The lines of one request, found by the id its answer carries. */
    const linesOf = (response: { headers: Headers }) =>
      logs.lines.filter((line) => line.reqId === response.headers.get('x-request-id'));
    const login = (username: string, password: string) =>
      api.call('POST', '/login', { body: { username, password, ...device } });

    before(async () => {
      api = await startApi({ engine, env: { LOG_LEVEL: 'info', LOGIN_LIMIT_ACCOUNT: '2' }, logger: logs.logger });
    });
    after(async () => {
      await api?.close();
    });

    it('writes one JSON line per request, when it is answered: method, path without the query, status, time, address and request id', async () => {
      const response = await api.call('GET', '/health?ref=not-for-the-log');
      const id = response.headers.get('x-request-id') ?? '';
      assert.match(id, UUID);
      const line = await logs.waitFor((line) => line.reqId === id, 'of the request');
      const { method, url, status, ip, msg, level } = line;
      assert.deepEqual(
        { method, url, status, ip, msg, level },
        { method: 'GET', url: '/api/health', status: 200, ip: '127.0.0.1', msg: 'request completed', level: 30 },
      );
      assert.equal(typeof line.responseTime, 'number');
      assert.equal(linesOf(response).length, 1, 'one line, not two');
      assert.ok(!JSON.stringify(logs.lines).includes('not-for-the-log'), 'no query string in any line');
    });

    it("keeps a proxy's X-Request-Id, answers with it and logs under it; a bad one is replaced by an id of its own", async () => {
      for (const given of ['proxy-7f3a.b2:c_D9', 'y'.repeat(200)]) {
        const response = await api.call('GET', '/health', { headers: { 'x-request-id': given } });
        assert.equal(response.headers.get('x-request-id'), given);
        await logs.waitFor((line) => line.reqId === given && line.msg === 'request completed', `of ${given}`);
      }
      for (const bad of ['has space', 'x'.repeat(201), 'semi;colon', '"quoted"', '']) {
        const response = await api.call('GET', '/health', { headers: { 'x-request-id': bad } });
        assert.match(response.headers.get('x-request-id') ?? '', UUID, `${JSON.stringify(bad)} replaced`);
        await logs.waitFor((line) => line.reqId === response.headers.get('x-request-id'), 'under the new id');
        assert.ok(bad === '' || !logs.lines.some((line) => line.reqId === bad), `${JSON.stringify(bad)} never logged`);
      }
    });

    it('names the release in every line, as the first fields beside the process id and host', async () => {
      const response = await api.call('GET', '/health');
      await logs.waitFor((line) => line.reqId === response.headers.get('x-request-id'), 'of the request');
      const release = repositoryRelease();
      assert.ok(logs.lines.length > 0);
      for (const line of logs.lines) assert.deepEqual(line.release, release, JSON.stringify(line));
      assert.deepEqual(Object.keys(logs.lines[0]!).slice(0, 5), ['level', 'time', 'pid', 'hostname', 'release']);
    });

    it('names the running release in /api/health', async () => {
      const response = await api.call('GET', '/health');
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { status: 'ok', ...repositoryRelease() });
    });

    it('logs a failed login once, as a warning with the username masked and never the password', async () => {
      const password = 'Pogresna-Lozinka-77!';
      const cases: Array<[string, string, string]> = [
        [DEMO_CUSTOMER.email, 'wrong-password', 'd***@ontv.ba'],
        ['061 999 998', 'unknown-user', '3876***98'],
      ];
      for (const [username, reason, user] of cases) {
        const response = await login(username, password);
        assert.equal(response.status, 401);
        const line = await logs.waitFor(
          (line) => line.reqId === response.headers.get('x-request-id') && line.event === 'login.failed',
          `of the failed login of ${username}`,
        );
        assert.deepEqual(
          { level: line.level, reason: line.reason, user: line.user, ip: line.ip },
          { level: WARN, reason, user, ip: '127.0.0.1' },
        );
        assert.equal(linesOf(response).filter((line) => line.level >= WARN).length, 1);
      }
      const written = JSON.stringify(logs.lines);
      for (const secret of [password, DEMO_CUSTOMER.email, '061999998', '38761999998'])
        assert.ok(!written.includes(secret), `${secret} is in no line`);
    });

    it('logs a login refused by its limit once, as a failed login, not again as a spent limit', async () => {
      let response = await login('aktivna@ontv.ba', 'Pogresna-Lozinka-1!');
      for (let tries = 0; response.status !== 429 && tries < 5; tries += 1)
        response = await login('aktivna@ontv.ba', 'Pogresna-Lozinka-1!');
      assert.equal(response.status, 429);
      const line = await logs.waitFor(
        (line) => line.reqId === response.headers.get('x-request-id') && line.event === 'login.failed',
        'of the refused login',
      );
      assert.deepEqual({ reason: line.reason, user: line.user }, { reason: 'limited', user: 'a***@ontv.ba' });
      assert.equal(typeof line.retryAfter, 'number');
      await logs.waitFor((l) => l.reqId === line.reqId && l.msg === 'request completed', 'of the request');
      assert.deepEqual(
        linesOf(response).map((l) => l.msg),
        ['login.failed', 'request completed'],
      );
    });

    it('logs every other 429 once, with the refusal and the route', async () => {
      const start = () =>
        api.call('POST', '/start-registration', {
          body: { ...device, deviceType: 'PHONE', osType: 1, registrationType: 'PHONE_NUMBER', username: '062555444' },
        });
      let response = await start();
      for (let tries = 0; response.status !== 429 && tries < 10; tries += 1) response = await start();
      assert.equal(response.status, 429);
      const line = await logs.waitFor(
        (line) => line.reqId === response.headers.get('x-request-id') && line.event === 'limit.refused',
        'of the spent limit',
      );
      assert.deepEqual(
        { level: line.level, reason: line.reason, route: line.route, ip: line.ip },
        { level: WARN, reason: 'TOO_MANY_REQUESTS', route: '/api/start-registration', ip: '127.0.0.1' },
      );
      assert.equal(linesOf(response).filter((l) => l.level >= WARN).length, 1);
    });

    it("logs a failed staff sign-in and a wrong second-factor code, without the password or the code's secret", async () => {
      const unknown = await api.call('POST', '/staff/login', {
        body: { email: 'nitko@ontv.ba', password: 'Nepoznata-Lozinka-1!' },
      });
      assert.equal(unknown.status, 401);
      const refused = await logs.waitFor(
        (line) => line.reqId === unknown.headers.get('x-request-id') && line.event === 'staff.login.failed',
        'of the unknown member of staff',
      );
      assert.deepEqual(
        { reason: refused.reason, user: refused.user },
        { reason: 'unknown-user', user: 'n***@ontv.ba' },
      );

      const oneTime = (await addStaff(api.ctx.store.staff, { email: 'kod@ontv.ba', name: 'Kod', role: 'agent' }))!;
      const challenge = (await api.call('POST', '/staff/login', { body: { email: 'kod@ontv.ba', password: oneTime } }))
        .body.challenge as string;
      const newPassword = 'Podrska-Lozinka-2026!';
      await api.call('POST', '/staff/password', { token: challenge, body: { newPassword } });
      const secret = (await api.call('POST', '/staff/totp-setup', { token: challenge })).body.secret as string;
      const right = totpCode(secret, api.clock.now());
      const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
      const response = await api.call('POST', '/staff/totp', { token: challenge, body: { code: wrong } });
      assert.equal(response.status, 400);
      const line = await logs.waitFor(
        (line) => line.reqId === response.headers.get('x-request-id') && line.event === 'staff.code.failed',
        'of the wrong code',
      );
      assert.deepEqual({ level: line.level, reason: line.reason }, { level: WARN, reason: 'wrong-code' });
      assert.equal(typeof line.staffId, 'number');
      const written = JSON.stringify(logs.lines);
      for (const kept of ['Nepoznata-Lozinka-1!', oneTime, newPassword, secret, 'kod@ontv.ba'])
        assert.ok(!written.includes(kept), `${kept} is in no line`);
    });

    it('sends the security headers the portal always sent and none of helmet’s others; no HSTS over plain HTTP', async () => {
      const response = await api.call('GET', '/health');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
      assert.match(response.headers.get('content-security-policy') ?? '', /^default-src 'self'; script-src 'self'/);
      for (const absent of [
        'strict-transport-security',
        'cross-origin-resource-policy',
        'cross-origin-opener-policy',
        'x-frame-options',
        'origin-agent-cluster',
        'x-xss-protection',
      ])
        assert.equal(response.headers.get(absent), null, absent);
    });
  });
}

describe('the metrics', () => {
  it('name the running release in ontv_build_info', async () => {
    const metrics = await serveMetrics(0, '127.0.0.1');
    try {
      const text = await (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();
      const { version, commit } = repositoryRelease();
      assert.ok(
        text.includes(`ontv_build_info{version="${version}",commit="${commit}",node="${process.version}"} 1`),
        text
          .split('\n')
          .filter((line) => line.includes('build_info'))
          .join('\n') || 'no ontv_build_info',
      );
    } finally {
      await metrics.close();
    }
  });
});
