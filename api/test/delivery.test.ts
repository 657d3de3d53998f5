/**
 * Message delivery (docs/messages.md) on each engine: e-mail to a local SMTP server, SMS to a local
 * gateway, retries while a server is down, mail that fails safe (TLS with credentials, the start
 * check, refusals the operator must fix kept queued: decision 037) and, on PostgreSQL, two API
 * processes sharing one queue.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { register } from 'prom-client';
import { DEMO_CUSTOMER } from '../src/db/seed';
import { runBilling } from '../src/money/billing/job';
import { NOTICES } from '../src/texts/notices';
import { unseal } from '../src/auth/secrets';
import { smsSink, smtpSink, type ReceivedSms, type Sink } from '../../test/lib/sinks';
import { pdfText } from '../../test/lib/pdf';
import { NO_SANDBOX_PROCESSOR, device, engines, startApi, testSender } from './harness';
import { DeliveryError, checkSmtp, smsGateway, smtpTransport } from '../src/delivery/transports';

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
        'Način plaćanja: Karticom Visa …4242',
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
      // One signing secret and one sealing key, as the processes of one deployment share them (the key seals the messages).
      const env = {
        SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
        MAIL_FROM: FROM,
        MESSAGE_POLL_SECONDS: '1',
        JWT_SECRET: 'a-secret-the-two-processes-share-0123456789',
        SEALING_KEYS: NO_SANDBOX_PROCESSOR.SEALING_KEYS,
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

/** The right login of the mail servers below; a test's SMTP_URL carries it or a wrong one. */
const USER = 'ontv';
const PASSWORD = 'right-pass-4711';
const WRONG = 'wrong-pass-0815';
/** SMTP_URL for a server below: the servers' certificate is smtp-server's own, self-signed, so not checked here. */
const smtpUrl = (port: number, password: string | null) =>
  `smtp://${password ? `${USER}:${password}@` : ''}127.0.0.1:${port}/?tls.rejectUnauthorized=false`;

/**
 * A mail server that takes a login (USER, PASSWORD) or mail without one, with STARTTLS or without. It
 * lets a client log in in plain text (`allowInsecureAuth`), so a test sees a client that would: each
 * AUTH it receives is recorded with whether it came over TLS. `refuse` answers a recipient with a reply.
 */
