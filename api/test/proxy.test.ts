/**
 * The client's address behind a proxy (TRUST_PROXY, decision 040): the address the named proxy saw,
 * never an entry the client wrote. nginx's `$proxy_add_x_forwarded_for` appends the address it saw
 * to whatever X-Forwarded-For the client sent, so a client at 127.0.0.1 that sends `1.2.3.4` reaches
 * the API with `1.2.3.4, 127.0.0.1`; every per-address limit must count 127.0.0.1.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { loadConfig } from '../src/config';
import { fastifyTrustProxy, ignoredForwarding } from '../src/http/proxies';
import { forwardedIgnored } from '../src/http/metrics';
import { device, engines, startApi, type StartedApi } from './harness';

/** What the server takes a request's address and scheme to be, with this TRUST_PROXY, from this socket and these headers. */
async function seenAs(trustProxy: string | undefined, remoteAddress: string, headers: Record<string, string> = {}) {
  const config = loadConfig({ SANDBOX: '1', ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }) });
  const app = Fastify({ trustProxy: fastifyTrustProxy(config.trustProxy) });
  app.get('/', async (request) => ({ ip: request.ip, protocol: request.protocol }));
  try {
    const answer = await app.inject({ method: 'GET', url: '/', remoteAddress, headers });
    return answer.json() as { ip: string; protocol: string };
  } finally {
    await app.close();
  }
}

