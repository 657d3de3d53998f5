/**
 * Calendar days are Sarajevo's (api/src/days.ts, decision 049): at 00:30 there, 23:30 or 22:30 UTC the
 * day before, the new day has begun for renewals, prices, invoices, the audit trail and the books.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  invoiceSchema,
  paymentOrderResponseSchema,
  planChangeQuoteSchema,
  planChangeResponseSchema,
} from '@portal/shared/contract';
import { runBilling, runBillingPass } from '../src/money/billing/job';
import { pdfText } from '../../test/lib/pdf';
import { customerToken, engines, payOrder, staffToken, startApi, testCustomer, type StartedApi } from './harness';

/** 00:30 in Sarajevo on `day`, in winter (CET) and in summer (CEST), and on the first day of a year. */
const MOMENTS = [
  { at: '2026-01-31T23:30:00Z', day: '2026-02-01', next: '2026-03-01', shown: '1.2.2026.', nextShown: '1.3.2026.' },
  { at: '2026-03-31T22:30:00Z', day: '2026-04-01', next: '2026-05-01', shown: '1.4.2026.', nextShown: '1.5.2026.' },
  { at: '2026-12-31T23:30:00Z', day: '2027-01-01', next: '2027-02-01', shown: '1.1.2027.', nextShown: '1.2.2027.' },
];
/** MaxON's price from each moment's day on, set by an admin the day before: cuts, so nobody needs a notice. */
const MAXON = ['22,90', '21,90', '20,90'];

