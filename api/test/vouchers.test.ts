/**
 * Prepaid vouchers (docs/vouchers.md): codes, batches from the console and the command line, redeeming
 * into credit, and the bursts: one code redeemed once by 100 requests at once, 100 guesses meeting the
 * limit per account (the address's: voucher-tries.test.ts).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  VOUCHER_ALPHABET,
  VOUCHER_LENGTH,
  VOUCHER_TEXTS,
  normaliseVoucherCode,
  voucherCodeWellFormed,
} from '@portal/shared/contract/vouchers';
import { newVoucherCode } from '../src/money/vouchers/codes';
import { tempDir } from '../../test/lib/tempDir';
import {
  customerToken,
  engines,
  payOrder,
  saveTestCard,
  staffToken as staffTokenOf,
  startApi,
  testCustomer,
  type StartedApi,
} from './harness';
import { giftMessage } from '../src/money/vouchers/gift';

const BURST = 100;
const PER_CLIENT = 30;

describe('a voucher code', () => {
  it('is four groups of four from an alphabet without 0, O, 1 or I, with 75 random bits', () => {
    assert.equal(VOUCHER_ALPHABET.length, 32);
    for (const c of '0O1I') assert.ok(!VOUCHER_ALPHABET.includes(c));
    const codes = new Set(Array.from({ length: 2000 }, () => newVoucherCode()));
    assert.equal(codes.size, 2000);
    for (const code of codes) {
      assert.equal(code.length, VOUCHER_LENGTH);
      assert.ok(voucherCodeWellFormed(code), code);
    }
    // (16 - 1) characters of 5 bits each; 60 bits are still unknown when the last four are shown.
    assert.ok((VOUCHER_LENGTH - 1) * Math.log2(VOUCHER_ALPHABET.length) >= 75);
  });

  it('has a check character that catches every wrong character and every swap of neighbours', () => {
    for (let n = 0; n < 200; n++) {
      const code = newVoucherCode();
      for (let i = 0; i < code.length; i++) {
        for (const c of VOUCHER_ALPHABET) {
          if (c === code[i]) continue;
          assert.ok(!voucherCodeWellFormed(code.slice(0, i) + c + code.slice(i + 1)), `${code} @${i} → ${c}`);
        }
        if (i + 1 < code.length && code[i] !== code[i + 1]) {
          const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
          assert.ok(!voucherCodeWellFormed(swapped), `${code} swap @${i}`);
        }
      }
    }
  });

  it('is read as typed: lower case, spaces and dashes', () => {
    const code = newVoucherCode();
    const typed = ` ${code.slice(0, 4).toLowerCase()}-${code.slice(4, 8)} ${code.slice(8)} `;
    assert.equal(normaliseVoucherCode(typed.trim()), code);
  });
});

describe("a gift's message", () => {
  it('is plain text of at most 300 characters, without control or direction characters', () => {
    assert.equal(giftMessage(' Sretno\r\n\tod\u0000 nas\u202e! '), 'Sretno od nas !');
    assert.equal(giftMessage('<script>x</script>'), '<script>x</script>');
    assert.equal([...giftMessage('ž'.repeat(400))].length, 300);
  });
});

describe('npm run vouchers', () => {
  it('issues a batch into a CSV, lists it and cancels it', () => {
    const dir = tempDir('ontv-vouchers-cli-');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    const run = (...args: string[]) =>
      execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, '../src/cli/vouchers.ts'), ...args], {
        env,
        cwd: path.join(__dirname, '../..'),
      }).toString();
    const out = path.join(dir, 'batch.csv');
    const issued = run(
      'issue',
      '--package',
      'starton',
      '--months',
      '1',
      '--count',
      '100',
      '--valid-until',
      '2099-06-30',
      '--label',
      'Kiosk Sarajevo',
      '--out',
      out,
    );
    assert.match(issued, /Batch 1: 100 codes of StartON/);
    const lines = fs.readFileSync(out, 'utf8').trim().split('\r\n');
    assert.equal(lines.length, 101);
    const code = JSON.parse(lines[1]!.split(',')[0]!) as string;
    assert.match(code, /^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
    assert.ok(voucherCodeWellFormed(normaliseVoucherCode(code)));
    assert.match(run('list'), /^1\tstarton\t1 mo\t0\/100\tuntil 2099-06-30\tKiosk Sarajevo\tcommand line/m);
    // After a rotation, `keys status` names the old key the unredeemed codes' digests still need.
    const keysStatus = () =>
      execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, '../src/cli/keys.ts'), 'status'], {
        env: { ...env, SEALING_KEYS: `knew:${'n'.repeat(40)}` },
        cwd: path.join(__dirname, '../..'),
      }).toString();
    const rotated = keysStatus();
    assert.match(rotated, /^vouchers\.digest: sandbox 100 unredeemed, valid until 2099-06-30$/m);
    assert.match(rotated, /Keep sandbox until 2099-06-30 in SEALING_KEYS: voucher digests cannot be re-sealed/);
    assert.doesNotMatch(rotated, /can be removed/);
    assert.match(run('cancel', '1', '--reason', 'Kiosk zatvoren'), /Batch 1 \(Kiosk Sarajevo\) cancelled/);
    assert.match(run('list'), /cancelled .* by command line/);
    const cancelled = keysStatus();
    assert.doesNotMatch(cancelled, /vouchers\.digest|Keep sandbox/);
  });
});

for (const engine of engines()) {
  describe(`vouchers on ${engine}`, () => {
    let api: StartedApi;
    let admin: string;
    let agent: string;

    before(async () => {
      api = await startApi({
        engine,
        env: {
          LOGIN_LIMIT_CLIENT: '100000',
          CODE_LIMIT_CLIENT: String(PER_CLIENT),
          TRUST_PROXY: '1',
          SANDBOX: '1',
        },
      });
      admin = await staffToken('admin@ontv.ba', 'admin');
      agent = await staffToken('agent@ontv.ba', 'agent');
    });
    after(async () => {
      await api?.close();
    });

    const staffToken = (email: string, role: 'agent' | 'admin') => staffTokenOf(api, email, role);
    const logIn = (username: string) => customerToken(api, username);
    /** A customer of `plan` (EXPIRED unless said) and their token. */
    const customer = async (plan: 'starton' | 'maxon' = 'starton', status = 'EXPIRED') => {
      const made = await testCustomer(api.db, { nextPaymentOn: '2026-02-20', plan, status, card: null });
      return { ...made, token: await logIn(made.email) };
    };
    const issue = (token: string, body: Record<string, unknown>) =>
      api.call('POST', '/staff/voucher-batches', { token, body });
    const batchOf = async (count: number, plan = 'starton', validUntil = '2026-06-30', months = 2) => {
      const issued = await issue(admin, { plan, months, count, validUntil, label: 'Kiosk Sarajevo' });
      assert.equal(issued.status, 200, JSON.stringify(issued.body));
      return issued.body as { batch: { id: number }; codes: string[] };
    };
    let address = 0;
    const redeem = (token: string, code: string, ip = `10.1.${Math.floor(address / 250)}.${(address++ % 250) + 1}`) =>
      api.call('POST', '/customer/redeem-voucher', { token, body: { code }, headers: { 'x-forwarded-for': ip } });
    const audit = (action: string) =>
      api.db.query<{ staff_name: string; after: any; reason: string | null }>(
        'SELECT staff_name, after, reason FROM audit_events WHERE action = $1 ORDER BY id',
        [action],
      );

    it('lets only an admin issue a batch, answers its codes once and stores only digests', async () => {
      const refused = await issue(agent, {
        plan: 'starton',
        months: 1,
        count: 5,
        validUntil: '2026-06-30',
        label: 'Kiosk',
      });
      assert.equal(refused.status, 403);
      const { batch, codes } = await batchOf(5);
      assert.equal(codes.length, 5);
      assert.equal(new Set(codes).size, 5);
      const stored = await api.db.query<{ digest: string; last_four: string }>(
        'SELECT digest, last_four FROM vouchers WHERE batch_id = $1',
        [batch.id],
      );
      assert.equal(stored.length, 5);
      const dump =
        JSON.stringify(await api.db.query('SELECT * FROM vouchers')) + JSON.stringify(await audit('voucher.issue'));
      for (const code of codes) assert.ok(!dump.includes(code.slice(0, 12)), 'no code in clear');
      for (const row of stored) assert.match(row.digest, /^[a-z0-9]{1,16}\$[0-9a-f]{64}$/);
      const [entry] = await audit('voucher.issue');
      assert.equal(entry!.staff_name, 'admin admin@ontv.ba');
      assert.deepEqual(entry!.after, {
        batch: batch.id,
        plan: 'starton',
        months: 2,
        count: 5,
        validUntil: '2026-06-30',
        label: 'Kiosk Sarajevo',
      });
      const list = await api.call('GET', '/staff/voucher-batches', { token: agent });
      assert.equal(list.status, 200);
      assert.equal(list.body[0].id, batch.id);
      assert.equal(list.body[0].count, 5);
    });

    it('refuses a batch that ends before today or of an unknown package', async () => {
      const past = await issue(admin, { plan: 'starton', months: 1, count: 1, validUntil: '2026-02-01', label: 'K' });
      assert.equal(past.status, 400);
      const unknown = await issue(admin, { plan: 'gold', months: 1, count: 1, validUntil: '2026-06-30', label: 'K' });
      assert.equal(unknown.status, 404);
    });

    it('redeems a code once into the credit that the payment data lists', async () => {
      const { codes } = await batchOf(3);
      const amra = await customer();
      const wrong = await redeem(amra.token, 'ABCD-EFGH-JKLM-NPQR');
      assert.deepEqual([wrong.status, wrong.body.message], [400, VOUCHER_TEXTS.wrongCode]);
      const typed = codes[0]!.toLowerCase().replace(/(.{4})(?=.)/g, '$1 ');
      const redeemed = await redeem(amra.token, typed);
      assert.equal(redeemed.status, 200, JSON.stringify(redeemed.body));
      assert.equal(redeemed.body.lastFour, codes[0]!.slice(-4));
      assert.equal(redeemed.body.monthsLeft, 2);
      const again = await redeem(amra.token, codes[0]!);
      assert.deepEqual([again.status, again.body.message], [400, VOUCHER_TEXTS.used]);
      const other = await customer();
      const stolen = await redeem(other.token, codes[0]!);
      assert.deepEqual([stolen.status, stolen.body.message], [400, VOUCHER_TEXTS.used]);
      const data = await api.call('GET', '/customer/payment-data', { token: amra.token });
      assert.equal(data.status, 200);
      assert.deepEqual(data.body.mbons, [
        {
          lastFour: codes[0]!.slice(-4),
          planCode: 'starton',
          planName: 'StartON',
          months: 2,
          redeemedAt: api.clock.now().toISOString(),
          monthsLeft: 2,
        },
      ]);
      assert.deepEqual((await api.call('GET', '/customer/payment-data', { token: other.token })).body.mbons, []);
    });

    it('redeems nothing of an expired or a cancelled batch', async () => {
      const expiring = await batchOf(1, 'starton', '2026-03-01');
      const cancelled = await batchOf(1);
      const amra = await customer();
      const byAgent = await api.call('POST', `/staff/voucher-batches/${cancelled.batch.id}/cancel`, {
        token: agent,
        body: { reason: 'Prodavac zatvoren' },
      });
      assert.equal(byAgent.status, 403);
      const cancel = await api.call('POST', `/staff/voucher-batches/${cancelled.batch.id}/cancel`, {
        token: admin,
        body: { reason: 'Prodavac zatvoren' },
      });
      assert.equal(cancel.status, 200);
      assert.equal(cancel.body.cancelledBy, 'admin admin@ontv.ba');
      const twice = await api.call('POST', `/staff/voucher-batches/${cancelled.batch.id}/cancel`, {
        token: admin,
        body: { reason: 'Prodavac zatvoren' },
      });
      assert.equal(twice.status, 409);
      const [entry] = await audit('voucher.cancel');
      assert.equal(entry!.reason, 'Prodavac zatvoren');
      const refused = await redeem(amra.token, cancelled.codes[0]!);
      assert.deepEqual([refused.status, refused.body.message], [400, VOUCHER_TEXTS.cancelled]);
      api.clock.advance(24 * 3600_000);
      try {
        const expired = await redeem(await logIn(amra.email), expiring.codes[0]!);
        assert.deepEqual([expired.status, expired.body.message], [400, VOUCHER_TEXTS.expired]);
      } finally {
        api.clock.advance(-24 * 3600_000);
      }
      const data = await api.call('GET', '/customer/payment-data', { token: await logIn(amra.email) });
      assert.deepEqual(data.body.mbons, []);
    });

    it('refuses a voucher of another package than the one running, saying why', async () => {
      const { codes } = await batchOf(1, 'maxon');
      const subscriber = await customer('starton', 'ACTIVE');
      const refused = await redeem(subscriber.token, codes[0]!);
      assert.equal(refused.status, 409);
      assert.equal(refused.body.message, VOUCHER_TEXTS.otherPackage('MaxON', 'StartON'));
      const same = await customer('maxon', 'ACTIVE');
      assert.equal((await redeem(same.token, codes[0]!)).status, 200);
    });

    it('lets an agent look a code up by its last four characters, in the trail', async () => {
      const { codes } = await batchOf(1);
      const last = codes[0]!.slice(-4);
      const found = await api.call('GET', `/staff/vouchers?last=${last.toLowerCase()}`, { token: agent });
      assert.equal(found.status, 200, JSON.stringify(found.body));
      assert.ok(
        found.body.some((v: { lastFour: string; redeemedAt: null }) => v.lastFour === last && v.redeemedAt === null),
      );
      const entries = await audit('voucher.lookup');
      assert.equal(entries.at(-1)!.after.last, last);
      assert.equal((await api.call('GET', '/staff/vouchers?last=AB', { token: agent })).status, 400);
    });

    it('pays with credit before the card: a customer without a card subscribes, renews from credit, then from a card', async () => {
      const { codes } = await batchOf(1, 'starton', '2026-06-30', 2);
      const amra = await customer('starton', 'EXPIRED');
      const subscribe = (token: string, plan = 'starton') =>
        api.call('POST', '/ontv/subscribe-with-voucher', { token, body: { plan } });
      const none = await subscribe(amra.token);
      assert.deepEqual([none.status, none.body.message], [409, VOUCHER_TEXTS.noCredit]);
      assert.equal((await redeem(amra.token, codes[0]!)).status, 200);
      const means = VOUCHER_TEXTS.means(codes[0]!.slice(-4));
      const subscribed = await subscribe(amra.token);
      assert.equal(subscribed.status, 200, JSON.stringify(subscribed.body));
      assert.deepEqual(subscribed.body, { status: 'ACTIVE', nextPaymentOn: '2026-04-01' });
      assert.equal((await subscribe(amra.token)).status, 409);
      const payments = async (token: string) =>
        (await api.call('GET', '/ontv-payments', { token })).body as Array<{
          orderNumber: string;
          creditCardNumber: string;
          amount: number;
        }>;
      const [first] = await payments(amra.token);
      assert.equal(first!.creditCardNumber, means);
      const invoice = await api.call('GET', `/ontv-payments/${first!.orderNumber}`, { token: amra.token });
      assert.equal(invoice.status, 200);
      assert.equal(invoice.body.creditCardNumber, means);
      assert.equal(invoice.body.means, `Vaučerom …${codes[0]!.slice(-4)}`, 'the invoice names the real means');
      const left = async (token: string) =>
        ((await api.call('GET', '/customer/payment-data', { token })).body.mbons as Array<{ monthsLeft: number }>)[0]!
          .monthsLeft;
      assert.equal(await left(amra.token), 1);

      // The next month comes from the credit; the one after from the card saved meanwhile.
      const bill = (day: string) => api.call('POST', '/dev/billing', { body: { at: `${day}T06:00:00Z` } });
      assert.equal((await bill('2026-04-01')).status, 200);
      api.clock.set(new Date('2026-04-01T07:00:00Z'));
      let token = await logIn(amra.email);
      const renewed = await payments(token);
      assert.equal(renewed.length, 2);
      assert.equal(renewed.filter((p) => p.creditCardNumber === means).length, 2);
      assert.equal(await left(token), 0);
      await saveTestCard(api.db, amra.id, 'succeed', true);
      assert.equal((await bill('2026-05-01')).status, 200);
      api.clock.set(new Date('2026-05-01T07:00:00Z'));
      token = await logIn(amra.email);
      const paid = await payments(token);
      assert.equal(paid.length, 3);
      assert.equal(paid.filter((p) => p.creditCardNumber === means).length, 2);
      assert.ok(paid.some((p) => p.creditCardNumber.endsWith('4242')));
      api.clock.set(new Date('2026-03-01T10:00:00Z'));
    });

    it('tells the account page when the card is charged once the credit is gone', async () => {
      const { codes } = await batchOf(2, 'starton', '2026-06-30', 2);
      const made = await testCustomer(api.db, { nextPaymentOn: '2026-03-31', plan: 'starton', card: 'succeed' });
      const token = await logIn(made.email);
      const until = async () => (await api.call('GET', '/ontv/accountInfo', { token })).body.creditUntil;
      assert.equal(await until(), null);
      assert.equal((await redeem(token, codes[0]!)).status, 200);
      assert.equal(await until(), '2026-05-30');
      assert.equal((await redeem(token, codes[1]!)).status, 200);
      // Month ends as the renewals count them, one after the other: 31 March, 30 April, 30 May, …
      assert.equal(await until(), '2026-07-30');
    });

    it('sells a gift by card once per key, sends its code to the person named and the invoice to the buyer', async () => {
      const buyer = await testCustomer(api.db, { nextPaymentOn: '2026-03-20', plan: 'maxon', card: 'succeed' });
      const token = await logIn(buyer.email);
      const [card] = (await api.call('GET', '/credit-card', { token })).body as Array<{ code: string }>;
      const price = (await api.ctx.store.prices.priceForOrder('starton', '2026-03-01'))!.price_fening;
      const friend = `prijatelj.${buyer.id}@example.ba`;
      const body = {
        plan: 'starton',
        months: 2,
        to: ` ${friend.toUpperCase()} `,
        message: 'Sretan rođendan!\u0007\n<b>Uživaj</b>\u202e',
        amount: (price * 2) / 100,
        creditCardId: card!.code,
      };
      const gift = (key: string, changes: Record<string, unknown> = {}) =>
        api.call('POST', '/customer/gifts', {
          token,
          body: { ...body, ...changes },
          headers: { 'idempotency-key': key },
        });
      const wrongTotal = await gift('gift-key-0001', { amount: price / 100 });
      assert.equal(wrongTotal.status, 409);
      const nobody = await gift('gift-key-0002', { to: 'nije adresa' });
      assert.deepEqual([nobody.status, nobody.body.message], [400, VOUCHER_TEXTS.gift.wrongRecipient]);

      // The same request twice (a double click, a retry): one order, one payment, charged once.
      const [first, second] = await Promise.all([gift('gift-key-0003'), gift('gift-key-0003')]);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(second.status, 200, JSON.stringify(second.body));
      assert.equal(second.body.orderNumber, first.body.orderNumber);
      assert.equal(second.body.paymentSecret, first.body.paymentSecret);
      assert.equal((await gift('gift-key-0003', { months: 3, amount: (price * 3) / 100 })).status, 422);
      assert.equal((await payOrder(api, first.body.paymentSecret)).body.status, 'succeeded');
      const paidAgain = await gift('gift-key-0003');
      assert.equal(paidAgain.status, 409);
      const [{ n }] = (await api.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM sandbox_intents WHERE kind = 'payment' AND status = 'succeeded' AND amount_fening = $1`,
        [price * 2],
      )) as [{ n: number }];
      assert.equal(n, 1);

      // The code reaches the friend with the giver's message as plain text, and redeems into their credit.
      const sent = (await api.call('GET', `/dev/outbox?to=${encodeURIComponent(friend)}`)).body as Array<{
        text: string;
        code: string;
        channel: string;
      }>;
      assert.equal(sent.length, 1);
      assert.equal(sent[0]!.channel, 'EMAIL');
      assert.match(sent[0]!.text, /Test ti poklanja 2 mjeseca paketa StartON/);
      assert.ok(sent[0]!.text.endsWith('Poruka: „Sretan rođendan! <b>Uživaj</b>“'), sent[0]!.text);
      assert.doesNotMatch(sent[0]!.text, /[\u0000-\u001f\u202e]/);
      const amra = await customer();
      const redeemed = await redeem(amra.token, sent[0]!.code);
      assert.equal(redeemed.status, 200, JSON.stringify(redeemed.body));
      assert.equal(redeemed.body.monthsLeft, 2);

      // The buyer has the receipt and the invoice of the whole gift.
      const receipt = (await api.call('GET', `/dev/outbox?to=${encodeURIComponent(buyer.email)}`)).body as Array<{
        text: string;
      }>;
      assert.ok(receipt.some((m) => m.text.includes(`Račun br. ${first.body.orderNumber}`)));
      const invoice = await api.call('GET', `/ontv-payments/${first.body.orderNumber}`, { token });
      assert.equal(invoice.status, 200);
      assert.equal(invoice.body.amount, (price * 2) / 100);
      assert.equal(invoice.body.paymentData.name, 'Poklon vaučer, paket StartON');
      assert.equal(invoice.body.creditCardNumber, '**** **** **** 4242');

      // Invoiced once, at the sale: the months the friend takes from it have no invoice of their own.
      const four = sent[0]!.code.slice(-4);
      const subscribed = await api.call('POST', '/ontv/subscribe-with-voucher', {
        token: amra.token,
        body: { plan: 'starton' },
      });
      assert.equal(subscribed.status, 200, JSON.stringify(subscribed.body));
      assert.equal((await api.call('POST', '/dev/billing', { body: { at: '2026-04-01T06:00:00Z' } })).status, 200);
      api.clock.set(new Date('2026-04-01T07:00:00Z'));
      const friendToken = await logIn(amra.email);
      const months = (await api.call('GET', '/ontv-payments', { token: friendToken })).body as Array<{
        orderNumber: string;
        giftVoucher?: string;
      }>;
      assert.deepEqual(
        months.map((m) => m.giftVoucher),
        [four, four],
      );
      for (const { orderNumber } of months) {
        for (const path of [`/ontv-payments/${orderNumber}`, `/ontv-payments/${orderNumber}/pdf`])
          assert.equal((await api.call('GET', path, { token: friendToken })).status, 404, path);
      }
      const told = (await api.call('GET', `/dev/outbox?to=${encodeURIComponent(amra.email)}`)).body as Array<{
        text: string;
      }>;
      const gifted = told.filter((m) => m.text.includes(`Plaćeno poklon vaučerom …${four}.`));
      assert.equal(gifted.length, 2, JSON.stringify(told));
      assert.ok(told.every((m) => !m.text.includes('Račun br.') && !m.text.includes('Naplaćeno')));
      api.clock.set(new Date('2026-03-01T10:00:00Z'));
    });

    it('sends a gift by SMS to a phone number in BiH, and to no other', async () => {
      const buyer = await testCustomer(api.db, { nextPaymentOn: '2026-03-20', plan: 'maxon', card: 'succeed' });
      const token = await logIn(buyer.email);
      const [card] = (await api.call('GET', '/credit-card', { token })).body as Array<{ code: string }>;
      const price = (await api.ctx.store.prices.priceForOrder('maxon', '2026-03-01'))!.price_fening;
      const body = { plan: 'maxon', months: 1, message: '', amount: price / 100, creditCardId: card!.code };
      const abroad = await api.call('POST', '/customer/gifts', { token, body: { ...body, to: '+44 7700 900123' } });
      assert.equal(abroad.status, 400);
      const phone = `061 ${String(buyer.id).padStart(3, '0').slice(-3)} 777`;
      const placed = await api.call('POST', '/customer/gifts', { token, body: { ...body, to: phone } });
      assert.equal(placed.status, 200, JSON.stringify(placed.body));
      assert.equal((await payOrder(api, placed.body.paymentSecret)).body.status, 'succeeded');
      const sent = (await api.call('GET', `/dev/outbox?to=${encodeURIComponent(phone)}`)).body as Array<{
        text: string;
        channel: string;
      }>;
      assert.deepEqual(
        sent.map((m) => m.channel),
        ['SMS'],
      );
      assert.match(sent[0]!.text, /1 mjesec paketa MaxON/);
      assert.doesNotMatch(sent[0]!.text, /Poruka/);
    });

    it(`redeems one code once when ${BURST} customers send it at once`, async () => {
      const { codes } = await batchOf(1);
      const customers = [];
      for (let i = 0; i < BURST; i++) customers.push(await customer());
      const answers = await Promise.all(customers.map((c, i) => redeem(c.token, codes[0]!, `10.9.0.${i + 1}`)));
      const ok = answers.filter((a) => a.status === 200);
      assert.equal(ok.length, 1, JSON.stringify(answers.map((a) => a.status)));
      assert.ok(answers.every((a) => a.status === 200 || a.body.message === VOUCHER_TEXTS.used));
      const [row] = await api.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM vouchers WHERE redeemed_at IS NOT NULL AND last_four = $1',
        [codes[0]!.slice(-4)],
      );
      assert.equal(row!.n, 1);
    });

    it(`lets one of ${BURST} redeeming statements at once have the code, whatever was read before`, async () => {
      const { batch } = await batchOf(1);
      const [voucher] = await api.db.query<{ id: number }>('SELECT id FROM vouchers WHERE batch_id = $1', [batch.id]);
      const customers = await Promise.all(Array.from({ length: 10 }, () => customer()));
      const at = api.clock.now();
      const won = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          api.ctx.store.transaction((tx) => tx.vouchers.redeem(voucher!.id, customers[i % 10]!.id, '2026-03-01', at)),
        ),
      );
      assert.equal(won.filter(Boolean).length, 1);
    });

    it(`limits ${BURST} guesses from one account, from any addresses`, async () => {
      const guesser = await customer();
      const answers = await Promise.all(Array.from({ length: BURST }, () => redeem(guesser.token, newVoucherCode())));
      const looked = answers.filter((a) => a.status === 400).length;
      assert.equal(looked, 10);
      assert.equal(answers.filter((a) => a.status === 429).length, BURST - 10);
      // The limit holds a right code too, until the hour is over.
      const { codes } = await batchOf(1);
      assert.equal((await redeem(guesser.token, codes[0]!)).status, 429);
      api.clock.advance(3600_000);
      try {
        assert.equal((await redeem(await logIn(guesser.email), codes[0]!)).status, 200);
      } finally {
        api.clock.advance(-3600_000);
      }
    });
  });
}
