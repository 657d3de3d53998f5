/**
 * Caps on code messages that an address cannot dodge (docs/limits.md, "Code messages"): codes per
 * client address an hour, a portal-wide hourly ceiling for phone numbers and e-mail domains no code
 * went to before (with its metric and log line), and no SMS outside SMS_ALLOWED_PREFIXES, refused by
 * the API and by the sender. Bursts of 100 concurrent requests, on each engine.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'prom-client';
import { API_DIR } from '../src/apiDir';
import { seal } from '../src/auth/secrets';
import { DEMO_CUSTOMERS } from '../src/db/seed';
import { createLogger } from '../src/log';
import { burst, device, engines, startApi, testSender, type Answer, type StartedApi } from './harness';

const BURST = 100;
/** One proxy in front (a hop count of 1), so each request says its client's address in X-Forwarded-For; still a sandbox (the dev outbox, the test processor). */
const BEHIND_PROXY = { TRUST_PROXY: '1', SANDBOX: '1' };

/** A registration started from client address `from`. */
const start = (api: StartedApi, username: string, from: string, registrationType = 'PHONE_NUMBER') =>
  api.call('POST', '/start-registration', {
    body: { ...device, deviceType: 'PHONE', osType: 1, registrationType, username },
    headers: { 'x-forwarded-for': from },
  });

/** A distinct registration phone number (`062 9xx xxx`), as typed and as stored. */
const phone = (i: number) => {
  const national = `0629${String(i).padStart(5, '0')}`;
  return { typed: national, stored: `387${national.slice(1)}` };
};

/** What `ontv_code_ceiling_reached_total` has counted for `kind` in this process. */
async function ceilingCount(kind: string): Promise<number> {
  const metric = await register.getSingleMetric('ontv_code_ceiling_reached_total')?.get();
  return metric?.values.find((v) => v.labels.kind === kind)?.value ?? 0;
}

/** A logger whose lines are kept, parsed. */
function capturedLogs() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = { write: (text: string) => void lines.push(JSON.parse(text) as Record<string, unknown>) };
  return { lines, logger: createLogger('info', stream) };
}

async function outboxTo(api: StartedApi, addresses: string[]): Promise<number> {
  const [row] = await api.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM outbox WHERE to_address = ANY($1::text[])',
    [addresses],
  );
  return row?.n ?? 0;
}