for (const engine of engines()) {
  describe(`days in Sarajevo on ${engine}`, () => {
    let api: StartedApi;
    let members = 0;
    before(async () => {
      api = await startApi({ engine, env: { SANDBOX: '1', LOGIN_LIMIT_CLIENT: '100000' } });
    });
    after(async () => {
      await api?.close();
    });

    const admin = () => staffToken(api, `ponoc${members++}@ontv.ba`, 'admin');
    const outbox = async (to: string) =>
      ((await api.call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`)).body as Array<{ text: string }>).map(
        (m) => m.text,
      );
    const subscription = async (id: number) =>
      (
        await api.db.query<{ period_start: string; next_payment_on: string; plan_code: string; agreed: number }>(
          `SELECT to_char(period_start, 'YYYY-MM-DD') AS period_start, to_char(next_payment_on, 'YYYY-MM-DD') AS next_payment_on,
                  plan_code, agreed_price_fening AS agreed FROM subscriptions WHERE customer_id = $1`,
          [id],
        )
      )[0]!;
    const cardOf = async (id: number) =>
      (await api.db.query<{ code: string }>('SELECT code FROM credit_cards WHERE customer_id = $1', [id]))[0]!.code;

    for (const [n, { at, day, next, shown, nextShown }] of MOMENTS.entries()) {
      const moment = new Date(at);

      it(`renews a subscription due ${day} in a billing pass at 00:30 that day in Sarajevo (${at})`, async () => {
        api.clock.set(moment);
        const { id, email } = await testCustomer(api.db, { plan: 'starton', nextPaymentOn: day });
        await runBilling(api.ctx.billing, moment);
        const renewed = await subscription(id);
        assert.deepEqual([renewed.period_start, renewed.next_payment_on], [day, next]);
        assert.ok(
          (await outbox(email)).some((text) => text.includes(`paket StartON je produžena do ${nextShown}`)),
          JSON.stringify(await outbox(email)),
        );
      });

      it(`quotes at 00:30 on ${day} the price that applies from ${day}`, async () => {
        api.clock.set(new Date(Date.parse(`${day}T10:00:00Z`) - 86_400_000));
        const changed = await api.call('POST', '/staff/prices/maxon', {
          token: await admin(),
          body: { price: MAXON[n], appliesFrom: day, reason: 'Ponoć u Sarajevu' },
        });
        assert.equal(changed.status, 200, JSON.stringify(changed.body));
        api.clock.set(moment);
        const { email } = await testCustomer(api.db, { nextPaymentOn: '2025-12-01', status: 'EXPIRED' });
        const token = await customerToken(api, email);
        const offer = await api.call('GET', '/ontv-payments/new-account/payment-info/maxon', { token });
        assert.deepEqual(offer.body, {
          ontvPlan: { id: 'maxon', name: 'MaxON', price: Number(MAXON[n]!.replace(',', '.')) },
          periodStart: day,
          periodEnd: next,
        });
      });

      it(`dates a purchase at 00:30 on ${day} ${shown}: its period, number, invoice and receipt`, async () => {
        api.clock.set(moment);
        const { id, email } = await testCustomer(api.db, { nextPaymentOn: '2025-12-01', status: 'EXPIRED' });
        const token = await customerToken(api, email);
        const placed = await api.call('POST', '/ontv-payments/new-account/order', {
          token,
          body: { creditCardId: await cardOf(id), amount: 14.9, ontvPlanId: 'starton' },
        });
        assert.equal(placed.status, 200, JSON.stringify(placed.body));
        const { orderNumber, paymentSecret } = paymentOrderResponseSchema.parse(placed.body);
        assert.equal((await payOrder(api, paymentSecret)).body.status, 'succeeded');
        assert.match(orderNumber, new RegExp(`^${day.slice(0, 4)}-`), "numbered in the invoice's year");

        const invoice = invoiceSchema.parse((await api.call('GET', `/ontv-payments/${orderNumber}`, { token })).body);
        assert.deepEqual([invoice.periodStart, invoice.periodEnd], [day, next]);
        const pdf = await fetch(`${api.url}/api/ontv-payments/${orderNumber}/pdf`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
        for (const part of [`Datum izdavanja: ${shown}`, `${shown} – ${nextShown}`])
          assert.ok(text.includes(part), `the PDF shows ${part}:\n${text}`);
        assert.ok(
          (await outbox(email)).some((text) => text.includes(`paket StartON je aktivan do ${nextShown}`)),
          JSON.stringify(await outbox(email)),
        );
      });

      it(`upgrades at 00:30 on ${day} from that day, at the price MaxON has that day`, async () => {
        api.clock.set(moment);
        const { id, email } = await testCustomer(api.db, { plan: 'starton', nextPaymentOn: next, periodStart: day });
        const token = await customerToken(api, email);
        const quote = planChangeQuoteSchema.parse(
          (await api.call('GET', '/ontv/plan-change?plan=maxon', { token })).body,
        );
        assert.deepEqual(
          [quote.effectiveOn, quote.periodStart, quote.to.price],
          [day, day, Number(MAXON[n]!.replace(',', '.'))],
        );
        const placed = planChangeResponseSchema.parse(
          (await api.call('POST', '/ontv/plan-change', { token, body: { plan: 'maxon', amount: quote.amount } })).body,
        );
        assert.equal((await payOrder(api, placed.order!.paymentSecret)).body.status, 'succeeded');
        const changed = await subscription(id);
        assert.deepEqual([changed.plan_code, changed.agreed], ['maxon', Number(MAXON[n]!.replace(',', ''))]);
      });
    }

    it('lists in the audit trail of a day what was done from midnight to midnight in Sarajevo', async () => {
      for (const [at, day, other] of [
        ['2026-03-31T22:30:00Z', '2026-04-01', '2026-03-31'],
        ['2026-04-01T21:59:00Z', '2026-04-01', '2026-04-02'],
      ] as const) {
        api.clock.set(new Date(at));
        const email = `ponoc${members++}@ontv.ba`;
        const token = await staffToken(api, email, 'admin');
        const [member] = await api.db.query<{ id: number }>('SELECT id FROM staff WHERE email = $1', [email]);
        const trail = async (from: string, to: string) =>
          (await api.call('GET', `/staff/audit?staff=${member!.id}&from=${from}&to=${to}`, { token })).body.items
            .length as number;
        assert.ok((await trail(day, day)) > 0, `its sign-in at ${at} is on ${day}`);
        assert.equal(await trail(other, other), 0, `and not on ${other}`);
      }
    });

    it('reconciles each day from midnight to midnight in Sarajevo, 25 hours when the clocks go back', async () => {
      const books = async (at: string) => {
        assert.ok(await runBillingPass(api.ctx.billing, new Date(at)));
        const run = (await api.ctx.store.ledger.lastRun())!;
        return [new Date(run.period_from).toISOString(), new Date(run.period_to).toISOString()];
      };
      // 00:30 on 26 October, after the 25 hours of the 25th.
      assert.deepEqual(await books('2026-10-25T23:30:00Z'), ['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
      assert.deepEqual(await books('2027-01-01T23:30:00Z'), ['2026-12-31T23:00:00.000Z', '2027-01-01T23:00:00.000Z']);
    });

    it("dates an operator's price change by SQL from the day in Sarajevo, whatever the session's zone", async () => {
      // Kiritimati (UTC+14) is a day ahead of Sarajevo from noon, Pago Pago (UTC-11) a day behind until noon.
      for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
        const [row] = await api.db.transaction(async (tx) => {
          await tx.query(`SET LOCAL TimeZone = '${zone}'`);
          await tx.query(`UPDATE plans SET price_fening = price_fening + 100 WHERE code = 'starton'`);
          return tx.query<{ applies: string; sarajevo: string }>(
            `SELECT to_char(applies_from, 'YYYY-MM-DD') AS applies, to_char((now() AT TIME ZONE 'Europe/Sarajevo')::date, 'YYYY-MM-DD') AS sarajevo
               FROM plan_prices WHERE staff_name = 'SQL' ORDER BY id DESC LIMIT 1`,
          );
        });
        assert.equal(row!.applies, row!.sarajevo, zone);
      }
    });
  });
}
