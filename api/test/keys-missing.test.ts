/**
 * A sealing key taken out of SEALING_KEYS while stored data still needs it: `keys status`
 * names the key, what needs it and what to do, and exits 1; a start says the same at error level and
 * in ontv_values_without_key, and still serves (docs/deploy/keys.md#a-key-missing).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { keyring, mac } from '../src/auth/keyring';
import { missingKeyLines, missingKeys, type KeyUse } from '../src/auth/keyringNeeds';
import { issueVouchers } from '../src/money/vouchers/batches';
import { freePort } from '../../test/lib/postgres';
import { engines, startApi } from './harness';

const ROOT = path.resolve(__dirname, '../..');
const SIGNING = `s-${randomBytes(24).toString('base64')}`;
const SECRET_A = randomBytes(32).toString('base64');
const SECRET_B = randomBytes(32).toString('base64');
const A = `a:${SECRET_A}`;
const B = `b:${SECRET_B}`;

type Place = { dataDir: string; databaseUrl?: string | undefined };

const placeEnv = (place: Place, sealingKeys: string) => ({
  ...process.env,
  DATA_DIR: place.dataDir,
  DATABASE_URL: place.databaseUrl ?? '',
  JWT_SECRET: SIGNING,
  SEALING_KEYS: sealingKeys,
});

/** `keys status` on the database of a stopped server, with `sealingKeys`. */
function status(place: Place, sealingKeys: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/cli/keys.ts'), 'status'], {
    cwd: ROOT,
    env: { ...placeEnv(place, sealingKeys), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** The server as an operator starts it, with `sealingKeys`: its log up to "Portal ready" and its metrics then. */
async function start(place: Place, sealingKeys: string): Promise<{ log: string; metrics: string }> {
  const metricsPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...placeEnv(place, sealingKeys),
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      SANDBOX: '1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      BILLING_INTERVAL_MINUTES: '60',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "Portal ready" in 60 s:\n${log}`)), 60_000);
      const read = (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('Portal ready')) resolve(clearTimeout(timer));
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('exit', () => reject(new Error(`the server stopped:\n${log}`)));
    });
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    return { log, metrics };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

for (const engine of engines()) {
  describe(`a sealing key taken out too early on ${engine}`, () => {
    it('makes keys status exit 1 naming the key, what needs it and what to do, and the start say it', async () => {
      // Under key a: the demo customers' PINs (the sandbox's seed), sold vouchers' digests and a live code.
      const api = await startApi({ engine, env: { JWT_SECRET: SIGNING, SEALING_KEYS: A } });
      const place = { dataDir: api.dataDir, databaseUrl: api.databaseUrl };
      let open = true;
      try {
        const deps = { store: api.ctx.store, sealing: api.ctx.keys.sealing, now: api.clock.now };
        const request = { plan: 'starton', months: 1, count: 3, validUntil: '2099-06-30', label: 'Kiosk' };
        await issueVouchers(deps, { name: 'test', staffId: null }, request);
        const id = '00000000-0000-4000-8000-000000000058';
        const codeHash = mac(api.ctx.keys.sealing, `${id}:123456`);
        const fields = { id, purpose: 'REGISTRATION', registrationType: 'EMAIL', username: 'ceka@example.ba' } as const;
        await api.ctx.store.verifications.create(
          { ...fields, customerId: null, codeHash, expiresAt: new Date('2099-01-01T10:10:00Z') },
          api.clock.now(),
        );
        const [pins] = await api.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM customers WHERE pin_sealed LIKE 'a$%'`,
        );
        assert.ok(pins!.n > 0, 'the seed sealed PINs under a');
        await api.close();
        open = false;

        const lacking = status(place, B);
        assert.equal(lacking.code, 1, lacking.out + lacking.err);
        assert.match(lacking.out, new RegExp(`^customers\\.pin_sealed: a ${pins!.n} \\(no key opens these\\)$`, 'm'));
        assert.match(lacking.out, /^vouchers\.digest: a 3 unredeemed, valid until 2099-06-30 \(no key opens these\)$/m);
        assert.doesNotMatch(lacking.out, /Every sealed value is under|Everything is sealed|Keep a/);
        const [keyLine, meanwhile, todo] = lacking.err.trim().split('\n');
        assert.equal(
          keyLine,
          `Key a is not in SEALING_KEYS, and stored data needs it: customers.pin_sealed ${pins!.n} (customers' PINs), vouchers.digest 3 (unredeemed vouchers, valid until 2099-06-30), verifications.code_hash 1 (one-time codes, live until 2099-01-01 10:10 UTC).`,
        );
        assert.match(
          meanwhile!,
          /^Meanwhile those customers get no PIN at login; those vouchers are refused as wrong codes/,
        );
        assert.match(
          todo!,
          /^Put a back in SEALING_KEYS with the secret it had, behind the first entry \(SEALING_KEYS=b:…,a:…\), restart every process, then run `npm run keys -- reseal`/,
        );
        for (const secret of [SECRET_A, SECRET_B])
          assert.ok(!(lacking.out + lacking.err).includes(secret), 'no key material');

        const wrong = status(place, `a:${randomBytes(32).toString('base64')}`);
        assert.equal(wrong.code, 1);
        assert.match(wrong.err, /^Put the secret that sealed them back under a \(a new secret needs a new id/m);
        assert.match(
          wrong.err,
          /^Key a is in SEALING_KEYS with a secret that does not open what it sealed: customers\.pin_sealed/,
        );

        const started = await start(place, B);
        const line = started.log.split('\n').find((l) => l.includes('Key a is not in SEALING_KEYS'));
        assert.ok(line, started.log);
        const entry = JSON.parse(line) as { level: number; msg: string; missingKeys: unknown };
        assert.equal(entry.level, 50, 'logged at error level');
        assert.equal(entry.msg, lacking.err.trim().split('\n').join(' '));
        assert.deepEqual(entry.missingKeys, [{ key: 'a', problem: 'absent', values: pins!.n + 4 }]);
        assert.match(started.metrics, /^ontv_values_without_key\{key="a",stored="vouchers\.digest"\} 3$/m);
        assert.match(started.metrics, /^ontv_values_without_key\{key="a",stored="verifications\.code_hash"\} 1$/m);

        // The key back behind b: nothing is missing; the digests and the code keep it.
        const back = status(place, `${B},${A}`);
        assert.equal(back.code, 0, back.err);
        assert.equal(back.err, '');
        assert.match(back.out, /Keep a until 2099-06-30 in SEALING_KEYS: voucher digests cannot be re-sealed/);
        assert.ok(!(await start(place, `${B},${A}`)).log.includes('SEALING_KEYS'));
      } finally {
        if (open) await api.close();
        await api.dropDatabase?.();
      }
    });
  });
}

/** A value sealed before the keyring: AES-GCM under the master secret's HKDF key, naming no key. */
function sealTheOldWay(master: string, plain: string): string {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(master, 'utf8'), Buffer.alloc(0), 'ontv-sealing', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

describe('values sealed before the keyring', () => {
  const pins: KeyUse = {
    table: 'customers',
    column: 'pin_sealed',
    keyId: null,
    count: 2,
    until: null,
    sample: sealTheOldWay(SIGNING, '1234'),
  };
  const legacyKey = (master: string) =>
    Buffer.from(hkdfSync('sha256', Buffer.from(master, 'utf8'), Buffer.alloc(0), 'ontv-sealing', 32));
  const ring = (legacy: Buffer[]) => keyring([{ id: 'b', secret: SECRET_B }], legacy);

  it('need the legacy key that sealed them: gone, or another JWT_SECRET', () => {
    assert.deepEqual(missingKeys(ring([legacyKey(SIGNING)]), [pins]), []);
    const gone = missingKeyLines(ring([]), missingKeys(ring([]), [pins]));
    assert.match(
      gone[0]!,
      /^The legacy key \(derived from JWT_SECRET or DATA_DIR\/jwt-secret\) is gone, and what was sealed before the keyring needs it: customers\.pin_sealed 2/,
    );
    const changed = ring([legacyKey('another')]);
    const lines = missingKeyLines(changed, missingKeys(changed, [pins]));
    assert.match(
      lines[0]!,
      /^The legacy key .* does not open what was sealed before the keyring \(JWT_SECRET changed before a reseal moved it\)/,
    );
    assert.match(lines.at(-1)!, /^Set JWT_SECRET back to the value it had/);
  });
});