/** loadConfig's refusal of this TRUST_PROXY, or '' when it starts. */
function refusal(value: string): string {
  try {
    loadConfig({ SANDBOX: '1', TRUST_PROXY: value });
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the client address a proxy saw (TRUST_PROXY)', () => {
  it('says once, naming TRUST_PROXY, and counts every time, that X-Forwarded-For is ignored when it is unset', async () => {
    assert.equal(ignoredForwarding(['10.0.0.5']), null, 'a named proxy writes the header: nothing to say');
    assert.equal(ignoredForwarding(1), null);
    const warnings: string[] = [];
    const heard = ignoredForwarding(false)!;
    const request = { ip: '10.0.0.5', log: { warn: (line: string) => warnings.push(line) } };
    const before = (await forwardedIgnored.get()).values[0]?.value ?? 0;
    for (let i = 0; i < 3; i++) heard(request as unknown as Parameters<typeof heard>[0]);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /X-Forwarded-For came from 10\.0\.0\.5 but TRUST_PROXY is unset/);
    assert.equal((await forwardedIgnored.get()).values[0]!.value - before, 3);
  });

  it('believes nothing without TRUST_PROXY: the socket is the client', async () => {
    const headers = { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https' };
    assert.deepEqual(await seenAs(undefined, '127.0.0.1', headers), { ip: '127.0.0.1', protocol: 'http' });
    assert.deepEqual(await seenAs('0', '::1', headers), { ip: '::1', protocol: 'http' });
    assert.deepEqual(await seenAs('false', '2001:db8::5', headers), { ip: '2001:db8::5', protocol: 'http' });
  });

  it('with one nginx (TRUST_PROXY=1) takes the entry nginx appended, never what the client wrote before it', async () => {
    // A client at 203.0.113.7 that forged `1.2.3.4`; nginx (10.0.0.3) appended the address it saw.
    const forged = { 'x-forwarded-for': '1.2.3.4, 203.0.113.7', 'x-forwarded-proto': 'https' };
    assert.deepEqual(await seenAs('1', '10.0.0.3', forged), { ip: '203.0.113.7', protocol: 'https' });
    assert.equal((await seenAs('1', '127.0.0.1', { 'x-forwarded-for': '1.2.3.4, 127.0.0.1' })).ip, '127.0.0.1');
    assert.equal((await seenAs('1', '::1', { 'x-forwarded-for': '2001:db8::bad, 2001:db8::7' })).ip, '2001:db8::7');
  });

  it('ignores Forwarded and X-Real-IP: only X-Forwarded-For, from a trusted proxy, names a client', async () => {
    const headers = { forwarded: 'for=1.2.3.4;proto=https', 'x-real-ip': '1.2.3.4' };
    assert.deepEqual(await seenAs('1', '127.0.0.1', headers), { ip: '127.0.0.1', protocol: 'http' });
    assert.equal((await seenAs('127.0.0.1', '127.0.0.1', headers)).ip, '127.0.0.1');
  });

  it('through a load balancer and nginx takes the address the balancer saw: two hops, or both addresses', async () => {
    // client 203.0.113.7 (forging 1.2.3.4) → balancer 10.0.0.2 → nginx 10.0.0.3 → the API.
    const chain = { 'x-forwarded-for': '1.2.3.4, 203.0.113.7, 10.0.0.2', 'x-forwarded-proto': 'https' };
    for (const trust of ['2', '10.0.0.2,10.0.0.3', '10.0.0.0/8', 'uniquelocal'])
      assert.deepEqual(await seenAs(trust, '10.0.0.3', chain), { ip: '203.0.113.7', protocol: 'https' }, trust);
    assert.equal((await seenAs('1', '10.0.0.3', chain)).ip, '10.0.0.2', 'one hop: every client is the balancer');
    // The same over IPv6, and an IPv4 proxy seen on a dual-stack socket.
    const six = { 'x-forwarded-for': '2001:db8::bad, 2001:db8::7, fd00::2' };
    assert.equal((await seenAs('fd00::/8', 'fd00::3', six)).ip, '2001:db8::7');
    assert.equal((await seenAs('fd00::2, fd00::3', 'fd00::3', six)).ip, '2001:db8::7');
    assert.equal((await seenAs('10.0.0.0/8', '::ffff:10.0.0.3', chain)).ip, '203.0.113.7');
  });

  it('believes no header from a socket that is not a named proxy, the scheme included', async () => {
    const headers = { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https' };
    assert.deepEqual(await seenAs('10.0.0.3', '127.0.0.1', headers), { ip: '127.0.0.1', protocol: 'http' });
    assert.deepEqual(await seenAs('fd00::/8', '2001:db8::5', headers), { ip: '2001:db8::5', protocol: 'http' });
  });

  it('refuses true, which would let any client choose its address, and names a bad entry, in one line', () => {
    const everyone =
      'Invalid configuration:\n  TRUST_PROXY: true is refused: it lets any client choose its own address (the left-most X-Forwarded-For entry). Name the proxy in front instead, by its addresses or networks (10.0.0.5,fd00::/8) or by a hop count (1: one nginx that alone reaches the API)';
    assert.equal(refusal('true'), everyone);
    assert.equal(refusal('yes'), everyone);
    assert.equal(
      refusal('10.0.0.0/33'),
      `Invalid configuration:\n  TRUST_PROXY: "10.0.0.0/33": a network's prefix length is 1 to 32`,
    );
    assert.match(refusal('fd00::/129'), /^ {2}TRUST_PROXY: "fd00::\/129": a network's prefix length is 1 to 128$/m);
    assert.match(refusal('10.0.0.5,nginx'), /^ {2}TRUST_PROXY: "nginx" is not an IP address, a network/m);
    assert.match(refusal('10.0.0.300'), /^ {2}TRUST_PROXY: "10.0.0.300" is not an IP address/m);
    assert.match(refusal('0.0.0.0/0'), /^ {2}TRUST_PROXY: "0.0.0.0\/0" is every address, so any client could choose/m);
    assert.match(refusal('::/0'), /TRUST_PROXY: "::\/0" is every address/);
    for (const good of ['1', '2', '10.0.0.0/8,192.168.1.5', '::1', 'fd00::/8', 'loopback', 'no'])
      assert.equal(refusal(good), '', good);
  });

  it('is no sandbox behind a named proxy, and says which proxy', () => {
    assert.throws(
      () => loadConfig({ TRUST_PROXY: '10.0.0.5,fd00::/8' }),
      /\(TRUST_PROXY=10\.0\.0\.5,fd00::\/8: it serves the internet through a proxy\), so set PAYMENT_PROVIDER=stripe/,
    );
    assert.equal(loadConfig({ TRUST_PROXY: '0' }).sandbox, true, 'no proxy on loopback: the sandbox');
  });
});

for (const engine of engines()) {
  describe(`per-address limits behind one nginx (TRUST_PROXY=1) on ${engine}`, () => {
    let api: StartedApi & { dropDatabase?: () => Promise<void> };
    before(async () => {
      // LOGIN_LIMIT_CLIENT (30) and CODE_LIMIT_CLIENT (10) as they are by default.
      api = await startApi({
        engine,
        env: { TRUST_PROXY: '1', SANDBOX: '1', LOGIN_LIMIT_CLIENT: '30', CODE_LIMIT_CLIENT: '10' },
      });
    });
    after(async () => {
      await api?.close();
      await api?.dropDatabase?.();
    });
    // Each test starts with every window over (logins: 15 minutes, registration starts: an hour).
    beforeEach(() => api.clock.advance(3601_000));

    /** What nginx forwards for a client at 127.0.0.1 that sent `X-Forwarded-For: <forged>`. */
    const forging = (i: number) => ({ 'x-forwarded-for': `198.51.${i >> 8}.${i & 255}, 127.0.0.1` });
    const statuses = (answers: Array<{ status: number }>) => {
      const counts: Record<number, number> = {};
      for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
      return counts;
    };
    const login = (i: number, headers: Record<string, string>) =>
      api.call('POST', '/login', {
        body: { username: `niko${i}@ontv.ba`, password: 'Pogresna1!', ...device },
        headers,
      });

    it('counts 45 failed logins to 45 usernames, each with its own forged entry, against one address', async () => {
      const answers = [];
      for (let i = 0; i < 45; i += 1) answers.push(await login(i, forging(i)));
      assert.deepEqual(statuses(answers), { 401: 30, 429: 15 }, 'LOGIN_LIMIT_CLIENT (30) stops the client');
      assert.deepEqual(
        answers.map((a) => a.status),
        [...Array(30).fill(401), ...Array(15).fill(429)],
      );
    });

    it('holds the per-address login limit in a burst of 100 at once, each forging its own entry', async () => {
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(1000 + i, forging(i))));
      const counts = statuses(answers);
      assert.ok((counts[401] ?? 0) <= 30, `at most 30 passwords checked: ${JSON.stringify(counts)}`);
      assert.equal((counts[401] ?? 0) + (counts[429] ?? 0), 100, JSON.stringify(counts));
    });

    it('ignores Forwarded and X-Real-IP in the login limit', async () => {
      const answers = [];
      for (let i = 0; i < 31; i += 1) {
        const forged = `198.51.100.${i}`;
        answers.push(await login(2000 + i, { forwarded: `for=${forged}`, 'x-real-ip': forged }));
      }
      assert.deepEqual(statuses(answers), { 401: 30, 429: 1 });
    });

    it('counts code messages (starts and resends) asked for with forged entries against one address', async () => {
      const ids: string[] = [];
      const answers = [];
      for (let i = 0; i < 5; i += 1) {
        const username = `061 ${String(200000 + i)}`;
        const body = { ...device, deviceType: 'PHONE', osType: 1, registrationType: 'PHONE_NUMBER', username };
        const started = await api.call('POST', '/start-registration', { body, headers: forging(i) });
        answers.push(started);
        ids.push(started.body.data as string);
      }
      for (let i = 0; i < 6; i += 1) {
        const body = { identificator: ids[i % ids.length], osType: 1 };
        answers.push(await api.call('POST', '/resend/sms', { body, headers: forging(100 + i) }));
      }
      assert.deepEqual(
        answers.map((a) => a.status),
        [...Array(10).fill(200), 429],
        'CODE_LIMIT_CLIENT (10) code messages an hour from the address',
      );
      assert.equal(answers[10]!.body.code, 'TOO_MANY_CODES');
    });

    it("counts staff sign-ins with forged entries against one address (the console's client limit)", async () => {
      const answers = [];
      for (let i = 0; i < 31; i += 1) {
        const body = { email: `niko${i}@ontv.ba`, password: 'Pogresna-Lozinka-1!' };
        answers.push(await api.call('POST', '/staff/login', { body, headers: forging(i) }));
      }
      assert.deepEqual(statuses(answers), { 401: 30, 429: 1 });
    });

    it('sends Strict-Transport-Security when the proxy says the request came over HTTPS', async () => {
      const https = await api.call('GET', '/health', { headers: { 'x-forwarded-proto': 'https' } });
      assert.equal(https.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
      assert.equal((await api.call('GET', '/health')).headers.get('strict-transport-security'), null);
    });
  });
}
