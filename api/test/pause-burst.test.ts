/**
 * A pause's races, 100 requests at once, on both engines (decision 055): the same pause asked 100 times is
 * one pause (the once-per-12-months rule in one UPDATE, under the customer's row lock); pauses asked while
 * a billing pass renews the same subscriptions are ordered against the renewal (a pause from the old due
 * day and no charge, or the charge and a pause from the new period's end; never a charge given back); and
 * 'Nastavi pretplatu' racing a pass charges each customer once.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { burst, customerToken, engines, startApi, testCustomer } from './harness';
import { runBilling } from '../src/money/billing/job';
import type { SandboxProcessor } from '../src/money/processor/sandbox/processor';

const BURST = 100;
const CUSTOMERS = 20;
const DUE = '2026-03-10';
const at = (day: string, time = '06:00') => new Date(`${day}T${time}:00Z`);

for (const engine of engines())
  describe(`a pause at once on ${engine}`, () => {
    let api: Awaited<ReturnType<typeof startApi>>;
    before(async () => {
      // Sixty customers sign in from one address: more than its default 30 logins a window.
      api = await startApi({ engine, env: { LOGIN_LIMIT_CLIENT: '1000' } });
    });
    after(async () => api?.close());
    const sandbox = () => api.ctx.payments.sandbox as SandboxProcessor;

    const customers = async (count: number) => {
      const made = [];
      for (let i = 0; i < count; i++) {
        const customer = await testCustomer(api.db, { nextPaymentOn: DUE });
        made.push({ ...customer, token: await customerToken(api, customer.email) });
      }
      return made;
    };
    const subscription = async (id: number) =>
      (
        await api.db.query<{ next_payment_on: string; pause_from: string | null; pause_until: string | null }>(
          `SELECT to_char(next_payment_on, 'YYYY-MM-DD') AS next_payment_on, to_char(pause_from, 'YYYY-MM-DD') AS pause_from,
                  to_char(pause_until, 'YYYY-MM-DD') AS pause_until FROM subscriptions WHERE customer_id = $1`,
          [id],
        )
      )[0]!;
    const orders = async (id: number) =>
      api.db.query<{ status: string; period_start: string | null; period_end: string | null }>(
        `SELECT status, to_char(period_start, 'YYYY-MM-DD') AS period_start, to_char(period_end, 'YYYY-MM-DD') AS period_end
           FROM payment_orders WHERE customer_id = $1 ORDER BY created_at`,
        [id],
      );
    const charges = async (id: number) =>
      (
        await api.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM sandbox_intents WHERE kind = 'payment' AND status = 'succeeded' AND idempotency_key LIKE $1`,
          [`payment:renewal-${id}-%`],
        )
      )[0]!.n;
    const notices = async (id: number, kind: string) =>
      (
        await api.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM outbox o JOIN customers c ON o.to_address = c.email WHERE c.id = $1 AND o.kind = $2`,
          [id, kind],
        )
      )[0]!.n;

    it(`takes one pause of ${BURST} asked at once by one customer, and tells of it once`, async () => {
      api.clock.set(at('2026-03-01', '10:00'));
      const [c] = await customers(1);
      const { answers } = await burst(BURST, (i) =>
        api.call('POST', '/ontv/pause', { token: c!.token, body: { months: (i % 3) + 1 } }),
      );
      const won = answers.filter((a) => a.status === 200);
      assert.equal(won.length, 1, 'one pause');
      for (const answer of answers.filter((a) => a.status !== 200)) {
        assert.equal(answer.status, 409, JSON.stringify(answer.body));
        assert.equal(answer.body.code, 'PAUSE_PAUSED');
      }
      const row = await subscription(c!.id);
      assert.equal(row.pause_from, DUE);
      assert.equal(row.next_payment_on, row.pause_until);
      assert.equal(won[0]!.body.nextPaymentOn, row.pause_until);
      assert.equal(await notices(c!.id, 'PAUSED'), 1);
    });

    it(`orders ${BURST} pauses against the renewal of the same ${CUSTOMERS} subscriptions`, async () => {
      // The day before the due day for the customers; the pass renews as of the due day.
      api.clock.set(at('2026-03-09', '10:00'));
      const racing = await customers(CUSTOMERS);
      const pass = runBilling(api.ctx.billing, at(DUE));
      const { answers } = await burst(BURST, (i) =>
        api.call('POST', '/ontv/pause', { token: racing[i % CUSTOMERS]!.token, body: { months: 1 } }),
      );
      await pass;
      await runBilling(api.ctx.billing, at(DUE)); // what a pause refused left due is renewed now
      for (const [n, c] of racing.entries()) {
        const mine = answers.filter((_, i) => i % CUSTOMERS === n);
        assert.ok(mine.filter((a) => a.status === 200).length <= 1, 'at most one pause each');
        for (const answer of mine.filter((a) => a.status !== 200))
          assert.ok(['PAUSE_PAUSED', 'PAUSE_RENEWAL'].includes(answer.body.code), JSON.stringify(answer.body));
        const row = await subscription(c.id);
        const placed = await orders(c.id);
        assert.ok(
          placed.every((o) => o.status === 'PAID'),
          `nothing given back: ${JSON.stringify(placed)}`,
        );
        assert.equal(await charges(c.id), placed.length, 'one charge per paid order');
        if (placed.length === 0) {
          // The pause came first: from the old due day, nothing charged.
          assert.deepEqual(row, { next_payment_on: '2026-04-10', pause_from: DUE, pause_until: '2026-04-10' });
        } else {
          assert.equal(placed.length, 1);
          assert.deepEqual(placed[0], { status: 'PAID', period_start: DUE, period_end: '2026-04-10' });
          // The renewal came first: a pause asked after it starts when the new period ends.
          if (row.pause_from)
            assert.deepEqual(row, {
              next_payment_on: '2026-05-10',
              pause_from: '2026-04-10',
              pause_until: '2026-05-10',
            });
          else assert.equal(row.next_payment_on, '2026-04-10');
        }
      }
    });

    it(`refuses ${BURST} pauses while the renewal's charge is at the processor, and gives nothing back`, async () => {
      api.clock.set(at('2026-03-09', '10:00'));
      const [c] = await customers(1);
      // The renewal's order is placed under the customer's lock; its charge waits at the processor.
      const held = sandbox().hold('charge', String(c!.id));
      const pass = runBilling(api.ctx.billing, at(DUE));
      await held.reached;
      const { answers } = await burst(BURST, () =>
        api.call('POST', '/ontv/pause', { token: c!.token, body: { months: 1 } }),
      );
      held.release();
      await pass;
      for (const answer of answers) assert.equal(answer.body.code, 'PAUSE_RENEWAL', JSON.stringify(answer.body));
      assert.deepEqual(await orders(c!.id), [{ status: 'PAID', period_start: DUE, period_end: '2026-04-10' }]);
      assert.equal(await charges(c!.id), 1);
      // Paid: a pause now starts when the new period ends.
      const after = await api.call('POST', '/ontv/pause', { token: c!.token, body: { months: 1 } });
      assert.deepEqual(after.body, { status: 'ACTIVE', nextPaymentOn: '2026-05-10' });
    });

    it(`charges once per customer when ${BURST} 'Nastavi pretplatu' race a billing pass`, async () => {
      api.clock.set(at('2026-03-01', '10:00'));
      const paused = await customers(CUSTOMERS);
      for (const c of paused)
        assert.equal((await api.call('POST', '/ontv/pause', { token: c.token, body: { months: 2 } })).status, 200);
      api.clock.set(at('2026-03-20', '10:00'));
      for (const c of paused) c.token = await customerToken(api, c.email);
      const passes = [
        runBilling(api.ctx.billing, at('2026-03-20', '10:00')),
        runBilling(api.ctx.billing, at('2026-03-20', '10:00')),
      ];
      const { answers } = await burst(BURST, (i) =>
        api.call('POST', '/ontv/resume', { token: paused[i % CUSTOMERS]!.token }),
      );
      await Promise.all(passes);
      await runBilling(api.ctx.billing, at('2026-03-20', '11:00')); // an attempt a request left to the pass
      for (const [n, c] of paused.entries()) {
        const mine = answers.filter((_, i) => i % CUSTOMERS === n);
        assert.equal(mine.filter((a) => a.status === 200).length, 1, 'one resume each');
        for (const answer of mine.filter((a) => a.status !== 200)) assert.equal(answer.body.code, 'NOT_PAUSED');
        assert.equal(await charges(c.id), 1, 'charged once');
        assert.deepEqual(await orders(c.id), [
          { status: 'PAID', period_start: '2026-03-20', period_end: '2026-04-20' },
        ]);
        assert.deepEqual(await subscription(c.id), {
          next_payment_on: '2026-04-20',
          pause_from: DUE,
          pause_until: '2026-03-20',
        });
      }
    });
  });
