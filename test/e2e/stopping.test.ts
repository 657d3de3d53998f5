/**
 * A stop that drops no request (docs/deploy/README.md, "Stopping"): on SIGTERM readiness fails at
 * once, requests are served through the drain period with `Connection: close`, what is in flight
 * finishes, the message being sent is sent once, and the process exits 0, alone on the embedded
 * database or as one of three API processes on PostgreSQL under keep-alive load.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { ROOT } from '../../api/src/cli/freshness';
import { tempDir } from '../lib/tempDir';
import { startPortal, type Portal } from './harness';
import { freshDatabase } from '../lib/postgres';
import { alive, processTree } from '../lib/processes';
import { smsSink, type ReceivedSms, type Sink } from '../lib/sinks';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const device = {
  deviceType: 'ontv',
  deviceUsername: 'web-stop-aaaaaaaaaaaaaaaaaa',
  devicePassword: 'd'.repeat(64),
  deviceName: 'Web (Chrome)',
};

interface Answer {
  status: number;
  /** The server said `Connection: close`. */
  close: boolean;
  body: string;
}

/** One request through `agent` (keep-alive when the agent keeps connections): its answer, or the network error as it was thrown. */
function send(agent: http.Agent | false, port: number, path: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        method: payload ? 'POST' : 'GET',
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, close: response.headers.connection === 'close', body: text }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting until ${what}`);
    await sleep(50);
  }
}

/**
 * Keep-alive clients, `connections` of them, each sending its next request as soon as the last is
 * answered while `going()` holds: every answer that is not 200 and every network error is a failure.
 */
function load(
  port: number,
  connections: number,
  going: () => boolean,
  request: (n: number) => { path: string; body?: unknown },
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const failures: string[] = [];
  let answered = 0;
  let closed = 0;
  let n = 0;
  const client = async () => {
    while (going()) {
      const { path, body } = request((n += 1));
      try {
        const answer = await send(agent, port, path, body);
        answered += 1;
        if (answer.close) closed += 1;
        if (answer.status !== 200) failures.push(`${path}: ${answer.status} ${answer.body.slice(0, 120)}`);
      } catch (error) {
        failures.push(`${path}: ${(error as Error).message}`);
      }
    }
  };
  const done = Promise.all(Array.from({ length: connections }, client)).then(() => agent.destroy());
  return { done, failures, answered: () => answered, closed: () => closed };
}

/** A balancer in front of one port: keeps it in rotation while GET /api/ready answers 200 (asked every 100 ms). */
function balancer(port: number) {
  let inRotation = true;
  const done = (async () => {
    while (inRotation) {
      const answer = await send(false, port, '/api/ready').catch(() => null);
      if (answer?.status !== 200) inRotation = false;
      else await sleep(100);
    }
  })();
  return { inRotation: () => inRotation, done };
}

/**
 * Keep-alive load on `portal` behind a balancer that follows ready; once `answers` requests were
 * answered, SIGTERM to the portal: every failed request, and the portal's exit code, once the balancer
 * has taken it out of rotation and the load has stopped.
 */
async function stopUnderLoad(
  portal: Portal,
  connections: number,
  answers: number,
  alsoSignal: () => number[] = () => [],
): Promise<{ failures: string[]; answered: number; exitCode: number | null }> {
  const front = balancer(portal.port);
  const traffic = load(portal.port, connections, front.inRotation, (n) => ({
    path: n % 2 ? '/api/ontv/plans' : '/paketi',
  }));
  await until(() => traffic.answered() > answers, `${answers} answers`);
  // Processes signalled at the same moment as the portal (a service manager signalling the whole group).
  for (const pid of alsoSignal()) process.kill(pid, 'SIGTERM');
  const exited = portal.kill('SIGTERM');
  await front.done;
  await traffic.done;
  return { failures: traffic.failures, answered: traffic.answered(), exitCode: await exited };
}

describe('one portal on the embedded database, stopped with SIGTERM', () => {
  it('answers ready 503 at once, serves on with Connection: close, finishes the request in flight, and exits 0 soon after', async () => {
    const portal = await startPortal({ name: 'stop-alone', env: { DRAIN_SECONDS: '30', SANDBOX: '1' } });
    // A login whose body is still arriving: in flight from its headers on, until the test sends the rest.
    const body = JSON.stringify({ username: 'aktivna@ontv.ba', password: 'Demo1234!', ...device });
    const login = http.request({
      host: '127.0.0.1',
      port: portal.port,
      path: '/api/login',
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const loggedIn = new Promise<http.IncomingMessage>((resolve, reject) =>
      login.on('response', resolve).on('error', reject),
    );
    login.write(body.slice(0, 20));
    await sleep(300);

    const signalled = Date.now();
    const exited = portal.kill('SIGTERM');
    const readiness: string[] = [];
    await until(
      async () => {
        const answer = await send(false, portal.port, '/api/ready');
        readiness.push(`${answer.status} ${answer.body}`);
        return answer.status === 503;
      },
      'ready answers 503',
      5_000,
    );
    assert.ok(Date.now() - signalled < 2_000, `ready turned 503 within 2 s of the signal (${readiness.join(', ')})`);
    assert.equal(readiness.at(-1), '503 {"status":"stopping"}');
    assert.deepEqual(
      readiness.slice(0, -1).filter((r) => !r.startsWith('200')),
      [],
      'before that, ready',
    );
    // A balancer that takes a process out after three failed checks (HAProxy's and Kubernetes' default).
    for (let check = 0; check < 2; check += 1) assert.equal((await send(false, portal.port, '/api/ready')).status, 503);

    const agent = new http.Agent({ keepAlive: true });
    const plans = await send(agent, portal.port, '/api/ontv/plans');
    assert.equal(plans.status, 200, 'still serving while it drains');
    assert.ok(plans.close, 'with Connection: close');
    agent.destroy();

    login.end(body.slice(20));
    const answered = await loggedIn;
    assert.equal(answered.statusCode, 200, 'the login in flight is answered');
    assert.equal(answered.headers.connection, 'close');
    answered.resume();
    const lastAnswer = Date.now();
    assert.equal(await exited, 0, 'exits 0');
    assert.ok(
      Date.now() - lastAnswer < 10_000,
      `with nothing in flight, it stops long before its 30 s drain (${Date.now() - lastAnswer} ms)`,
    );
    assert.match(fs.readFileSync(portal.logFile, 'utf8'), /SIGTERM: shutting down[\s\S]*Stopped after/);
  });

  it('under keep-alive load behind a balancer that follows ready, cuts no request', async () => {
    const portal = await startPortal({ name: 'stop-load', env: { DRAIN_SECONDS: '10' } });
    const stopped = await stopUnderLoad(portal, 20, 200);
    assert.deepEqual(stopped.failures, [], `of ${stopped.answered} requests, none failed`);
    assert.equal(stopped.exitCode, 0);
  });

  it('`npm start` stopped while it starts (the database opening, migrations), exits 0 without serving', async () => {
    // `npm start` itself: a SIGTERM to it must reach the server however busy its thread is (tsx's command
    // line, which it ran before, killed a server that did not answer its relay within 30 ms: exit 143).
    const child = spawn('npm', ['start'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', SANDBOX: '1', DATA_DIR: tempDir('ontv-e2e-'), BILLING_INTERVAL_MINUTES: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // Its first line comes before the database is opened: an empty one takes seconds to migrate and seed.
    await until(() => output.includes('Sandbox mode'), 'the first line', 60_000);
    // A second on, the embedded database is opening: seconds of WebAssembly that hold the thread.
    await sleep(1_000);
    child.kill('SIGTERM');
    assert.equal(await exited, 0, output);
    assert.ok(!output.includes('Portal ready at'), output);
  });
});

describe('three API processes on one PostgreSQL, one stopped with SIGTERM under keep-alive load', () => {
  let portal: Portal;
  let database: { url: string; drop: () => Promise<void> };
  let sms: Sink<ReceivedSms>;
  before(async () => {
    const admin = process.env.TEST_DATABASE_URL;
    assert.ok(admin, "TEST_DATABASE_URL names the test run's PostgreSQL server (npm test sets it)");
    database = await freshDatabase(admin, 'ontv_stop');
    // A slow gateway: each SMS takes 300 ms, so a process is stopped while it sends.
    sms = await smsSink(() => sleep(300).then(() => 200));
    portal = await startPortal({
      name: 'stop-workers',
      env: {
        DATABASE_URL: database.url,
        WORKERS: '3',
        LOGIN_LIMIT_CLIENT: '100000',
        SMS_GATEWAY_URL: `http://127.0.0.1:${sms.port}/send`,
        MESSAGE_POLL_SECONDS: '1',
        DRAIN_SECONDS: '10',
      },
    });
  });
  after(async () => {
    await portal?.stop();
    await sms?.stop();
    await database?.drop();
  });

  it('fails no request, loses and repeats no message, replaces the process and leaves none behind', async () => {
    const { default: pg } = await import('pg');
    const workersNow = () => {
      const tree = processTree(portal.pid);
      const primary = tree.find((row) => tree.filter((child) => child.ppid === row.pid).length >= 3);
      return primary ? tree.filter((row) => row.ppid === primary.pid).map((row) => row.pid) : [];
    };
    const before = workersNow();
    assert.equal(before.length, 3, 'three API processes');

    let going = true;
    const registered: string[] = [];
    // Reads, pages and, every fifth request, a registration whose code goes out by SMS.
    const traffic = load(
      portal.port,
      30,
      () => going,
      (n) => {
        if (n % 5 === 0) {
          const phone = `0627${String(n).padStart(5, '0')}`;
          registered.push(phone);
          return {
            path: '/api/start-registration',
            body: { ...device, deviceType: 'PHONE', osType: 1, registrationType: 'PHONE_NUMBER', username: phone },
          };
        }
        return { path: n % 2 ? '/api/ontv/plans' : '/paketi' };
      },
    );
    await until(() => traffic.answered() > 300 && sms.received.length > 0, '300 answers and an SMS sent');
    const [stopped] = before;
    process.kill(stopped!, 'SIGTERM');
    await until(() => !alive(stopped!), 'the stopped process exits', 30_000);
    const atExit = traffic.answered();
    await until(() => traffic.answered() > atExit + 300, '300 more answers after it stopped');
    going = false;
    await traffic.done;

    assert.deepEqual(traffic.failures, [], `of ${traffic.answered()} requests, none failed`);
    assert.ok(traffic.closed() > 0, 'the stopped process closed its keep-alive connections');
    const after = workersNow();
    assert.equal(after.length, 3, `three API processes again (${after.join(', ')})`);
    assert.ok(!after.includes(stopped!));

    // Every code written is sent, each once, whichever process sent it.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const pending = async () =>
        (await client.query(`SELECT count(*)::int AS n FROM outbox WHERE channel = 'SMS' AND status <> 'SENT'`)).rows[0]
          .n as number;
      await until(async () => (await pending()) === 0, 'every SMS is sent', 30_000);
      const ids = (await client.query(`SELECT id FROM outbox WHERE channel = 'SMS'`)).rows.map(
        (row: { id: string }) => `outbox-${row.id}`,
      );
      assert.equal(ids.length, registered.length, 'one SMS per registration answered');
      const received = sms.received.map((m) => m.id);
      assert.deepEqual([...received].sort(), [...ids].sort(), 'the gateway received each SMS exactly once');
    } finally {
      await client.end();
    }

    const tree = processTree(portal.pid).map((row) => row.pid);
    await portal.stop();
    await until(() => !tree.some(alive), 'no process is left', 30_000);
    const log = fs.readFileSync(portal.logFile, 'utf8');
    assert.match(log, new RegExp(`API process ${stopped} is stopping; starting another`));
  });

  it('stopped as a whole (SIGTERM to the first process) behind a balancer that follows ready, fails no request and exits 0', async () => {
    const group = await startPortal({
      name: 'stop-group',
      env: { DATABASE_URL: database.url, WORKERS: '3', LOGIN_LIMIT_CLIENT: '100000', DRAIN_SECONDS: '10' },
    });
    const tree = processTree(group.pid).map((row) => row.pid);
    const stopped = await stopUnderLoad(group, 30, 300);
    assert.deepEqual(stopped.failures, [], `of ${stopped.answered} requests, none failed`);
    assert.equal(stopped.exitCode, 0);
    await until(() => !tree.some(alive), 'no process is left', 30_000);
    assert.doesNotMatch(
      fs.readFileSync(group.logFile, 'utf8'),
      /is stopping; starting another/,
      'a group stop replaces nothing',
    );
  });

  it('stopped as a whole by a signal to every process at once (systemd without KillMode=mixed), fails no request either', async () => {
    const group = await startPortal({
      name: 'stop-every',
      env: { DATABASE_URL: database.url, WORKERS: '3', LOGIN_LIMIT_CLIENT: '100000', DRAIN_SECONDS: '10' },
    });
    const tree = processTree(group.pid).map((row) => row.pid);
    const workers = () => {
      const rows = processTree(group.pid);
      const primary = rows.find((row) => rows.filter((child) => child.ppid === row.pid).length >= 3);
      return rows.filter((row) => row.ppid === primary?.pid).map((row) => row.pid);
    };
    const stopped = await stopUnderLoad(group, 30, 300, workers);
    assert.deepEqual(stopped.failures, [], `of ${stopped.answered} requests, none failed`);
    assert.equal(stopped.exitCode, 0);
    await until(() => !tree.some(alive), 'no process is left', 30_000);
    assert.doesNotMatch(fs.readFileSync(group.logFile, 'utf8'), /is stopping; starting another/, 'nothing is replaced');
  });
});
