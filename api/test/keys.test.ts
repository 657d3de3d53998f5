/**
 * Keys with one job each (docs/deploy/keys.md): JWT_SECRET signs tokens and nothing else; SEALING_KEYS
 * seals, its old keys open what they sealed, `keys reseal` moves everything under the first key, and a
 * value sealed before the keyring opens with the legacy key until it is re-sealed.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { DEMO_CUSTOMER } from '../src/db/seed';
import { loadConfig } from '../src/config';
import { loadKeys } from '../src/auth/secrets';
import { keyring, seal, unseal } from '../src/auth/keyring';
import { resealAll } from '../src/auth/reseal';
import { openDb } from '../src/db/db';
import { SealedValuesRepository } from '../src/repositories/sealedValues';
import {
  NO_SANDBOX_PROCESSOR,
  completeRegistration,
  device,
  engines,
  startApi,
  type StartedApi,
  type StartOptions,
} from './harness';
import { tempDir } from '../../test/lib/tempDir';

const ROOT = path.resolve(__dirname, '../..');
const KEYS = path.join(ROOT, 'api', 'src', 'cli', 'keys.ts');

const SIGNING_A = `a-${randomBytes(24).toString('base64')}`;
const SIGNING_B = `b-${randomBytes(24).toString('base64')}`;
const OLD = `old:${randomBytes(32).toString('base64')}`;
const NEW = `new:${randomBytes(32).toString('base64')}`;
const LIMITS = { LOGIN_LIMIT_CLIENT: '1000', LOGIN_LIMIT_ACCOUNT: '1000' };

/** A value sealed as every value was before the keyring: AES-GCM under the master secret's HKDF key, no key id. */
function sealTheOldWay(master: string | Buffer, plain: string): string {
  const secret = typeof master === 'string' ? Buffer.from(master, 'utf8') : master;
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'ontv-sealing', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/** The keys command on the database of a stopped test server. */
function keysCommand(
  api: { dataDir: string; databaseUrl?: string | undefined },
  env: Record<string, string>,
  ...args: string[]
) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', KEYS, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: api.dataDir, DATABASE_URL: api.databaseUrl ?? '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

const login = (api: StartedApi, username: string, password: string) =>
  api.call('POST', '/login', { body: { username, password, ...device } });

const outbox = async (api: StartedApi, to: string) =>
  (await api.call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`)).body as Array<{
    text: string;
    code: string | null;
  }>;

/** Starts a registration by e-mail: its id and the code the outbox holds for it. */
async function startRegistration(api: StartedApi, email: string) {
  const started = await api.call('POST', '/start-registration', {
    body: { ...device, deviceType: 'PHONE', osType: 1, registrationType: 'EMAIL', username: email },
  });
  assert.equal(started.status, 200);
  const code = (await outbox(api, email))[0]?.code ?? '';
  assert.match(code, /^\d{6}$/);
  return { identificator: started.body.data as string, code };
}

/** Approves the code and finishes the registration: the new customer's PIN. */
async function finishRegistration(api: StartedApi, identificator: string, code: string): Promise<string> {
  assert.equal((await api.call('POST', '/approve/mail', { body: { identificator, mailCode: code } })).status, 200);
  return completeRegistration(api, 'EMAIL', identificator);
}

/** One server after another on one database, each with its own settings; the last is closed at the end. */
function restarts(engine: StartOptions['engine']) {
  let current: (StartedApi & { databaseUrl?: string; dropDatabase?: () => Promise<void> }) | null = null;
  let place: { dataDir: string; databaseUrl?: string | undefined; dropDatabase?: () => Promise<void> } | null = null;
  return {
    async start(env: Record<string, string>): Promise<StartedApi> {
      await current?.close();
      current = await startApi({ engine, env: { ...LIMITS, ...env }, ...(place ?? {}) });
      place ??= { dataDir: current.dataDir, databaseUrl: current.databaseUrl, dropDatabase: current.dropDatabase };
      return current;
    },
    async stop() {
      await current?.close();
      current = null;
    },
    get place() {
      return place!;
    },
    async end() {
      await current?.close();
      await place?.dropDatabase?.();
    },
  };
}

for (const engine of engines()) {
  describe(`keys with one job each on ${engine}`, () => {
    it('signs everyone out when JWT_SECRET changes, and loses no PIN, message or code through a sealing-key rotation', async () => {
      const servers = restarts(engine);
      try {
        let api = await servers.start({ JWT_SECRET: SIGNING_A, SEALING_KEYS: OLD });
        const email = `nedim.${randomBytes(3).toString('hex')}@example.ba`;
        const first = await startRegistration(api, email);
        const pin = await finishRegistration(api, first.identificator, first.code);
        // A code sent under the old key, to be approved after the rotation.
        const waiting = await startRegistration(api, `ceka.${email}`);
        const signedIn = await login(api, email, 'Novi1234!');
        assert.equal(signedIn.status, 200);
        assert.equal(signedIn.body.pin, pin);
        const token = signedIn.body.token as string;

        api = await servers.start({ JWT_SECRET: SIGNING_B, SEALING_KEYS: OLD });
        assert.equal((await api.call('GET', '/ontv/accountInfo', { token })).status, 401, 'the old token is refused');
        const refreshed = await api.call('POST', '/refresh', {
          body: { token, devicePassword: device.devicePassword },
        });
        assert.equal(refreshed.status, 401, 'a device cannot refresh a token the old secret signed');
        assert.equal((await login(api, email, 'Novi1234!')).body.pin, pin, 'the PIN survives a new JWT_SECRET');

        api = await servers.start({ JWT_SECRET: SIGNING_B, SEALING_KEYS: `${NEW},${OLD}` });
        assert.equal((await login(api, email, 'Novi1234!')).body.pin, pin, 'the old key still opens the PIN');
        assert.equal(await finishRegistration(api, waiting.identificator, waiting.code).then((p) => p.length), 4);
        await servers.stop();

        const env = { JWT_SECRET: SIGNING_B, SEALING_KEYS: `${NEW},${OLD}` };
        const before = keysCommand(servers.place, env, 'status');
        assert.equal(before.status, 0, before.err);
        assert.match(before.out, /customers\.pin_sealed: .*old \d+/);
        assert.match(before.out, /outbox\.text_sealed: .*old \d+/);
        assert.match(before.out, /Not under new: \d+ \(old \d+\)/);
        const resealed = keysCommand(servers.place, env, 'reseal', '--batch', '3');
        assert.equal(resealed.status, 0, resealed.err);
        assert.match(resealed.out, /Re-sealed [1-9]\d* values under new; 0 changed meanwhile/);
        const after = keysCommand(servers.place, env, 'status');
        assert.doesNotMatch(after.out, /\bold \d/, after.out);
        assert.match(after.out, /Everything is sealed under new/);

        api = await servers.start({ JWT_SECRET: SIGNING_B, SEALING_KEYS: NEW });
        assert.equal((await login(api, email, 'Novi1234!')).body.pin, pin, 'the new key alone opens the PIN');
        const messages = await outbox(api, email);
        assert.equal(messages.at(-1)?.code, first.code, 'the queued message opens under the new key alone');
      } finally {
        await servers.end();
      }
    });

    it('opens a value sealed before the keyring with the legacy key, and re-seals it', async () => {
      const servers = restarts(engine);
      try {
        let api = await servers.start({ JWT_SECRET: SIGNING_A, SEALING_KEYS: NEW });
        await api.db.query('UPDATE customers SET pin_sealed = $2 WHERE email = $1', [
          DEMO_CUSTOMER.email,
          sealTheOldWay(SIGNING_A, '4321'),
        ]);
        assert.equal((await login(api, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).body.pin, '4321');
        await servers.stop();

        const env = { JWT_SECRET: SIGNING_A, SEALING_KEYS: NEW };
        assert.match(keysCommand(servers.place, env, 'status').out, /customers\.pin_sealed: .*legacy 1/);
        assert.equal(keysCommand(servers.place, env, 'reseal').status, 0);
        assert.match(keysCommand(servers.place, env, 'status').out, /Everything is sealed under new/);

        // Re-sealed, the PIN no longer needs the old master secret.
        api = await servers.start({ JWT_SECRET: SIGNING_B, SEALING_KEYS: NEW });
        const [row] = await api.db.query<{ pin_sealed: string }>('SELECT pin_sealed FROM customers WHERE email = $1', [
          DEMO_CUSTOMER.email,
        ]);
        assert.match(row!.pin_sealed, /^new\$/);
        assert.equal((await login(api, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).body.pin, '4321');
      } finally {
        await servers.end();
      }
    });

    it('re-seals every value once with three reseals at once while PINs change, and none is lost', async () => {
      const api = await startApi({ engine, env: { JWT_SECRET: SIGNING_A, SEALING_KEYS: `${NEW},${OLD}` } });
      const extra: Array<{ close(): Promise<void> }> = [];
      try {
        const old = keyring([{ id: 'old', secret: OLD.slice(4) }], []);
        const ring = api.ctx.keys.sealing;
        const count = 300;
        await api.db.query(
          `INSERT INTO customers (email, first_name, last_name, password_hash, pin_sealed)
           SELECT 'burst' || g || '@example.ba', 'Kupac', 'Broj ' || g, 'x', 'x' FROM generate_series(1, $1::int) g`,
          [count],
        );
        const rows = await api.db.query<{ id: number }>(
          `SELECT id FROM customers WHERE email LIKE 'burst%' ORDER BY id`,
        );
        const expected = new Map<number, string>();
        for (const [i, { id }] of rows.entries()) {
          const value = String(1000 + i);
          expected.set(id, value);
          const sealed = i % 3 === 0 ? sealTheOldWay(SIGNING_A, value) : seal(old, value);
          await api.db.query('UPDATE customers SET pin_sealed = $2 WHERE id = $1', [id, sealed]);
        }
        const connections =
          engine === 'postgres'
            ? await Promise.all([0, 1, 2].map(() => openDb({ databaseUrl: api.databaseUrl, dataDir: api.dataDir })))
            : [api.db, api.db, api.db];
        if (engine === 'postgres') extra.push(...connections);
        // The portal changes PINs meanwhile: its writes win, sealed under the new key.
        const changed = rows.slice(0, 30).map(({ id }, i) => ({ id, value: String(9000 + i) }));
        const writes = changed.map(async ({ id, value }) => {
          await api.ctx.store.customers.setPin(id, seal(ring, value));
          expected.set(id, value);
        });
        const reports = await Promise.all([
          ...connections.map((db) => resealAll(new SealedValuesRepository(db), ring, 20)),
          ...writes,
        ]);
        const resealed = reports.reduce((sum, r) => sum + (r ? r.resealed : 0), 0);
        assert.ok(resealed <= count && resealed >= count - changed.length, `each value re-sealed once (${resealed})`);
        const after = await api.db.query<{ id: number; pin_sealed: string }>(
          `SELECT id, pin_sealed FROM customers WHERE email LIKE 'burst%'`,
        );
        const newOnly = keyring([{ id: 'new', secret: NEW.slice(4) }], []);
        for (const row of after) {
          assert.match(row.pin_sealed, /^new\$/);
          assert.equal(unseal(newOnly, row.pin_sealed), expected.get(row.id), `customer ${row.id}`);
        }
      } finally {
        for (const db of extra) await db.close();
        await api.close();
        await api.dropDatabase?.();
      }
    });
  });
}

describe('the keys outside a sandbox', () => {
  const noSandbox = { DATA_DIR: tempDir('ontv-keys-'), SANDBOX: '0', ...NO_SANDBOX_PROCESSOR };

  it('refuses a start without SEALING_KEYS or JWT_SECRET, in one line naming the setting and how to make it', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return 'started';
    };
    const sealing = refusal({ ...noSandbox, SEALING_KEYS: '' });
    assert.match(sealing, /^SEALING_KEYS is not set: .*node api\/dist\/keys\.js generate/);
    assert.ok(!sealing.includes('\n'), sealing);
    const signing = refusal({ ...noSandbox, JWT_SECRET: '' });
    assert.match(signing, /^JWT_SECRET is not set: .*openssl rand -base64 48/);
    assert.ok(!signing.includes('\n'), signing);
    assert.match(
      refusal({ ...noSandbox, SEALING_KEYS: 'k1:too-short' }),
      /SEALING_KEYS: the secret of key "k1" must have/,
    );
    assert.match(refusal({ ...noSandbox, SEALING_KEYS: `${NEW},${NEW}` }), /SEALING_KEYS: key "new" is named twice/);
    assert.match(
      refusal({ ...noSandbox, SEALING_KEYS: `K$1:${'x'.repeat(40)}` }),
      /SEALING_KEYS: each entry is id:secret/,
    );
    assert.equal(refusal(noSandbox), 'started');
    const command = keysCommand({ dataDir: noSandbox.DATA_DIR }, { ...noSandbox, SEALING_KEYS: '' }, 'status');
    assert.equal(command.status, 1);
    assert.match(command.err.trim(), /^SEALING_KEYS is not set: [^\n]*$/);
  });

  it('prints a new entry that SEALING_KEYS accepts', () => {
    const made = keysCommand({ dataDir: noSandbox.DATA_DIR }, {}, 'generate', '--id', 'k7');
    assert.equal(made.status, 0, made.err);
    assert.match(made.out.trim(), /^k7:[A-Za-z0-9+/]{43}=$/);
    assert.doesNotThrow(() => loadConfig({ ...noSandbox, SEALING_KEYS: made.out.trim() }));
  });
});

describe('the keys of a sandbox', () => {
  it('generates a keyring once into DATA_DIR (mode 0600), the same for processes racing to make it', async () => {
    const dataDir = tempDir('ontv-keys-');
    // tsx hands a dynamic import of a .ts module its exports as `default`.
    const script = `import(${JSON.stringify(path.join(ROOT, 'api/src/auth/secrets.ts'))}).then(({ default: m }) => {
      const ring = m.loadKeys({ dataDir: ${JSON.stringify(dataDir)}, sandbox: true }).sealing;
      process.stdout.write(m.seal(ring, 'x').split('$')[0] + ' ' + ring.current.seal.toString('hex'));
    })`;
    const racers = await Promise.all(
      [0, 1, 2, 3].map(
        () =>
          new Promise<string>((resolve, reject) => {
            const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT });
            let out = '';
            child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
            child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
            child.on('error', reject);
            child.on('exit', () => resolve(out));
          }),
      ),
    );
    assert.equal(new Set(racers).size, 1, racers.join('\n'));
    assert.match(racers[0]!, /^sandbox [0-9a-f]{64}$/);
    assert.equal(fs.statSync(path.join(dataDir, 'sealing-keys')).mode & 0o777, 0o600);
    assert.deepEqual(fs.readdirSync(dataDir).sort(), ['jwt-secret', 'sealing-keys'], 'nothing left aside');
    // Given keys of its own later, the sandbox still opens what the generated ring sealed.
    const generated = loadKeys({ dataDir, sandbox: true }).sealing;
    const given = loadKeys({ dataDir, sandbox: true, sealingKeys: [{ id: 'new', secret: NEW.slice(4) }] }).sealing;
    assert.equal(unseal(given, seal(generated, '1234')), '1234');
    // A value sealed the old way under the generated DATA_DIR/jwt-secret opens once JWT_SECRET is set.
    const master = fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim();
    const legacy = sealTheOldWay(Buffer.from(master, 'base64url'), '5678');
    assert.equal(
      unseal(
        loadKeys({ dataDir, sandbox: false, jwtSecret: SIGNING_A, sealingKeys: [{ id: 'new', secret: NEW.slice(4) }] })
          .sealing,
        legacy,
      ),
      '5678',
    );
  });
});