function assertRefused(answer: Answer, code: string, message: RegExp) {
  assert.equal(answer.status, 429, JSON.stringify(answer.body));
  assert.equal(answer.body.code, code);
  assert.match(answer.body.message, message);
  assert.match(answer.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
}

for (const engine of engines()) {
  describe(`codes per client address on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine, env: { ...BEHIND_PROXY, CODE_LIMIT_CLIENT: '10' } });
    });
    after(async () => {
      await api?.close();
    });

    it('100 registrations at once from one address to 100 numbers: CODE_LIMIT_CLIENT (10) codes go out, the rest get 429', async () => {
      const numbers = Array.from({ length: BURST }, (_, i) => phone(i));
      const result = await burst(BURST, (i) => start(api, numbers[i]!.typed, '198.51.100.7'));
      assert.equal(result.counts[200], 10, JSON.stringify(result.counts));
      assert.equal(result.counts[429], BURST - 10, JSON.stringify(result.counts));
      for (const answer of result.answers.filter((a) => a.status === 429))
        assertRefused(answer, 'TOO_MANY_CODES', /^Previše zatraženih kodova s ove mreže\. Pokušaj ponovo za 60 min\.$/);
      assert.equal(
        await outboxTo(
          api,
          numbers.map((n) => n.stored),
        ),
        10,
        'ten codes written',
      );
      assert.equal((await start(api, phone(500).typed, '198.51.100.8')).status, 200, 'another address has its own');
    });

    it('counts a registration of a taken e-mail against the address like a code sent (decision 048)', async () => {
      const from = '203.0.113.44';
      for (const customer of [...DEMO_CUSTOMERS, ...DEMO_CUSTOMERS].slice(0, 10)) {
        const taken = await start(api, customer.email, from, 'EMAIL');
        assert.equal(taken.body.code, 'ALREADY_REGISTERED', JSON.stringify(taken.body));
      }
      assertRefused(await start(api, DEMO_CUSTOMERS[0]!.email, from, 'EMAIL'), 'TOO_MANY_CODES', /^Previše/);
      assertRefused(await start(api, phone(700).typed, from), 'TOO_MANY_CODES', /^Previše/);
    });

    it('resends and password reset codes count towards the same cap', async () => {
      const from = '203.0.113.9';
      const first = await start(api, phone(600).typed, from);
      const second = await start(api, phone(601).typed, from);
      assert.equal(first.status, 200);
      assert.equal(second.status, 200);
      for (let i = 0; i < 4; i++) {
        const resent = await api.call('POST', '/resend/sms', {
          body: { identificator: first.body.data, osType: 1 },
          headers: { 'x-forwarded-for': from },
        });
        assert.equal(resent.status, 200, JSON.stringify(resent.body));
      }
      for (const customer of DEMO_CUSTOMERS.slice(0, 4)) {
        const reset = await api.call('POST', '/forgot-password/check-username', {
          body: { username: customer.email, osType: 1 },
          headers: { 'x-forwarded-for': from },
        });
        assert.equal(reset.status, 200, JSON.stringify(reset.body));
      }
      const eleventh = await api.call('POST', '/resend/sms', {
        body: { identificator: second.body.data, osType: 1 },
        headers: { 'x-forwarded-for': from },
      });
      assertRefused(eleventh, 'TOO_MANY_CODES', /^Previše zatraženih kodova s ove mreže\./);
      const reset = await api.call('POST', '/forgot-password/check-username', {
        body: { username: DEMO_CUSTOMERS[5]!.email, osType: 1 },
        headers: { 'x-forwarded-for': from },
      });
      assertRefused(reset, 'TOO_MANY_CODES', /^Previše zatraženih kodova s ove mreže\./);
    });
  });

  describe(`the hourly ceiling of new destinations on ${engine}`, () => {
    const CEILING = 7;
    let api: StartedApi;
    const logs = capturedLogs();
    before(async () => {
      api = await startApi({
        engine,
        env: { ...BEHIND_PROXY, LOG_LEVEL: 'info', CODE_NEW_DESTINATIONS_HOURLY: String(CEILING) },
        logger: logs.logger,
      });
    });
    after(async () => {
      await api?.close();
    });

    it('100 registrations at once to new numbers from 100 addresses: exactly the ceiling go out; known numbers still do, with a metric and a log line', async () => {
      const before = await ceilingCount('phone');
      const numbers = Array.from({ length: BURST }, (_, i) => phone(1000 + i));
      const result = await burst(BURST, (i) => start(api, numbers[i]!.typed, `10.1.${Math.floor(i / 200)}.${i + 1}`));
      assert.equal(result.counts[200], CEILING, JSON.stringify(result.counts));
      assert.equal(result.counts[429], BURST - CEILING, JSON.stringify(result.counts));
      for (const answer of result.answers.filter((a) => a.status === 429))
        assertRefused(
          answer,
          'NEW_DESTINATIONS_CEILING',
          /^Slanje kodova na nove brojeve telefona je privremeno zaustavljeno\. Možeš se registrovati e-mail adresom\. Pokušaj ponovo za 60 min\.$/,
        );
      assert.equal(
        await outboxTo(
          api,
          numbers.map((n) => n.stored),
        ),
        CEILING,
      );

      const known = numbers[result.answers.findIndex((a) => a.status === 200)]!;
      assert.equal((await start(api, known.typed, '10.2.0.1')).status, 200, 'a number a code went to before');
      assertRefused(await start(api, phone(1500).typed, '10.2.0.2'), 'NEW_DESTINATIONS_CEILING', /nove brojeve/);

      assert.equal((await ceilingCount('phone')) - before, BURST - CEILING + 1, 'one count per refusal');
      const lines = logs.lines.filter((line) => line.event === 'code.ceiling.reached');
      assert.equal(lines.length, BURST - CEILING + 1, 'one warn line per refusal');
      assert.equal(lines[0]!.level, 40);
      assert.equal(lines[0]!.kind, 'phone');
      assert.equal(lines[0]!.ceiling, CEILING);
      assert.match(String(lines[0]!.to), /^3876\d\*\*\*\d{3}$/, 'the number masked');
      assert.ok(!JSON.stringify(logs.lines).includes(numbers[0]!.stored), 'no number in clear');
    });

    it('counts e-mail domains apart: a new mailbox at a known domain goes out, new domains stop at the ceiling', async () => {
      const result = await burst(BURST, (i) => start(api, `kupac@domena-${i}.ba`, `10.3.0.${i + 1}`, 'EMAIL'));
      assert.equal(result.counts[200], CEILING, JSON.stringify(result.counts));
      for (const answer of result.answers.filter((a) => a.status === 429))
        assertRefused(answer, 'NEW_DESTINATIONS_CEILING', /^Slanje kodova na nove e-mail adrese je privremeno/);
      const knownDomain = result.answers.findIndex((a) => a.status === 200);
      const other = await start(api, `druga.osoba@domena-${knownDomain}.ba`, '10.4.0.1', 'EMAIL');
      assert.equal(other.status, 200, JSON.stringify(other.body));
    });

    it("the migration counts the customers' numbers and domains as known", async () => {
      const sql = fs.readFileSync(path.join(API_DIR, 'migrations', '018.do.code_caps.sql'), 'utf8');
      await api.db.query(sql.slice(sql.indexOf('INSERT INTO code_destinations')));
      const rows = await api.db.query<{ destination: string }>(
        "SELECT destination FROM code_destinations WHERE destination IN ('38761000001', 'ontv.ba')",
      );
      assert.deepEqual(rows.map((r) => r.destination).sort(), ['38761000001', 'ontv.ba']);
    });
  });

  describe(`numbers outside SMS_ALLOWED_PREFIXES on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine, env: { ...BEHIND_PROXY } });
    });
    after(async () => {
      await api?.close();
    });

    it('the API refuses a password reset to a number outside 387 with a 400 that says where codes go', async () => {
      const answer = await api.call('POST', '/forgot-password/check-username', {
        body: { username: '+385 91 123 4567', osType: 1 },
      });
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.equal(answer.body.code, 'PHONE_NOT_ALLOWED');
      assert.equal(
        answer.body.message,
        'Kod šaljemo SMS-om samo na brojeve s pozivnim brojem +387. Unesi takav broj ili e-mail adresu.',
      );
    });

    it('the sender fails a queued SMS to such a number for good, without sending it, and logs it', async () => {
      const sent: string[] = [];
      const lines: Array<{ line: string; level: string }> = [];
      const sender = (prefixes?: string[]) =>
        testSender(api, {
          log: (line, level = 'info') => lines.push({ line, level }),
          email: null,
          sms: { send: async ({ to }) => void sent.push(to) },
          ...(prefixes ? { smsAllowedPrefixes: prefixes } : {}),
        });
      const queue = (to: string) =>
        api.ctx.store.outbox.add(
          {
            to,
            channel: 'SMS',
            kind: 'CODE',
            textSealed: seal(api.ctx.keys.sealing, 'Kod 123456'),
            codeSealed: null,
            meta: {},
            status: 'PENDING',
          },
          api.clock.now(),
        );
      const status = async (to: string) =>
        (await api.db.query<{ status: string }>('SELECT status FROM outbox WHERE to_address = $1', [to]))[0]?.status;

      await queue('385911234567');
      await queue('38762999001');
      await sender().runOnce();
      assert.deepEqual(sent, ['38762999001'], 'only the number under 387 is sent');
      assert.equal(await status('385911234567'), 'FAILED');
      assert.ok(
        lines.some(
          (l) =>
            l.level === 'warn' &&
            l.line === 'CODE SMS to 38591***567 not sent (given up): the number is outside SMS_ALLOWED_PREFIXES',
        ),
        JSON.stringify(lines),
      );

      await queue('38762999002');
      await sender(['38761']).runOnce();
      assert.equal(await status('38762999002'), 'FAILED', 'the setting narrows it further');
      assert.deepEqual(sent, ['38762999001']);
    });
  });

  describe(`SMS_ALLOWED_PREFIXES=38761 on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine, env: { SMS_ALLOWED_PREFIXES: '38761' } });
    });
    after(async () => {
      await api?.close();
    });

    it('refuses to start a registration to another network, and sends nothing', async () => {
      const answer = await start(api, '062 123 456', '127.0.0.1');
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.equal(answer.body.code, 'PHONE_NOT_ALLOWED');
      assert.match(answer.body.message, /pozivnim brojem \+38761\./);
      assert.equal(await outboxTo(api, ['38762123456']), 0);
      assert.equal((await start(api, '061 123 456', '127.0.0.1')).status, 200);
    });
  });
}