async function loginSmtp(starttls: boolean, refuse: Record<string, string> = {}) {
  const auths: Array<{ username: string; secure: boolean }> = [];
  const received: string[] = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: starttls ? [] : ['STARTTLS'],
    logger: false,
    onAuth(auth, session, callback) {
      auths.push({ username: auth.username ?? '', secure: session.secure });
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const reply = refuse[address.address];
      if (!reply) return callback();
      callback(Object.assign(new Error(reply.slice(4)), { responseCode: Number(reply.slice(0, 3)) }));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((to) => to.address));
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
  );
  return { port, auths, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const aMail = (to: string) => ({
  to,
  subject: 'ON TV',
  text: 'Tekst',
  html: '<p>Tekst</p>',
  attachments: [],
  messageId: '<test@ontv.portal>',
});

/** What `ontv_message_deliveries_blocked_total` has counted for this channel and reason. */
async function blockedCount(channel: string, reason: string): Promise<number> {
  const metric = await register.getSingleMetric('ontv_message_deliveries_blocked_total')?.get();
  return metric?.values.find((v) => v.labels.channel === channel && v.labels.reason === reason)?.value ?? 0;
}

describe('mail that fails safe: TLS with credentials and the start check', () => {
  it('refuses to start, and never sends AUTH in plain text, when SMTP_URL has a password and the server offers no STARTTLS', async () => {
    const server = await loginSmtp(false);
    try {
      const check = await checkSmtp(smtpUrl(server.port, PASSWORD), 3_000);
      assert.deepEqual(check, {
        ok: false,
        refuse: true,
        line: `SMTP_URL: the server 127.0.0.1:${server.port} offers no STARTTLS and SMTP_URL carries a password, which must never go in plain text: use a server with TLS (smtps:// or STARTTLS), or a local relay without a user and password`,
      });
      const transport = smtpTransport(smtpUrl(server.port, PASSWORD), FROM);
      await assert.rejects(
        transport.send(aMail('kupac@example.ba')),
        (error) =>
          error instanceof DeliveryError &&
          error.kind === 'operator' &&
          error.blocked === 'tls' &&
          !error.message.includes(PASSWORD),
      );
      transport.close();
      assert.deepEqual(server.auths, [], 'no AUTH in plain text');
      assert.deepEqual(server.received, []);

      // A local relay without credentials and without TLS keeps working.
      assert.deepEqual(await checkSmtp(smtpUrl(server.port, null), 3_000), { ok: true });
      const relay = smtpTransport(smtpUrl(server.port, null), FROM);
      await relay.send(aMail('kupac@example.ba'));
      relay.close();
      assert.deepEqual(server.received, ['kupac@example.ba']);
    } finally {
      await server.stop();
    }
  });

  it('refuses to start on a wrong password in one line naming SMTP_URL and not the password; logs in over TLS; an unreachable server only warns', async () => {
    const server = await loginSmtp(true);
    try {
      const wrong = await checkSmtp(smtpUrl(server.port, WRONG), 3_000);
      assert.ok(!wrong.ok && wrong.refuse, JSON.stringify(wrong));
      assert.match(
        wrong.line,
        /^SMTP_URL: the server 127\.0\.0\.1:\d+ refused the user and password \(535 5\.7\.8 Authentication credentials invalid\); fix SMTP_URL$/,
      );
      assert.ok(!wrong.line.includes(WRONG) && !wrong.line.includes('\n'));
      assert.deepEqual(await checkSmtp(smtpUrl(server.port, PASSWORD), 3_000), { ok: true });
      assert.deepEqual(
        server.auths.map((auth) => auth.secure),
        [true, true],
        'each login over TLS',
      );
    } finally {
      await server.stop();
    }
    const down = await checkSmtp(smtpUrl(server.port, PASSWORD), 3_000);
    assert.ok(!down.ok && !down.refuse, JSON.stringify(down));
    assert.match(
      down.line,
      /^SMTP_URL: the server 127\.0\.0\.1:\d+ could not be checked at start \(.+\); starting anyway, e-mails wait in the outbox and are retried$/,
    );
  });
});

for (const engine of engines()) {
  describe(`mail that fails safe on ${engine}: refusals the operator must fix stay queued`, () => {
    let api: Awaited<ReturnType<typeof startApi>>;
    let server: Awaited<ReturnType<typeof loginSmtp>>;
    let sms: Sink<ReceivedSms>;
    let drop: (() => Promise<void>) | undefined;
    const lines: Array<{ line: string; level: string }> = [];
    const env = (password: string) => ({
      SMTP_URL: smtpUrl(server.port, password),
      MAIL_FROM: FROM,
      SMS_GATEWAY_URL: `http://127.0.0.1:${sms.port}/send`,
      SMS_GATEWAY_TOKEN: 'wrong-token-99',
      MESSAGE_RETRY_SECONDS: '30',
      MESSAGE_MAX_ATTEMPTS: '2',
      MESSAGE_POLL_SECONDS: '1',
    });
    /**
     * A sender like the API's, whose log lines the test reads, on `password`; the API's own sender is
     * stopped so this one alone delivers.
     */
    const sender = (password: string) =>
      testSender(api, {
        log: (line, level = 'info') => lines.push({ line, level }),
        email: smtpTransport(smtpUrl(server.port, password), FROM),
        sms: smsGateway(`http://127.0.0.1:${sms.port}/send`, 'wrong-token-99'),
        maxAttempts: 2,
      });
    const row = async (to: string) =>
      (
        await api.db.query<{ status: string; attempts: number; blocked_tries: number; last_error: string | null }>(
          'SELECT status, attempts, blocked_tries, last_error FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
          [to],
        )
      )[0];
    before(async () => {
      server = await loginSmtp(true, {
        'nema.takvog@example.ba': '550 5.1.1 No such user',
        'drugi@example.org': '554 5.7.1 Relay access denied',
      });
      sms = await smsSink((message) => (message.authorization === 'Bearer wrong-token-99' ? 401 : 200));
      api = await startApi({ engine, env: env(WRONG) });
      drop = api.dropDatabase;
      await api.ctx.sender.stop();
    });
    after(async () => {
      await api?.close();
      await drop?.();
      await server?.stop();
      await sms?.stop();
    });

    it('fails a recipient the server does not know (550 5.1.1) for good, and holds one a relay refuses (554 5.7.1)', async () => {
      const relayBefore = await blockedCount('EMAIL', 'relay');
      await api.ctx.notifier.send({
        to: 'nema.takvog@example.ba',
        channel: 'EMAIL',
        ...NOTICES.expired({ plan: 'StartON' }),
      });
      await api.ctx.notifier.send({
        to: 'drugi@example.org',
        channel: 'EMAIL',
        ...NOTICES.expired({ plan: 'StartON' }),
      });
      const right = sender(PASSWORD);
      await right.runOnce();
      await right.stop();
      const unknown = await row('nema.takvog@example.ba');
      assert.deepEqual([unknown?.status, unknown?.attempts], ['FAILED', 1], 'a refused recipient is final');
      const relayed = await row('drugi@example.org');
      assert.deepEqual([relayed?.status, relayed?.attempts, relayed?.blocked_tries], ['PENDING', 0, 1]);
      assert.equal(await blockedCount('EMAIL', 'relay'), relayBefore + 1);
      assert.ok(
        lines.some((l) => l.level === 'warn' && /EXPIRED EMAIL .* held \(relay; not counted/.test(l.line)),
        JSON.stringify(lines),
      );
    });

    it('holds an SMS the gateway refuses with 401 (a wrong SMS_GATEWAY_TOKEN), without the token in the log', async () => {
      const before = await blockedCount('SMS', 'authentication');
      await api.ctx.notifier.send({ to: '38761999077', channel: 'SMS', ...NOTICES.expired({ plan: 'StartON' }) });
      lines.length = 0;
      const held = sender(PASSWORD);
      await held.runOnce();
      await held.stop();
      const sms401 = await row('38761999077');
      assert.deepEqual([sms401?.status, sms401?.attempts, sms401?.blocked_tries], ['PENDING', 0, 1]);
      assert.equal(await blockedCount('SMS', 'authentication'), before + 1);
      const warned = lines.filter((l) => l.level === 'warn');
      assert.equal(warned.length, 1);
      assert.match(warned[0]!.line, /refused SMS_GATEWAY_TOKEN; fix SMS_GATEWAY_TOKEN and restart/);
      assert.ok(!lines.some((l) => l.line.includes('wrong-token-99')));
    });

    it('keeps an e-mail a wrong password refused PENDING past MESSAGE_MAX_ATTEMPTS, counted, and delivers it after the fix and a restart', async () => {
      const before = await blockedCount('EMAIL', 'authentication');
      const to = 'aktivna@ontv.ba';
      await api.ctx.notifier.send({
        to,
        channel: 'EMAIL',
        ...NOTICES.reactivated({ plan: 'MaxON', next: '2026-04-21' }),
      });
      lines.length = 0;
      const wrong = sender(WRONG);
      // Twice MESSAGE_MAX_ATTEMPTS tries, each after its back-off: none counts.
      for (let i = 0; i < 4; i += 1) {
        if (i > 0) api.clock.advance(3_600_000);
        assert.ok((await wrong.runOnce()) >= 1, `try ${i + 1} claimed the message`);
      }
      await wrong.stop();
      const held = await row(to);
      assert.deepEqual([held?.status, held?.attempts, held?.blocked_tries], ['PENDING', 0, 4]);
      assert.match(
        held?.last_error ?? '',
        /refused the user and password of SMTP_URL; fix SMTP_URL and restart \(535 /,
      );
      assert.ok(!held?.last_error?.includes(WRONG));
      assert.ok((await blockedCount('EMAIL', 'authentication')) >= before + 4);
      const warned = lines.filter((l) => l.level === 'warn' && l.line.startsWith('REACTIVATED EMAIL'));
      assert.equal(warned.length, 4, 'one warning per try');
      assert.ok(warned.every((l) => /held \(authentication; not counted as a try/.test(l.line)));
      assert.ok(!lines.some((l) => l.line.includes(WRONG)));
      assert.equal(server.received.filter((address) => address === to).length, 0);

      // The operator fixes SMTP_URL and restarts: the held message is due at once, without the clock moving.
      const { dataDir, databaseUrl, clock } = api;
      await api.close();
      api = await startApi({ engine, env: env(PASSWORD), dataDir, databaseUrl, clock });
      for (let i = 0; i < 200 && (await row(to))?.status !== 'SENT'; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const sent = await row(to);
      assert.deepEqual([sent?.status, sent?.attempts], ['SENT', 1]);
      assert.equal(server.received.filter((address) => address === to).length, 1);
    });
  });
}
