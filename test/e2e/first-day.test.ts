/**
 * An operator's first day, from docs/deploy/ alone, on a clean directory and as an
 * unprivileged user: the production artifact is put together as the Containerfile copies it, started
 * on PostgreSQL with only the settings the guide lists, a customer registers with a code that arrives
 * by SMTP, the first admin is made with the compiled staff command and signs in to the console, the
 * signing secret and then the sealing key are rotated without losing the customer's PIN, the database
 * is backed up, dropped and restored; and an embedded portal moves to PostgreSQL and signs in there.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../api/src/cli/freshness';
import { totpCode } from '../../api/src/support/totp';
import { freePort, freshDatabase } from '../lib/postgres';
import { PRODUCTION_SETTINGS } from '../lib/productionSettings';
import { smtpSink, type Sink } from '../lib/sinks';
import { tempDir } from '../lib/tempDir';
import { replayImage } from '../lib/image';
import type { ParsedMail } from 'mailparser';

const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const device = {
  deviceType: 'ontv',
  deviceUsername: 'web-firstday-aaaaaaaaaaaaaa',
  devicePassword: 'f'.repeat(64),
  deviceName: 'Web (Firefox)',
};
const PASSWORD = 'Prvi-Dan-2026!';
const STAFF_PASSWORD = 'Podrska-Prvi-Dan-2026!';

/** The unprivileged user the portal runs as when the test runs as root (CI does): `nobody`. */
const asUser = (() => {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
})();

/** A folder the portal's user may write (its DATA_DIR). */
function writableDir(prefix: string): string {
  const dir = tempDir(prefix);
  if (asUser.uid !== undefined) fs.chownSync(dir, asUser.uid, asUser.gid!);
  return dir;
}

/** The production artifact as the image holds it (test/lib/image.ts), readable by all and owned by root, as under /opt. */
function assembleRelease(): string {
  const release = fs.mkdtempSync(path.join(os.tmpdir(), 'ontv-release-'));
  replayImage(release);
  spawnSync('chmod', ['-R', 'a+rX', release]);
  return release;
}

/** Runs a compiled command of the release as the portal's user, with the settings: its exit code and output. */
function command(release: string, env: Record<string, string>, args: string[]) {
  const result = spawnSync(process.execPath, args, {
    cwd: release,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 120_000,
    ...asUser,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}`, stdout: result.stdout };
}

interface Running {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts `node api/dist/main.js` of the release as the unit does, and waits until it serves. */
async function serve(release: string, env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['api/dist/main.js'], {
    cwd: release,
    env: { PATH: process.env.PATH, ...env, PORT: String(port), HOST: '127.0.0.1', BILLING_INTERVAL_MINUTES: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...asUser,
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not serve in 120 s:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Portal ready at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(() => reject(new Error(`the server exited:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      assert.equal(await exited, 0, `stopped cleanly:\n${output}`);
    },
  };
}

