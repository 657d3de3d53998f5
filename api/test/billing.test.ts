import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { accountInfoSchema, paymentListSchema, paymentOrderResponseSchema } from '@portal/shared/contract';
import { DEMO_CUSTOMER } from '../src/db/seed';
import { openDb } from '../src/db/db';
import { createContext } from '../src/context';
import { loadConfig } from '../src/config';
import { runBilling } from '../src/money/billing/job';
import { addDays } from '../src/days';
import { ROOT } from '../src/cli/freshness';
import type { Behaviour } from '../src/money/processor/sandbox/test-cards';
import { NO_SANDBOX_PROCESSOR, addCard, device, engines, payOrder, startApi, testCustomer } from './harness';

const DUE = '2026-03-10';
const at = (day: string, time = '06:00') => new Date(`${day}T${time}:00Z`);

for (const engine of engines()) {
  describe(`billing on ${engine}`, () => {
    let api: Awaited<ReturnType<typeof startApi>>;
    before(async () => {
      api = await startApi({ engine, env: { LOGIN_LIMIT_CLIENT: '1000', LOGIN_LIMIT_ACCOUNT: '1000' } });
    });
    after(async () => {
      await api?.close();
    });

    /** A customer with a subscription due on `due` and, unless `card` is null, a primary card that behaves so. */
    const customer = (
      options: {
        due?: string;
        status?: 'ACTIVE' | 'DEACTIVATED' | 'EXPIRED';
        card?: Behaviour | null;
        plan?: 'starton' | 'maxon';
      } = {},
    ) =>
      testCustomer(api.db, {
        nextPaymentOn: options.due ?? DUE,
        status: options.status,
        card: options.card === undefined ? 'succeed' : options.card,
        plan: options.plan,
      });

    const run = (day: string, time?: string) => runBilling(api.ctx.billing, at(day, time));
    const logIn = async (username: string) => {
      const response = await api.call('POST', '/login', {
        body: { username, password: DEMO_CUSTOMER.password, ...device },
      });
      assert.equal(response.status, 200);
      return (response.body as { token: string }).token;
    };
    const info = async (email: string) =>
      accountInfoSchema.parse((await api.call('GET', '/ontv/accountInfo', { token: await logIn(email) })).body);
    const subscription = async (id: number) =>
      (
        await api.db.query<{ status: string; period_start: string; next_payment_on: string; billing_failures: number }>(
          `SELECT status, to_char(period_start, 'YYYY-MM-DD') AS period_start, to_char(next_payment_on, 'YYYY-MM-DD') AS next_payment_on, billing_failures FROM subscriptions WHERE customer_id = $1`,
          [id],
        )
      )[0]!;
    const outbox = async (email: string) =>
      (
        (await api.call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`)).body as Array<{
          text: string;
          channel: string;
        }>
      ).map((m) => m.text);
    /** Renewal charges the processor made for the customer (its idempotency keys name customer, period and attempt). */
    const charges = async (id: number) =>
      (
        await api.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM sandbox_intents WHERE kind = 'payment' AND status = 'succeeded' AND idempotency_key LIKE $1`,
          [`payment:renewal-${id}-%`],
        )
      )[0]!.n;
    const attempts = async (id: number) =>
      (
        await api.db.query<{ attempt: number; status: string; due_on: string }>(
          `SELECT attempt, status, to_char(due_on, 'YYYY-MM-DD') AS due_on FROM billing_attempts WHERE customer_id = $1 ORDER BY attempt`,
          [id],
        )
      ).map((a) => `${a.attempt}:${a.status}`);
    /** The card dialog's calls, as the customer would make them on day `day`. */
    async function addCardThroughPortal(email: string, number: string, day: string) {
      api.clock.set(at(day, '09:00'));
      assert.equal((await addCard(api, await logIn(email), number)).confirmed.status, 'succeeded');
    }

    it('charges a renewal on its due day from the primary card, once: new period, history, invoice and receipt', async () => {
      const c = await customer();
      const before = await run(addDays(DUE, -1));
      assert.equal(before.charged, 0, 'nothing is due the day before');
      const report = await run(DUE);
      assert.ok(report.charged >= 1);
      assert.deepEqual(await subscription(c.id), {
        status: 'ACTIVE',
        period_start: DUE,
        next_payment_on: '2026-04-10',
        billing_failures: 0,
      });
      assert.equal(await charges(c.id), 1);

      await run(DUE, '18:00');
      assert.equal(await charges(c.id), 1, 'a second run the same day charges nothing');
      assert.deepEqual(await attempts(c.id), ['0:SUCCEEDED']);

      const token = await logIn(c.email);
      const history = paymentListSchema.parse((await api.call('GET', '/ontv-payments', { token })).body);
      assert.equal(history.length, 1);
      assert.equal(history[0]!.periodStart, DUE);
      assert.equal(history[0]!.periodEnd, '2026-04-10');
      assert.equal(history[0]!.amount, 24.9);
      assert.equal((await api.call('GET', `/ontv-payments/${history[0]!.orderNumber}`, { token })).status, 200);
      const [receipt] = await outbox(c.email);
      assert.equal(
        receipt,
        `ON TV: pretplata na paket MaxON je produžena do 10.4.2026. Naplaćeno je 24,90 KM s kartice **** **** **** 4242. Račun br. ${history[0]!.orderNumber} nalaziš u svom nalogu, u istoriji uplata.`,
      );
      // The next period is charged on its own due day.
      await run('2026-04-10');
      assert.equal((await subscription(c.id)).next_payment_on, '2026-05-10');
      assert.equal(await charges(c.id), 2);
    });

    it('keeps a failed renewal ACTIVE through the grace period, retries on the schedule (days 1, 3, 5), then expires it', async () => {
      const c = await customer({ card: 'decline_later' });
      assert.equal((await run(DUE)).failed >= 1, true);
      let account = await info(c.email);
      assert.equal(account.status, 'ACTIVE');
      assert.equal(account.nextPaymentOn, DUE);
      assert.deepEqual(account.renewalProblem, { retryOn: '2026-03-11', graceUntil: '2026-03-15' });
      const [notice] = await outbox(c.email);
      assert.equal(
        notice,
        'ON TV: naplata pretplate na paket MaxON (24,90 KM) nije uspjela: banka nije odobrila transakciju. Pokušat ćemo ponovo 11.3.2026. Ako plaćanje ne uspije do 15.3.2026., usluga će biti isključena. Karticu možeš dodati ili promijeniti u svom nalogu, u dijelu Moje kartice.',
      );
      for (let day = 1; day <= 5; day += 1) await run(addDays(DUE, day));
      assert.deepEqual(
        await attempts(c.id),
        ['0:FAILED', '1:FAILED', '2:FAILED', '3:FAILED'],
        'the due day and retry days 1, 3 and 5',
      );
      account = await info(c.email);
      assert.equal(account.status, 'ACTIVE', 'still in grace on day 5');
      assert.deepEqual(account.renewalProblem, { retryOn: null, graceUntil: '2026-03-15' });

      const report = await run(addDays(DUE, 6));
      assert.equal(report.expired >= 1, true);
      account = await info(c.email);
      assert.equal(account.status, 'EXPIRED');
      assert.equal(account.renewalProblem, null);
      assert.equal(await charges(c.id), 0);
      assert.match((await outbox(c.email))[0]!, /pretplata na paket MaxON je istekla jer naplata nije uspjela u roku/);
      const [order] = await api.db.query<{ status: string }>(
        `SELECT status FROM payment_orders WHERE customer_id = $1 AND kind = 'RENEWAL'`,
        [c.id],
      );
      assert.equal(order?.status, 'FAILED');
      await run(addDays(DUE, 7));
      assert.equal(await attempts(c.id).then((a) => a.length), 4, 'an EXPIRED subscription is not charged');

      // Bought again: the new period starts at the new purchase, not at the old due day.
      api.clock.set(at('2026-03-20', '12:00'));
      const token = await logIn(c.email);
      const [card] = (await api.call('GET', '/credit-card', { token })).body as Array<{ code: string }>;
      await api.db.query(
        `UPDATE sandbox_payment_methods SET behaviour = 'succeed' WHERE id = (SELECT payment_method FROM credit_cards WHERE code = $1)`,
        [card!.code],
      );
      const placed = paymentOrderResponseSchema.parse(
        (
          await api.call('POST', '/ontv-payments/new-account/order', {
            token,
            body: { creditCardId: card!.code, amount: 24.9, ontvPlanId: 'maxon' },
          })
        ).body,
      );
      assert.equal((await payOrder(api, placed.paymentSecret)).body.status, 'succeeded');
      assert.deepEqual(await subscription(c.id), {
        status: 'ACTIVE',
        period_start: '2026-03-20',
        next_payment_on: '2026-04-20',
        billing_failures: 0,
      });
    });

    for (const day of [1, 2, 3, 4, 5]) {
      it(`counts a renewal paid on day ${day} of the grace period from the original due day`, async () => {
        const c = await customer({ card: 'insufficient_funds' });
        for (let d = 0; d < day; d += 1) await run(addDays(DUE, d));
        assert.match((await outbox(c.email))[0]!, /nije uspjela: nedovoljno sredstava na računu/);
        // The customer saves a working card on day `day`: it becomes the primary card and the next run charges it.
        await addCardThroughPortal(c.email, '5555555555554444', addDays(DUE, day));
        const report = await run(addDays(DUE, day), '10:00');
        assert.equal(report.charged >= 1, true);
        assert.deepEqual(await subscription(c.id), {
          status: 'ACTIVE',
          period_start: DUE,
          next_payment_on: '2026-04-10',
          billing_failures: 0,
        });
        assert.equal((await info(c.email)).renewalProblem, null);
        assert.match(
          (await outbox(c.email))[0]!,
          /produžena do 10\.4\.2026\. Naplaćeno je 24,90 KM s kartice \*\*\*\* \*\*\*\* \*\*\*\* 4444/,
        );
      });
    }

    it('retries only on the schedule: a card the bank approves again on day 2 is charged on day 3', async () => {
      const c = await customer({ card: 'decline_later' });
      await run(DUE);
      await run(addDays(DUE, 1));
      await api.db.query(
        `UPDATE sandbox_payment_methods SET behaviour = 'succeed' WHERE id = (SELECT payment_method FROM credit_cards WHERE customer_id = $1)`,
        [c.id],
      );
      assert.equal((await run(addDays(DUE, 2))).charged, 0);
      assert.equal((await run(addDays(DUE, 3))).charged >= 1, true);
      assert.deepEqual(await attempts(c.id), ['0:FAILED', '1:FAILED', '2:SUCCEEDED']);
      assert.equal((await subscription(c.id)).period_start, DUE);
    });

    it('does not charge a subscription deactivated before its renewal; it expires when the period ends', async () => {
      const c = await customer();
      api.clock.set(at('2026-03-05'));
      const token = await logIn(c.email);
      assert.equal((await api.call('GET', '/ontv/deactivate', { token })).status, 200);
      await run(addDays(DUE, -1));
      assert.equal((await subscription(c.id)).status, 'DEACTIVATED');
      const report = await run(DUE);
      assert.equal(report.ended >= 1, true);
      assert.equal((await subscription(c.id)).status, 'EXPIRED');
      assert.equal(await charges(c.id), 0);
      assert.deepEqual(await attempts(c.id), []);
      assert.equal(
        (await outbox(c.email))[0],
        'ON TV: deaktivirana pretplata na paket MaxON je istekla 10.3.2026. Uslugu možeš ponovo kupiti izborom paketa na portalu.',
      );
    });

    it('starts charging a promo subscription when its promo ends, duration-based or until a date', async () => {
      api.clock.set(at('2026-03-01', '10:00'));
      const duration = await customer({ due: '2026-01-01', status: 'EXPIRED' });
      const until = await customer({ due: '2026-01-01', status: 'EXPIRED' });
      for (const [c, plan] of [
        [duration, 'starton'],
        [until, 'maxon'],
      ] as const) {
        const started = await api.call('POST', '/ontv/createSubscriptionInPromoPeriod', {
          token: await logIn(c.email),
          body: { plan },
        });
        assert.equal(started.status, 200);
      }
      assert.equal((await subscription(duration.id)).next_payment_on, '2026-03-15', '14 days');
      assert.equal((await subscription(until.id)).next_payment_on, '2027-03-31', 'until the promo date');

      await run('2026-03-14');
      assert.equal(await charges(duration.id), 0, 'not while the promo runs');
      await run('2026-03-15');
      assert.equal(await charges(duration.id), 1);
      assert.deepEqual(await subscription(duration.id), {
        status: 'ACTIVE',
        period_start: '2026-03-15',
        next_payment_on: '2026-04-15',
        billing_failures: 0,
      });
      api.clock.set(at('2026-03-16'));
      assert.deepEqual((await info(duration.email)).promos, [], 'the promo is over');

      assert.equal(await charges(until.id), 0);
      await run('2027-03-31');
      assert.equal(await charges(until.id), 1);
      assert.deepEqual(await subscription(until.id), {
        status: 'ACTIVE',
        period_start: '2027-03-31',
        next_payment_on: '2027-04-30',
        billing_failures: 0,
      });
    });

    it('fails the renewal of a customer who deleted the card, and charges the card saved afterwards', async () => {
      const c = await customer();
      api.clock.set(at('2026-03-05'));
      const token = await logIn(c.email);
      const [card] = (await api.call('GET', '/credit-card', { token })).body as Array<{ code: string }>;
      assert.equal((await api.call('DELETE', `/credit-card/${card!.code}`, { token })).status, 200);
      await run(DUE);
      assert.deepEqual(await attempts(c.id), ['0:FAILED']);
      assert.match(
        (await outbox(c.email))[0]!,
        /nije uspjela: nemaš sačuvanu karticu\. Pokušat ćemo ponovo 11\.3\.2026\./,
      );
      assert.equal((await subscription(c.id)).status, 'ACTIVE');
      await addCardThroughPortal(c.email, '4242424242424242', DUE);
      await run(DUE, '12:00');
      assert.deepEqual(await attempts(c.id), ['0:FAILED', '1:SUCCEEDED']);
      assert.equal((await subscription(c.id)).next_payment_on, '2026-04-10');
    });

    it('takes over an attempt whose runner stopped, after the lease, with the same charge', async () => {
      const c = await customer();
      await api.db.query(
        `INSERT INTO billing_attempts (customer_id, due_on, attempt, status, runner, created_at, updated_at) VALUES ($1, $2, 0, 'PENDING', 'gone', $3, $3)`,
        [c.id, DUE, at(DUE, '06:00')],
      );
      assert.equal((await run(DUE, '06:05')).charged, 0, 'inside the lease another runner may still be charging');
      assert.equal((await run(DUE, '06:20')).charged >= 1, true);
      assert.deepEqual(await attempts(c.id), ['0:SUCCEEDED']);
      assert.equal(await charges(c.id), 1);
    });

    it('never charges a subscription twice when four runners go over the same due subscriptions at once', async () => {
      const due = '2026-06-01';
      const good = await Promise.all(Array.from({ length: 6 }, () => customer({ due })));
      const bad = await Promise.all(Array.from({ length: 3 }, () => customer({ due, card: 'decline_later' })));
      // Four runners, each with its own connection pool on PostgreSQL, as four API processes would have.
      const runners = await Promise.all(
        Array.from({ length: 4 }, async () => {
          if (engine === 'pglite') return { billing: api.ctx.billing, close: async () => undefined };
          const db = await openDb({ databaseUrl: api.databaseUrl, dataDir: null });
          const config = loadConfig({ DATA_DIR: api.dataDir, DATABASE_URL: api.databaseUrl!, LOG_LEVEL: 'silent' });
          const ctx = createContext(config, db, api.ctx.keys, api.clock.now);
          return { billing: ctx.billing, close: () => db.close() };
        }),
      );
      try {
        // Each run also meets other tests' subscriptions; what counts is each customer's own record below.
        const reports = await Promise.all(runners.map((r) => runBilling(r.billing, at(due))));
        assert.ok(reports.reduce((n, r) => n + r.charged, 0) >= good.length);
      } finally {
        await Promise.all(runners.map((r) => r.close()));
      }
      for (const c of good) {
        assert.equal(await charges(c.id), 1);
        assert.equal((await subscription(c.id)).next_payment_on, '2026-07-01');
        assert.equal((await outbox(c.email)).length, 1, 'one receipt');
      }
      for (const c of bad) {
        assert.deepEqual(await attempts(c.id), ['0:FAILED']);
        assert.equal((await outbox(c.email)).length, 1, 'one notice');
      }
      const [orders] = await api.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payment_orders WHERE kind = 'RENEWAL' AND due_on = $1`,
        [due],
      );
      assert.equal(orders!.n, good.length + bad.length, 'one renewal order per subscription and period');
    });

    it('charges a renewal once when the first pass after an outage runs past the grace period, and counts the grace from that pass', async () => {
      const due = '2026-08-03';
      const paid = await customer({ due });
      const declined = await customer({ due, card: 'decline_later' });
      // The server was down from the due day for a week: its first pass runs on day 8.
      const late = addDays(due, 8);
      await run(late);
      assert.equal(await charges(paid.id), 1, 'charged, not expired');
      assert.deepEqual(await subscription(paid.id), {
        status: 'ACTIVE',
        period_start: due,
        next_payment_on: '2026-09-03',
        billing_failures: 0,
      });
      assert.match((await outbox(paid.email))[0]!, /je produžena do 3\.9\.2026\. Naplaćeno je 24,90 KM/);

      let account = await info(declined.email);
      assert.equal(account.status, 'ACTIVE', 'a declined late charge leaves the grace period to come');
      assert.deepEqual(account.renewalProblem, { retryOn: '2026-08-12', graceUntil: '2026-08-16' });
      assert.equal(
        (await outbox(declined.email))[0],
        'ON TV: naplata pretplate na paket MaxON (24,90 KM) nije uspjela: banka nije odobrila transakciju. Pokušat ćemo ponovo 12.8.2026. Ako plaćanje ne uspije do 16.8.2026., usluga će biti isključena. Karticu možeš dodati ili promijeniti u svom nalogu, u dijelu Moje kartice.',
      );
      for (let day = 1; day <= 5; day += 1) await run(addDays(late, day));
      assert.deepEqual(
        await attempts(declined.id),
        ['0:FAILED', '1:FAILED', '2:FAILED', '3:FAILED'],
        'the late pass and retry days 1, 3 and 5 after it',
      );
      assert.equal((await info(declined.email)).status, 'ACTIVE');
      await run(addDays(late, 6));
      account = await info(declined.email);
      assert.equal(account.status, 'EXPIRED');
      assert.match(
        (await outbox(declined.email))[0]!,
        /pretplata na paket MaxON je istekla jer naplata nije uspjela u roku/,
      );
    });
  });
}

describe('npm run billing', () => {
  const cli = (dataDir: string, ...args: string[]) =>
    spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'api/src/cli/billing.ts'), ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      },
    );

  it('runs one pass as of --at on the embedded database, and refuses while a portal holds it', async () => {
    const api = await startApi({ engine: 'pglite' });
    const { dataDir } = api;
    let closed = false;
    try {
      const busy = cli(dataDir, '--at', '2026-03-21T06:00:00Z');
      assert.equal(busy.status, 1);
      assert.match(busy.stderr, /The embedded database in .* is in use by process \d+/);
      await api.close();
      closed = true;
      assert.match(cli(dataDir, '--at', 'yesterday').stderr, /--at must be a date and time/);
      // The seeded ACTIVE customer renews on 2026-03-21; both DEACTIVATED ones, their periods over by then, expire.
      const run = cli(dataDir, '--at', '2026-03-21T06:00:00Z');
      assert.equal(run.status, 0, run.stderr);
      assert.match(
        run.stdout,
        /Billing as of 2026-03-21T06:00:00.000Z: 1 charged, 0 failed, 0 expired, 2 ended, 0 skipped/,
      );
      const again = cli(dataDir, '--at', '2026-03-21T07:00:00Z');
      assert.match(again.stdout, /0 charged, 0 failed, 0 expired, 0 ended, 0 skipped/);
      const db = await openDb({ dataDir });
      try {
        const [row] = await db.query<{ next: string }>(
          `SELECT to_char(next_payment_on, 'YYYY-MM-DD') AS next FROM subscriptions s JOIN customers c ON c.id = s.customer_id WHERE c.email = 'aktivna@ontv.ba'`,
        );
        assert.equal(row?.next, '2026-04-21');
      } finally {
        await db.close();
      }
    } finally {
      if (!closed) await api.close();
    }
  });
});

describe('the sandbox billing trigger', () => {
  it('runs a pass as of a given time, refuses a bad time, and is absent outside the sandbox', async () => {
    const sandbox = await startApi({ engine: 'pglite' });
    const live = await startApi({ engine: 'pglite', env: { SANDBOX: '0', ...NO_SANDBOX_PROCESSOR } });
    try {
      assert.equal((await sandbox.call('POST', '/dev/billing', { body: { at: 'sutra' } })).status, 400);
      const run = await sandbox.call('POST', '/dev/billing', { body: { at: '2026-03-21T06:00:00Z' } });
      assert.equal(run.status, 200);
      assert.deepEqual(run.body, { charged: 1, failed: 0, expired: 0, ended: 2, skipped: 0 });
      assert.equal((await live.call('POST', '/dev/billing', { body: {} })).status, 404);
    } finally {
      await Promise.all([sandbox.close(), live.close()]);
    }
  });
});

describe('billing configuration', () => {
  it('takes the retry schedule as increasing days inside the grace period', () => {
    assert.deepEqual(loadConfig({}).billing, {
      retryDays: [1, 3, 5],
      intervalMinutes: 60,
      noticeDays: 30,
      orderTtlMinutes: 30,
    });
    assert.deepEqual(
      loadConfig({ BILLING_RETRY_DAYS: '1, 2, 4', BILLING_INTERVAL_MINUTES: '0', ORDER_TTL_MINUTES: '45' }).billing,
      { retryDays: [1, 2, 4], intervalMinutes: 0, noticeDays: 30, orderTtlMinutes: 45 },
    );
    assert.throws(() => loadConfig({ ORDER_TTL_MINUTES: '0' }), /ORDER_TTL_MINUTES/);
    for (const bad of ['0,1', '1,6', '3,2', '1,,2', 'x']) {
      assert.throws(() => loadConfig({ BILLING_RETRY_DAYS: bad }), /BILLING_RETRY_DAYS/, bad);
    }
  });
});
