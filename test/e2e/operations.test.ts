/**
 * The portal as an operator runs it: several API processes on one PostgreSQL, health and readiness,
 * a graceful stop, safe defaults for what a public server exposes, and `--help` on every command.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../api/src/cli/freshness';
import { startPortal, type Portal } from './harness';
import { freePort, freshDatabase } from '../lib/postgres';
import { alive, processTree } from '../lib/processes';
import { tempDir } from '../lib/tempDir';
import { PRODUCTION_SETTINGS } from '../lib/productionSettings';

const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const device = {
  deviceType: 'ontv',
  deviceUsername: 'web-ops-aaaaaaaaaaaaaaaaaaa',
  devicePassword: 'c'.repeat(64),
  deviceName: 'Web (Chrome)',
};
const login = (portal: Portal, password: string, headers: Record<string, string> = {}) =>
  fetch(`${portal.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ username: 'aktivna@ontv.ba', password, ...device }),
  });

/** The sum of a metric's samples whose labels include every one of `labels` (Prometheus' text format). */
function metric(text: string, name: string, labels: Record<string, string> = {}): number {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** Where a file the portal could serve at `address` lies in the checkout. */
function builtFile(address: string): string {
  const remote = /^\/remotes\/(\w+)\/(.*)$/.exec(address);
  if (remote) return `remotes/${remote[1]}/dist/${remote[2]}`;
  if (address.startsWith('/podrska/')) return `support-host/dist/${address.slice('/podrska/'.length)}`;
  return `host/dist${address}`;
}

describe('three API processes on one PostgreSQL', () => {
  let portal: Portal;
  let metricsPort: number;
  let database: { url: string; drop: () => Promise<void> };
  before(async () => {
    const admin = process.env.TEST_DATABASE_URL;
    assert.ok(admin, "TEST_DATABASE_URL names the test run's PostgreSQL server (npm test sets it)");
    database = await freshDatabase(admin, 'ontv_ops');
    metricsPort = await freePort();
    // A mail server that is down (nothing listens on its port): e-mails wait in the backlog.
    const mailPort = await freePort();
    portal = await startPortal({
      name: 'workers',
      env: {
        DATABASE_URL: database.url,
        WORKERS: '3',
        LOGIN_LIMIT_CLIENT: '100000',
        METRICS_PORT: String(metricsPort),
        SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
        MAIL_FROM: 'ON TV <no-reply@ontv.ba>',
        MESSAGE_RETRY_SECONDS: '3600',
      },
    });
  });
  after(async () => {
    await portal?.stop();
    await database?.drop();
  });

  it('enforce one login limit together: of 100 wrong passwords at once, at most 5 are checked', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(portal, `Pogresna${i}!`)));
    const counts: Record<number, number> = {};
    for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
    assert.ok((counts[401] ?? 0) <= 5, JSON.stringify(counts));
    assert.equal((counts[401] ?? 0) + (counts[429] ?? 0), 100, JSON.stringify(counts));
    assert.equal((await login(portal, 'Demo1234!')).status, 429, 'even the right password waits');
  });

  it('add up their metrics on the metrics port, and never show them on the public one', async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const failed = metric(text, 'ontv_logins_total', { outcome: 'failed' });
    const limited = metric(text, 'ontv_logins_total', { outcome: 'limited' });
    assert.ok(failed >= 1 && failed <= 5, text);
    assert.equal(
      failed + limited,
      101,
      'every login of the burst and the right password after it, from all three processes',
    );
    assert.equal(metric(text, 'ontv_rate_limited_total', { limit: 'TOO_MANY_ATTEMPTS' }), limited);
    assert.equal(
      metric(text, 'ontv_http_request_duration_seconds_count', { route: '/api/login', status: '429' }),
      limited,
    );
    // Two password-reset codes for a mail server that is down: a backlog of 2 however many processes report it.
    for (const username of ['demo@ontv.ba', 'istekla@ontv.ba']) {
      const started = await fetch(`${portal.url}/api/forgot-password/check-username`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, osType: 1 }),
      });
      assert.equal(started.status, 200);
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const later = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    assert.equal(
      metric(later, 'ontv_messages_pending', { channel: 'EMAIL' }),
      2,
      later
        .split('\n')
        .filter((l) => l.includes('message'))
        .join('\n'),
    );
    assert.ok(metric(later, 'ontv_messages_oldest_pending_seconds', { channel: 'EMAIL' }) >= 0);
    assert.ok(metric(later, 'ontv_message_deliveries_total', { channel: 'EMAIL', outcome: 'retried' }) >= 2);
    const pub = await fetch(`${portal.url}/metrics`);
    assert.ok(!(await pub.text()).includes('ontv_logins_total'), 'the public port does not serve metrics');
  });

  it('answer health and readiness', async () => {
    const health = (await (await fetch(`${portal.url}/api/health`)).json()) as Record<string, string>;
    assert.equal(health.status, 'ok');
    assert.match(health.version ?? '', /^\d+\.\d+\.\d+/, 'the release it runs');
    assert.match(health.commit ?? '', /^([0-9a-f]{7,40}|unknown)$/);
    assert.deepEqual(await (await fetch(`${portal.url}/api/ready`)).json(), { status: 'ready' });
  });
});