async function call(
  portal: Running,
  method: string,
  route: string,
  options: { body?: unknown; token?: string } = {},
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${portal.url}/api${route}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A customer registers by e-mail with the code the mail server received: answers the PIN. */
async function register(portal: Running, mail: Sink<ParsedMail>, email: string): Promise<string> {
  const started = await call(portal, 'POST', '/start-registration', {
    body: { ...device, deviceType: 'PHONE', osType: 1, registrationType: 'EMAIL', username: email },
  });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  const identificator = started.body.data as string;
  const message = await mail.waitFor(
    (m) => [m.to ?? []].flat().some((to) => to.text.includes(email)),
    `the code mailed to ${email}`,
  );
  const code = /\b(\d{6})\b/.exec(message.text ?? '')?.[1];
  assert.ok(code, `the e-mail carries a code:\n${message.text}`);
  assert.equal(
    (await call(portal, 'POST', '/approve/mail', { body: { identificator, mailCode: code } })).status,
    200,
    'the code from the e-mail is accepted',
  );
  const continued = await call(portal, 'POST', '/continue-registration', {
    body: {
      registrationType: 'EMAIL',
      identificator,
      osType: 1,
      password: PASSWORD,
      firstName: 'Amra',
      lastName: 'Begić',
      secondaryUsername: '',
      requireOtp: false,
    },
  });
  assert.equal(continued.status, 200, JSON.stringify(continued.body));
  const finished = await call(portal, 'POST', '/finish-registration', { body: { identificator } });
  assert.equal(finished.status, 200, JSON.stringify(finished.body));
  return finished.body.pin as string;
}

const login = (portal: Running, username: string) =>
  call(portal, 'POST', '/login', { body: { username, password: PASSWORD, ...device } });

/** The customer signs in and gets the PIN registration gave them. */
async function signsInWithPin(portal: Running, username: string, pin: string, when: string): Promise<string> {
  const signedIn = await login(portal, username);
  assert.equal(signedIn.status, 200, `${when}: signs in (${JSON.stringify(signedIn.body)})`);
  assert.equal(signedIn.body.pin, pin, `${when}: the PIN comes back`);
  return signedIn.body.token as string;
}

/** A new sealing key entry, from the compiled keys command. */
function newKey(release: string, env: Record<string, string>): string {
  const generated = command(release, env, ['api/dist/keys.js', 'generate']);
  assert.equal(generated.status, 0, generated.output);
  const entry = /^([a-z0-9]+:\S{32,})$/m.exec(generated.stdout)?.[1];
  assert.ok(entry, `keys generate prints an id:secret entry:\n${generated.output}`);
  return entry;
}

describe("an operator's first day, from docs/deploy/", () => {
  const admin = process.env.TEST_DATABASE_URL;
  let release: string;
  let mail: Sink<ParsedMail>;
  const dropped: Array<() => Promise<void>> = [];

  before(async () => {
    assert.ok(admin, "TEST_DATABASE_URL names the test run's PostgreSQL server (npm test sets it)");
    const built = spawnSync(process.execPath, [TSX, path.join(ROOT, 'api', 'scripts', 'build.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(built.status, 0, built.stderr);
    release = assembleRelease();
    mail = await smtpSink();
  });
  after(async () => {
    await mail?.stop();
    for (const drop of dropped) await drop().catch(() => undefined);
    if (release) fs.rmSync(release, { recursive: true, force: true });
  });

  /** The settings the guide lists for a production start, on this database and the local mail server. */
  const settingsFor = (databaseUrl: string, keys: { jwt: string; sealing: string }) => {
    const { SMTP_URL: _smtp, HOST: _host, ...listed } = PRODUCTION_SETTINGS;
    return {
      ...listed,
      DATABASE_URL: databaseUrl,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      JWT_SECRET: keys.jwt,
      SEALING_KEYS: keys.sealing,
      DATA_DIR: writableDir('ontv-firstday-data-'),
    };
  };

  it('installs, registers a customer by SMTP, makes the first admin, rotates both keys, backs up and restores', async () => {
    const database = await freshDatabase(admin!, 'ontv_firstday');
    dropped.push(database.drop);
    const firstKey = newKey(release, { DATABASE_URL: database.url });
    let env = settingsFor(database.url, { jwt: 'j'.repeat(48), sealing: firstKey });

    // Migrations, alone, as the guide's upgrade step runs them.
    assert.equal(command(release, env, ['api/dist/migrate.js', '--check']).status, 3, 'all pending on a new database');
    const migrated = command(release, env, ['api/dist/migrate.js']);
    assert.equal(migrated.status, 0, migrated.output);
    assert.equal(command(release, env, ['api/dist/migrate.js', '--check']).status, 0, 'then up to date');

    let portal = await serve(release, env);
    const email = 'amra.begic@example.ba';
    const pin = await register(portal, mail, email);
    assert.match(pin, /^\d{4}$/);
    let token = await signsInWithPin(portal, email, pin, 'after registering');
    const health = (await call(portal, 'GET', '/health')).body as { version?: string; commit?: string };
    assert.ok(health.version && health.commit, 'the health check names the release');

    // The first admin, with the compiled staff command, signs in to the console.
    const added = command(release, env, ['api/dist/staff.js', 'add', 'ana@example.ba', '--role', 'admin']);
    assert.equal(added.status, 0, added.output);
    const oneTime = /shown only now: (\S+)/.exec(added.output)?.[1];
    assert.ok(oneTime, added.output);
    assert.equal((await fetch(`${portal.url}/podrska/`)).status, 200, 'the console is served');
    const staffLogin = await call(portal, 'POST', '/staff/login', {
      body: { email: 'ana@example.ba', password: oneTime },
    });
    assert.equal(staffLogin.status, 200, JSON.stringify(staffLogin.body));
    const challenge = staffLogin.body.challenge as string;
    assert.equal(
      (await call(portal, 'POST', '/staff/password', { token: challenge, body: { newPassword: STAFF_PASSWORD } }))
        .status,
      200,
    );
    const setup = await call(portal, 'POST', '/staff/totp-setup', { token: challenge });
    const signedIn = await call(portal, 'POST', '/staff/totp', {
      token: challenge,
      body: { code: totpCode(setup.body.secret as string, new Date()) },
    });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    assert.equal(signedIn.body.staff.role, 'admin');
    await portal.stop();

    // A leaked signing secret: a new one signs everyone out, and loses nothing else.
    env = { ...env, JWT_SECRET: 'k'.repeat(48) };
    portal = await serve(release, env);
    assert.equal((await call(portal, 'GET', '/ontv/accountInfo', { token })).status, 401, 'the old token is refused');
    token = await signsInWithPin(portal, email, pin, 'after a new signing secret');
    await portal.stop();

    // The sealing key rotated: the new key in front, every value re-sealed, then the old key gone.
    const secondKey = newKey(release, env);
    env = { ...env, SEALING_KEYS: `${secondKey},${firstKey}` };
    const resealed = command(release, env, ['api/dist/keys.js', 'reseal']);
    assert.equal(resealed.status, 0, resealed.output);
    env = { ...env, SEALING_KEYS: secondKey };
    portal = await serve(release, env);
    token = await signsInWithPin(portal, email, pin, 'after the sealing key was rotated');
    await portal.stop();

    // Backed up with PostgreSQL's own tools, the database dropped, restored.
    const backup = path.join(tempDir('ontv-firstday-backup-'), 'portal.dump');
    const dumped = spawnSync('pg_dump', ['-Fc', '-f', backup, database.url], { encoding: 'utf8' });
    assert.equal(dumped.status, 0, dumped.stderr);
    await database.drop();
    const restored = await freshDatabase(admin!, 'ontv_firstday_restored');
    dropped.push(restored.drop);
    const restore = spawnSync('pg_restore', ['--no-owner', '-d', restored.url, backup], { encoding: 'utf8' });
    assert.equal(restore.status, 0, restore.stderr);
    env = { ...env, DATABASE_URL: restored.url };
    portal = await serve(release, env);
    await signsInWithPin(portal, email, pin, 'after the restore');
    await portal.stop();
    void token;
  });

  it('moves an embedded portal to PostgreSQL, where its customer signs in', async () => {
    const sealing = newKey(release, {});
    const keys = { jwt: 'm'.repeat(48), sealing };
    // A production start names the embedded database (DATABASE_URL=embedded); the move reads DATA_DIR.
    const onEmbedded = settingsFor('embedded', keys);
    let portal = await serve(release, onEmbedded);
    const email = 'edin.hodzic@example.ba';
    const pin = await register(portal, mail, email);
    await portal.stop();

    const target = await freshDatabase(admin!, 'ontv_firstday_moved');
    dropped.push(target.drop);
    const moved = command(release, onEmbedded, ['api/dist/move-to-postgres.js', '--to', target.url]);
    assert.equal(moved.status, 0, moved.output);
    portal = await serve(release, { ...onEmbedded, DATABASE_URL: target.url });
    await signsInWithPin(portal, email, pin, 'on PostgreSQL after the move');
    await portal.stop();
  });
});
