/**
 * Message delivery (docs/messages.md) on each engine: e-mail to a local SMTP server, SMS to a local
 * gateway, retries while a server is down, and, on PostgreSQL, two API processes sharing one queue.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ParsedMail } from 'mailparser';
import { DEMO_CUSTOMER } from '../src/db/seed';
import { runBilling } from '../src/billing/job';
import { NOTICES } from '../src/texts/notices';
import { unseal } from '../src/auth/secrets';
import { smsSink, smtpSink, type ReceivedSms, type Sink } from '../../test/lib/sinks';
import { pdfText } from '../../test/lib/pdf';
import { device, engines, startApi } from './harness';

const FROM = 'ON TV <no-reply@ontv.ba>';
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
/** Whom a received e-mail was for. */
const isFor = (mail: ParsedMail, address: string) => [mail.to].flat().some((to) => to?.text.includes(address));

for (const engine of engines()) {
  describe(`message delivery on ${engine}`, () => {
    let api: Awaited<ReturnType<typeof startApi>>;
    let mail: Sink<ParsedMail>;
    let sms: Sink<ReceivedSms>;
    let gatewayDown = false;
    before(async () => {
      mail = await smtpSink();
      sms = await smsSink((message) => (message.text.includes('ODBIJ') ? 400 : gatewayDown ? 503 : 200));
      api = await startApi({
        engine,
        env: {
          SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
          MAIL_FROM: FROM,
          SMS_GATEWAY_URL: `http://127.0.0.1:${sms.port}/send`,
          SMS_GATEWAY_TOKEN: 'gateway-token-1',
          PUBLIC_URL: 'https://portal.ontv.ba',
          MESSAGE_RETRY_SECONDS: '30',
          MESSAGE_MAX_ATTEMPTS: '3',
          MESSAGE_POLL_SECONDS: '1',
          LOGIN_LIMIT_CLIENT: '1000',
        },
      });
    });
    after(async () => {
      await api?.close();
      await mail?.stop();
      await sms?.stop();
    });

    /** The customer's messages' delivery state; `done`: no try under way. */
    const status = async (to: string) =>
      await api.db.query<{ status: string; attempts: number; kind: string; done: boolean }>(
        'SELECT status, attempts, kind, locked_until IS NULL AS done FROM outbox WHERE to_address = $1 ORDER BY id',
        [to],
      );

    it('e-mails a registration code that works, with a plain-text and an HTML part, the logo embedded and the support contact', async () => {
      const email = 'nova.korisnica@example.ba';
      const started = await api.call('POST', '/start-registration', {
        body: { ...device, deviceType: 'PHONE', osType: 1, registrationType: 'EMAIL', username: email },
      });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const message = await mail.waitFor((m) => isFor(m, email), 'the code e-mail');
      assert.equal(message.subject, 'ON TV: aktivacioni kod');
      assert.deepEqual(
        message.from?.value.map((a) => [a.name, a.address]),
        [['ON TV', 'no-reply@ontv.ba']],
      );
      const code = codeIn(message.text ?? '');
      assert.match(code, /^\d{6}$/);
      assert.ok(message.html && message.html.includes(code) && message.html.includes('cid:logo@ontv.ba'));
      assert.ok(!/<img[^>]+src="https?:/.test(message.html), 'no remote images');
      assert.ok(
        message.attachments.some((a) => a.contentId === '<logo@ontv.ba>' || a.cid === 'logo@ontv.ba'),
        'the logo is inline',
      );
      assert.match(message.text ?? '', /Korisnička podrška: 033 000 000, podrska@ontv\.ba/);
      const approved = await api.call('POST', '/approve/mail', {
        body: { identificator: (started.body as { data: string }).data, mailCode: code },
      });
      assert.equal(approved.status, 200);
      assert.deepEqual(
        (await status(email)).map((m) => m.status),
        ['SENT'],
      );
    });

    it('texts a phone registration its code through the gateway, with the token, and the code works', async () => {
      const started = await api.call('POST', '/start-registration', {
        body: { ...device, deviceType: 'PHONE', osType: 1, registrationType: 'PHONE_NUMBER', username: '062111333' },
      });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const message = await sms.waitFor((m) => m.to === '38762111333', 'the code SMS');
      assert.equal(message.authorization, 'Bearer gateway-token-1');
      assert.match(message.id, /^outbox-\d+$/);
      const approved = await api.call('POST', '/approve/sms', {
        body: { identificator: (started.body as { data: string }).data, smsCode: codeIn(message.text) },
      });
      assert.equal(approved.status, 200);
    });

    it('sends a paid renewal its receipt with the invoice as a PDF holding the number, the amounts, VAT and the letters č ć đ š ž', async () => {
      // A name with every Bosnian letter the font must carry.
      await api.db.query(
        `UPDATE customers SET last_name = 'Begić-Đurđević Žužić Šarčević' WHERE email = 'aktivna@ontv.ba'`,
      );
      const report = await runBilling(api.ctx.billing, new Date('2026-03-21T06:00:00Z'));
      assert.ok(report.charged >= 1);
      const receipt = await mail.waitFor(
        (m) => isFor(m, 'aktivna@ontv.ba') && /račun/.test(m.subject ?? ''),
        'the receipt',
      );
      const orderNumber = /Račun br\. (\d{4}-\d{6})/.exec(receipt.text ?? '')?.[1];
      assert.ok(orderNumber, receipt.text);
      assert.match(receipt.text ?? '', /Pogledaj račun: https:\/\/portal\.ontv\.ba\/nalog\/racun\?no=/);
      const pdf = receipt.attachments.find((a) => a.contentType === 'application/pdf');
      assert.equal(pdf?.filename, `racun-${orderNumber}.pdf`);
      const text = pdfText(pdf!.content);
      for (const part of [
        `Račun br. ${orderNumber}`,
        'Emir Begić-Đurđević Žužić Šarčević',
        '24,90 KM',
        '21,28 KM',
        '3,62 KM',
        'PDV 17%',
        'Pretplata na paket MaxON',
        'Reklamacije',
        'podrska@ontv.ba',
      ]) {
        assert.ok(text.includes(part), `the PDF shows ${part}:\n${text}`);
      }

      // 'Preuzmi PDF': the same file for its own customer only.
      const pdfOf = async (username: string | null) => {
        const token = username
          ? (
              (await api.call('POST', '/login', { body: { username, password: DEMO_CUSTOMER.password, ...device } }))
                .body as { token: string }
            ).token
          : null;
        const response = await fetch(`${api.url}/api/ontv-payments/${orderNumber}/pdf`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        return {
          status: response.status,
          type: response.headers.get('content-type'),
          disposition: response.headers.get('content-disposition'),
          body: Buffer.from(await response.arrayBuffer()),
        };
      };
      const own = await pdfOf('aktivna@ontv.ba');
      assert.deepEqual(
        [own.status, own.type, own.disposition],
        [200, 'application/pdf', `attachment; filename="racun-${orderNumber}.pdf"`],
      );
      assert.ok(pdfText(own.body).includes(`Račun br. ${orderNumber}`));
      assert.equal((await pdfOf('demo@ontv.ba')).status, 404, "another customer's invoice is absent");
      assert.equal((await pdfOf(null)).status, 401);
    });

    it('keeps an e-mail while the SMTP server is down and delivers it once when it is back', async () => {
      await mail.stop();
      const to = 'aktivna@ontv.ba';
      const before = mail.received.length;
      await api.ctx.notifier.send({
        to,
        channel: 'EMAIL',
        ...NOTICES.reactivated({ plan: 'MaxON', next: '2026-04-21' }),
      });
      const waitForTry = async (attempts: number) => {
        for (let i = 0; i < 200; i += 1) {
          const [row] = (await status(to)).filter((m) => m.kind === 'REACTIVATED');
          if (row && row.attempts >= attempts && row.status === 'PENDING' && row.done) return row;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        assert.fail(`no try ${attempts}`);
      };
      await waitForTry(1);
      // The next try waits 30 s (MESSAGE_RETRY_SECONDS): the clock moves on, the server is still down.
      api.clock.advance(31_000);
      api.ctx.sender.wake();
      await waitForTry(2);
      await mail.start();
      api.clock.advance(61_000);
      api.ctx.sender.wake();
      await mail.waitFor((m) => m.subject === 'ON TV: pretplata je ponovo aktivna', 'the delayed e-mail');
      await new Promise((resolve) => setTimeout(resolve, 300));
      api.ctx.sender.wake();
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(
        mail.received.slice(before).filter((m) => m.subject === 'ON TV: pretplata je ponovo aktivna').length,
        1,
        'delivered once',
      );
      const [row] = (await status(to)).filter((m) => m.kind === 'REACTIVATED');
      assert.deepEqual([row?.status, row?.attempts], ['SENT', 3]);
    });

    it('gives up after the last try or at once on a refusal, and retries a gateway that answers 503', async () => {
      await api.ctx.notifier.send({ to: '38761999001', channel: 'SMS', ...NOTICES.expired({ plan: 'ODBIJ' }) });
      for (let i = 0; i < 100 && (await status('38761999001'))[0]?.status !== 'FAILED'; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(
        (await status('38761999001')).map((m) => [m.status, m.attempts]),
        [['FAILED', 1]],
        'a 400 is final',
      );

      gatewayDown = true;
      await api.ctx.notifier.send({ to: '38761999002', channel: 'SMS', ...NOTICES.expired({ plan: 'StartON' }) });
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        for (let i = 0; i < 100; i += 1) {
          const [row] = await status('38761999002');
          if (row && row.attempts === attempt && row.done) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        api.clock.advance(3_600_000);
        api.ctx.sender.wake();
      }
      for (let i = 0; i < 100 && (await status('38761999002'))[0]?.status !== 'FAILED'; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(
        (await status('38761999002')).map((m) => [m.status, m.attempts]),
        [['FAILED', 3]],
        'three tries (MESSAGE_MAX_ATTEMPTS), then given up',
      );
      gatewayDown = false;
    });

    it('never keeps a code or a text in clear', async () => {
      const rows = await api.db.query<{
        text_sealed: string;
        code_sealed: string | null;
        meta: unknown;
        last_error: string | null;
      }>('SELECT text_sealed, code_sealed, meta, last_error FROM outbox');
      assert.ok(rows.some((row) => row.code_sealed));
      for (const row of rows) {
        assert.ok(!row.text_sealed.includes('ON TV'), 'the text is sealed');
        if (!row.code_sealed) continue;
        const code = unseal(api.ctx.keys.sealing, row.code_sealed);
        for (const kept of [row.text_sealed, JSON.stringify(row.meta), row.last_error ?? ''])
          assert.ok(!kept.includes(code), 'no code in clear');
      }
    });
  });
}

// Two API processes on one PostgreSQL database share the queue: each of 200 messages is sent once.
if (process.env.TEST_DATABASE_URL) {
  describe('message delivery by two API processes on one PostgreSQL', () => {
    it('delivers each of 200 pending messages exactly once', async () => {
      const mail = await smtpSink();
      // One secret, as the processes of one deployment share it (it seals the messages).
      const env = {
        SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
        MAIL_FROM: FROM,
        MESSAGE_POLL_SECONDS: '1',
        JWT_SECRET: 'a-secret-the-two-processes-share-0123456789',
      };
      // The first process writes the messages before the second starts sending: both find a full queue.
      const first = await startApi({ engine: 'postgres', env });
      const second = await startApi({ engine: 'postgres', env, databaseUrl: first.databaseUrl, clock: first.clock });
      try {
        await first.ctx.store.transaction(async (tx) => {
          for (let i = 0; i < 200; i += 1)
            await first.ctx.notifier.send(
              { to: `kupac${i}@example.ba`, channel: 'EMAIL', ...NOTICES.expired({ plan: 'StartON' }) },
              tx,
            );
        });
        // Both claim at the same moments, batch after batch, as two busy processes would.
        for (let round = 0; round < 40; round += 1) {
          const claimed = await Promise.all([first.ctx.sender.runOnce(), second.ctx.sender.runOnce()]);
          if (claimed[0] + claimed[1] === 0) break;
        }
        for (let i = 0; i < 100 && mail.received.length < 200; i += 1)
          await new Promise((resolve) => setTimeout(resolve, 50));
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const ids = mail.received.map((m) => m.messageId);
        assert.equal(ids.length, 200, 'every message');
        assert.equal(new Set(ids).size, 200, 'none twice');
        const [sent] = await first.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM outbox WHERE status = 'SENT' AND to_address LIKE 'kupac%'`,
        );
        assert.equal(sent?.n, 200);
      } finally {
        await second.close();
        await first.close();
        await first.dropDatabase?.();
        await mail.stop();
      }
    });
  });
}