describe('a portal on its own', () => {
  let portal: Portal;
  before(async () => {
    portal = await startPortal({ name: 'operations', env: { TRUST_PROXY: '1', SANDBOX: '1' } });
  });
  after(async () => {
    await portal?.stop();
  });

  it('answers a missing file with 404, not the app page, and keeps source maps private', async () => {
    for (const file of ['/missing.js', '/missing.json', '/.git/config', '/remotes/account/missing.js']) {
      const response = await fetch(`${portal.url}${file}`);
      assert.equal(response.status, 404, file);
      assert.match(response.headers.get('content-type') ?? '', /json/, file);
    }
    const page = await fetch(`${portal.url}/paketi`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /html/);
    const map = fs.readdirSync(path.join(ROOT, 'remotes', 'catalogue', 'dist')).find((f) => f.endsWith('.js.map'));
    assert.ok(map, 'the build writes source maps');
    assert.equal((await fetch(`${portal.url}/remotes/catalogue/${map}`)).status, 404);
    // What only the server reads of a build is no file of the site.
    for (const file of [
      '/shells.json',
      '/build.json',
      '/remotes/catalogue/pages.json',
      '/remotes/catalogue/page-chunks.json',
      '/remotes/catalogue/build.json',
      '/podrska/index.html',
    ]) {
      assert.ok(fs.existsSync(path.join(ROOT, builtFile(file))), `${file} is built`);
      assert.equal((await fetch(`${portal.url}${file}`)).status, 404, file);
    }
    const index = await fetch(`${portal.url}/index.html`, { redirect: 'manual' });
    assert.equal(index.status, 301);
    assert.equal(index.headers.get('location'), '/');
  });

  it('sends Strict-Transport-Security only to requests that came over HTTPS', async () => {
    assert.equal((await fetch(`${portal.url}/paketi`)).headers.get('strict-transport-security'), null);
    const https = await fetch(`${portal.url}/paketi`, { headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(https.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
  });

  it('refuses a billing time PostgreSQL cannot hold with a 400', async () => {
    const response = await fetch(`${portal.url}/api/dev/billing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: '0000-01-01T00:00:00Z' }),
    });
    assert.equal(response.status, 400);
  });

  it('finishes a request in flight on SIGTERM, then exits cleanly', async () => {
    const inFlight = login(portal, 'Demo1234!');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const exited = portal.kill('SIGTERM');
    assert.equal((await inFlight).status, 200, 'the login in flight is answered');
    assert.equal(await exited, 0);
  });
});

/** Starts the server as `npm start` does where it must refuse to start: its exit code and what it printed. */
function refusedStart(env: Record<string, string>): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [TSX, path.join(ROOT, 'api', 'src', 'cli', 'start.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', DATA_DIR: tempDir('ontv-e2e-'), BILLING_INTERVAL_MINUTES: '0', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * What a real server needs besides NODE_ENV and HOST (test/lib/productionSettings.ts): a card processor,
 * its public address, a way to send codes (here an SMS gateway nobody answers: messages wait in the
 * outbox) and the operator's own legal data.
 */
const { NODE_ENV: _production, HOST: _public, SMTP_URL: _smtp, MAIL_FROM: _from, ...REAL } = PRODUCTION_SETTINGS;
const REAL_SETTINGS = {
  ...REAL,
  STRIPE_SECRET_KEY: 'sk_test_portal',
  STRIPE_WEBHOOK_SECRET: 'whsec_portal',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_portal',
  SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms',
};
const PRODUCTION = { NODE_ENV: 'production', HOST: '0.0.0.0', ...REAL_SETTINGS };

describe('a portal that serves other machines', () => {
  it('as a production start, gives nothing away: no demo customer, no test card processor, no outbox, no billing on demand', async () => {
    const portal = await startPortal({ name: 'production', env: PRODUCTION });
    try {
      assert.equal((await login(portal, 'Demo1234!')).status, 401, 'no demo customer');
      assert.equal(
        (
          await fetch(`${portal.url}/sandbox-pay/v1/intents`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
        ).status,
        404,
      );
      assert.equal((await fetch(`${portal.url}/api/dev/outbox?to=061000001`)).status, 404);
      assert.equal((await fetch(`${portal.url}/api/dev/billing`, { method: 'POST' })).status, 404);
      assert.equal((await fetch(`${portal.url}/paketi`)).status, 200, 'the portal itself is served');
      const settings = (await (await fetch(`${portal.url}/portal.config.json`)).json()) as {
        sandbox: boolean;
        payments?: unknown;
      };
      assert.equal(settings.sandbox, false, 'no page says it is a sandbox');
      // The stock file names the sandbox processor: the pages take cards through the server's processor instead.
      assert.deepEqual(
        settings.payments,
        { provider: 'stripe', publishableKey: 'pk_test_portal' },
        "the card fields follow the server's processor",
      );
      assert.ok(!fs.readFileSync(portal.logFile, 'utf8').includes('Sandbox mode'), 'no sandbox line in the log');
    } finally {
      await portal.stop();
    }
  });

  it('refuses, in one line naming the setting, a start that would expose the sandbox or has no real card processor', () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      [
        'production on the sandbox processor',
        { NODE_ENV: 'production', HOST: '0.0.0.0' },
        'set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY.',
      ],
      [
        'Stripe without the key the pages need',
        { ...PRODUCTION, STRIPE_PUBLISHABLE_KEY: '' },
        'PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY',
      ],
      [
        'Stripe with a live key for the pages and a test key for the server',
        { ...PRODUCTION, STRIPE_PUBLISHABLE_KEY: 'pk_live_portal' },
        'must both be live keys or both test keys',
      ],
      ['production on loopback, on the sandbox processor', { NODE_ENV: 'production' }, 'set PAYMENT_PROVIDER=stripe'],
      [
        'production asking for the sandbox',
        { ...PRODUCTION, SANDBOX: '1' },
        'SANDBOX=1 is refused with NODE_ENV=production',
      ],
      [
        'a public server on the sandbox processor',
        { HOST: '0.0.0.0' },
        '(HOST=0.0.0.0 is not loopback), so set PAYMENT_PROVIDER=stripe',
      ],
      [
        'a loopback server behind a proxy',
        { TRUST_PROXY: '1' },
        '(TRUST_PROXY=1: it serves the internet through a proxy)',
      ],
      ['production without its public address', { ...PRODUCTION, PUBLIC_URL: '' }, 'PUBLIC_URL is not set'],
      [
        'production with no way to send codes',
        { ...PRODUCTION, SMS_GATEWAY_URL: '' },
        'Neither SMTP_URL nor SMS_GATEWAY_URL is set',
      ],
      [
        "production with the sandbox's legal data",
        { ...PRODUCTION, OPERATOR_VAT_NUMBER: '200000000007' },
        'OPERATOR_VAT_NUMBER still holds the sample data',
      ],
      [
        'production naming no database',
        { ...PRODUCTION, DATABASE_URL: '' },
        'DATABASE_URL is not set: a production start needs its database named',
      ],
      [
        'a value in quotes, as docker run --env-file keeps them',
        { ...PRODUCTION, OPERATOR_NAME: '"Primjer TV d.o.o. Mostar"' },
        'OPERATOR_NAME: is wrapped in quotes, which docker run --env-file keeps as part of the value: remove them',
      ],
      [
        'production on a database nobody serves',
        { ...PRODUCTION, DATABASE_URL: 'postgres://portal:secret@127.0.0.1:9/ontv' },
        'DATABASE_URL: cannot use the PostgreSQL database at 127.0.0.1:9/ontv: nothing listens there',
      ],
    ];
    for (const [what, env, line] of cases) {
      const { status, output } = refusedStart(env);
      assert.equal(status, 1, `${what}: exits 1\n${output}`);
      assert.ok(output.includes(line), `${what}: says "${line}"\n${output}`);
      assert.ok(!output.includes('Portal ready'), `${what}: never serves`);
      assert.ok(!output.includes('secret@'), `${what}: no password of a URL`);
      assert.ok(!/^\s+at /m.test(output), `${what}: no stack trace`);
    }
  });

  it('refuses a production start on a database that holds the demo customers', async () => {
    const dataDir = tempDir('ontv-e2e-');
    const sandbox = await startPortal({ name: 'seeded', env: { DATA_DIR: dataDir } });
    await sandbox.stop();
    const { status, output } = refusedStart({ ...PRODUCTION, DATA_DIR: dataDir });
    assert.equal(status, 1, output);
    assert.match(output, /The database holds the demo customers \(aktivna@ontv\.ba, .*\).*delete them/);
  });

  it('has the sandbox endpoints only when SANDBOX=1 says so, and says it is a sandbox in its first line', async () => {
    const chosen = await startPortal({ name: 'public-sandbox', env: { HOST: '0.0.0.0', SANDBOX: '1' } });
    try {
      assert.equal((await fetch(`${chosen.url}/api/dev/outbox?to=061000001`)).status, 200);
      assert.equal(
        ((await (await fetch(`${chosen.url}/portal.config.json`)).json()) as { sandbox: boolean }).sandbox,
        true,
        'every page says it is a sandbox',
      );
      assert.match(
        (JSON.parse(fs.readFileSync(chosen.logFile, 'utf8').split('\n')[0]!) as { msg: string }).msg,
        /^Sandbox mode: demo customers, the test card processor \(no real payments\)/,
      );
    } finally {
      await chosen.stop();
    }
  });
});

/**
 * Starts a server command on a free port with its own data folder: the process, a promise of its
 * exit code, what it printed so far, and a promise that it serves (rejected if it exits first).
 */
async function spawnServer(bin: string, args: string[], env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(bin, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: tempDir('ontv-e2e-'), BILLING_INTERVAL_MINUTES: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const what = [bin, ...args].join(' ');
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not serve in 120 s:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Portal ready at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`${what} exited:\n${output}`)));
  });
  return { child, port, exited, ready, output: () => output };
}

/**
 * Runs a server command as a deployment file names it (the test's node for `node`), waits until it
 * serves, checks it, and stops it with SIGTERM: its exit code.
 */
async function serveAndStop(
  command: string[],
  env: Record<string, string>,
  check: (url: string) => Promise<void>,
): Promise<number | null> {
  const [bin, ...args] = command;
  assert.ok(bin === 'node' || bin === '/usr/bin/node', `a plain node process, not ${bin}`);
  const { child, port, exited, ready } = await spawnServer(process.execPath, args, env);
  try {
    await ready;
    await check(`http://127.0.0.1:${port}`);
  } finally {
    child.kill('SIGTERM');
  }
  return exited;
}

const DEPLOY = path.join(ROOT, 'docs', 'deploy');

describe('the production command, the systemd unit and the container file', () => {
  before(() => {
    const built = spawnSync(process.execPath, [TSX, path.join(ROOT, 'api', 'scripts', 'build.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(built.status, 0, built.stderr);
  });

  const serves = async (url: string) => {
    assert.equal((await fetch(`${url}/api/ready`)).status, 200);
    assert.equal((await fetch(`${url}/paketi`)).status, 200);
    assert.equal((await fetch(`${url}/api/ontv/plans`)).status, 200);
  };

  it("runs the unit's command: the compiled server as production, no TypeScript loader, stopped cleanly by SIGTERM", async () => {
    const unit = fs.readFileSync(path.join(DEPLOY, 'ontv-portal.service'), 'utf8');
    const command = /^ExecStart=(.+)$/m.exec(unit)![1]!.split(' ');
    assert.deepEqual(command.slice(1), ['api/dist/main.js']);
    const env = Object.fromEntries([...unit.matchAll(/^Environment=(\w+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
    assert.equal(env.NODE_ENV, 'production');
    assert.equal(await serveAndStop(command, { ...env, ...REAL_SETTINGS }, serves), 0);
  });

  it("runs the image's command with the image's settings, and finds every file the image copies in this checkout's build", async () => {
    const file = fs.readFileSync(path.join(DEPLOY, 'Containerfile'), 'utf8');
    const runtime = file.slice(file.lastIndexOf('\nFROM '));
    for (const [, source] of runtime.matchAll(/^COPY --from=build \/app\/(\S+)/gm))
      assert.ok(fs.existsSync(path.join(ROOT, source!)), `${source} exists after the build`);
    assert.match(runtime, /^USER node$/m, 'runs as an unprivileged user');
    const env = Object.fromEntries(
      [...runtime.matchAll(/^ENV (.+)$/gm)].flatMap((m) =>
        m[1]!.split(' ').map((pair) => pair.split('=') as [string, string]),
      ),
    );
    const command = JSON.parse(/^CMD (\[.+\])$/m.exec(runtime)![1]!) as string[];
    assert.equal(await serveAndStop(command, { ...env, ...REAL_SETTINGS }, serves), 0);
  });
});

describe('npm start, stopped as a service manager stops it', () => {
  it('passes SIGTERM sent to npm on to the server, which stops: nothing is left running or serving', async () => {
    const { child: npm, port, exited, ready, output } = await spawnServer('npm', ['start']);
    await ready;
    const tree = processTree(npm.pid!).map((row) => row.pid);
    assert.ok(tree.length >= 2, 'npm runs the server under it');
    npm.kill('SIGTERM');
    await exited;
    for (let waited = 0; tree.some(alive) && waited < 15_000; waited += 250)
      await new Promise((resolve) => setTimeout(resolve, 250));
    assert.deepEqual(tree.filter(alive), [], 'no process of npm start is left');
    await assert.rejects(fetch(`http://127.0.0.1:${port}/api/health`), 'nothing serves on its port');
    assert.match(output(), /SIGTERM: shutting down/);
  });
});

describe('every command answers --help', () => {
  for (const [command, file] of [
    ['npm start', 'api/src/cli/start.ts'],
    ['npm run billing', 'api/src/cli/billing.ts'],
    ['npm run staff', 'api/src/cli/staff.ts'],
    ['npm run migrate', 'api/src/cli/migrate.ts'],
    ['npm run keys', 'api/src/cli/keys.ts'],
    ['npm run move-to-postgres', 'api/src/cli/move-to-postgres.ts'],
    ['npm run vouchers', 'api/src/cli/vouchers.ts'],
    ['npm run dev', 'api/src/cli/dev.ts'],
  ] as const) {
    it(command, () => {
      const result = spawnSync(process.execPath, [TSX, path.join(ROOT, file), '--help'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      assert.equal(result.status, 0, result.stderr);
      assert.match(result.stdout, new RegExp(`^${command.replace(/ /g, ' ')}`, 'm'));
      assert.match(result.stdout, /^Environment:/m);
      assert.match(result.stdout, /DATABASE_URL/);
    });
  }
});
