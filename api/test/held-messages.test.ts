/**
 * Messages HELD because their channel had no transport (docs/messages.md, "Held messages"): outside the
 * sandbox the first start with the transport sends each once, by the sender that sends the PENDING ones,
 * and never a code that has expired meanwhile; a sandbox keeps its own. On each engine, and on
 * PostgreSQL with two processes starting at once.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ParsedMail } from 'mailparser';
import { smsSink, smtpSink, type ReceivedSms, type Sink } from '../../test/lib/sinks';
import { NOTICES } from '../src/texts/notices';
import { OutboxNotifier } from '../src/delivery/notifier';
import { smtpTransport } from '../src/delivery/transports';
import { NO_SANDBOX_PROCESSOR, engines, startApi, testSender, type Engine, type StartedApi } from './harness';

const FROM = 'ON TV <no-reply@ontv.ba>';
const NO_SANDBOX = { SANDBOX: '0', ...NO_SANDBOX_PROCESSOR, MESSAGE_POLL_SECONDS: '1' };
const DAY_MS = 86_400_000;

type Started = Awaited<ReturnType<typeof startApi>>;

/** The messages to `to`: status and error, oldest first. */
const rows = (api: StartedApi, to: string) =>
  api.db.query<{ status: string; last_error: string | null }>(
    'SELECT status, last_error FROM outbox WHERE to_address = $1 ORDER BY id',
    [to],
  );

const mailsTo = (mail: Sink<ParsedMail>, address: string) =>
  mail.received.filter((m) => [m.to].flat().some((to) => to?.text.includes(address)));

/** Time for a sender that would send a message twice, or late, to do it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

for (const engine of engines()) {
  describe(`messages held without a transport outside the sandbox on ${engine}`, () => {
    let api: Started;
    let mail: Sink<ParsedMail>;
    let sms: Sink<ReceivedSms>;
    const env = () => ({ ...NO_SANDBOX, SMS_GATEWAY_URL: `http://127.0.0.1:${sms.port}/send` });
    const withSmtp = () => ({ ...env(), SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: FROM });
    const restart = async (settings: Record<string, string>) => {
      const { dataDir, databaseUrl, clock, dropDatabase } = api;
      await api.close();
      api = { ...(await startApi({ engine, env: settings, dataDir, databaseUrl, clock })), dropDatabase };
    };
    before(async () => {
      mail = await smtpSink();
      sms = await smsSink();
      api = await startApi({ engine, env: env() });
    });
    after(async () => {
      await api?.close();
      await api?.dropDatabase?.();
      await mail?.stop();
      await sms?.stop();
    });

    it('sends them once when a start has the transport, and not a code that expired meanwhile', async () => {
      const send = (to: string, notice: ReturnType<typeof NOTICES.expired>) =>
        api.ctx.notifier.send({ to, channel: 'EMAIL', ...notice });
      await send('cekala@example.ba', NOTICES.reactivated({ plan: 'MaxON', next: '2026-04-21' }));
      await send('stari.kod@example.ba', NOTICES.code('REGISTRATION', '123456'));
      // Three weeks without SMTP_URL; a code written a minute before the start with it is still valid.
      api.clock.advance(21 * DAY_MS);
      await send('novi.kod@example.ba', NOTICES.code('PASSWORD_RESET', '654321'));
      api.clock.advance(60_000);
      for (const to of ['cekala@example.ba', 'stari.kod@example.ba', 'novi.kod@example.ba'])
        assert.deepEqual(
          (await rows(api, to)).map((r) => r.status),
          ['HELD'],
          to,
        );

      await restart(withSmtp());
      await mail.waitFor((m) => m.subject === 'ON TV: pretplata je ponovo aktivna', 'the held notice');
      await mail.waitFor((m) => m.text?.includes('654321') ?? false, 'the valid code');
      await settle();
      assert.equal(mailsTo(mail, 'cekala@example.ba').length, 1);
      assert.equal(mailsTo(mail, 'novi.kod@example.ba').length, 1);
      assert.equal(mailsTo(mail, 'stari.kod@example.ba').length, 0, 'an expired code is not sent');
      const [lapsed] = await rows(api, 'stari.kod@example.ba');
      assert.equal(lapsed?.status, 'FAILED');
      assert.match(lapsed?.last_error ?? '', /expired; not sent/);
      assert.deepEqual(
        (await rows(api, 'cekala@example.ba')).map((r) => r.status),
        ['SENT'],
      );

      // Another start sends nothing again.
      await restart(withSmtp());
      await settle();
      assert.equal(mail.received.length, 2);
      assert.deepEqual(
        (await rows(api, 'stari.kod@example.ba')).map((r) => r.status),
        ['FAILED'],
      );
    });
  });

  describe(`messages held in the sandbox on ${engine}`, () => {
    it('stay in its outbox view, never sent, after a start with a transport', async () => {
      const mail = await smtpSink();
      let api: Started = await startApi({ engine });
      try {
        await api.ctx.notifier.send({
          to: 'demo.kupac@example.ba',
          channel: 'EMAIL',
          ...NOTICES.reactivated({ plan: 'MaxON', next: '2026-04-21' }),
        });
        const { dataDir, databaseUrl, clock, dropDatabase } = api;
        await api.close();
        const env = { SANDBOX: '1', SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: FROM };
        api = { ...(await startApi({ engine, env, dataDir, databaseUrl, clock })), dropDatabase };
        await settle();
        assert.equal(mail.received.length, 0);
        assert.deepEqual(
          (await rows(api, 'demo.kupac@example.ba')).map((r) => r.status),
          ['HELD'],
        );
        const view = await api.call('GET', `/dev/outbox?to=${encodeURIComponent('demo.kupac@example.ba')}`);
        assert.equal((view.body as unknown[]).length, 1);
      } finally {
        await api.close();
        await api.dropDatabase?.();
        await mail.stop();
      }
    });
  });
}

/** A sender like the API's, by SMTP to `port`, logging into `lines`. */
const senderOf = (api: StartedApi, port: number, lines: string[]) =>
  testSender(api, {
    log: (line) => lines.push(line),
    email: smtpTransport(`smtp://127.0.0.1:${port}`, FROM),
    sms: null,
  });

if (engines().includes('postgres' as Engine)) {
  describe('messages held without a transport, two processes starting at once on one PostgreSQL', () => {
    it('sends each of 100 once', async () => {
      const mail = await smtpSink();
      const env = { ...NO_SANDBOX, SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: FROM };
      const first = await startApi({ engine: 'postgres', env });
      const second = await startApi({ engine: 'postgres', env, databaseUrl: first.databaseUrl, clock: first.clock });
      const lines: string[] = [];
      const senders = [first, second].map((api) => senderOf(api, mail.port, lines));
      try {
        // The processes' own senders are stopped: the two below start together, after the messages are held.
        await Promise.all([first.ctx.sender.stop(), second.ctx.sender.stop()]);
        // As a server without SMTP_URL writes them: no deliverable channel, so HELD.
        const withoutSmtp = new OutboxNotifier(first.ctx.store, first.ctx.keys, first.clock.now, () => undefined);
        await first.ctx.store.transaction(async (tx) => {
          for (let i = 0; i < 100; i += 1)
            await withoutSmtp.send(
              { to: `cekao${i}@example.ba`, channel: 'EMAIL', ...NOTICES.expired({ plan: 'StartON' }) },
              tx,
            );
        });
        for (const sender of senders) sender.start(1);
        for (let i = 0; i < 200 && mail.received.length < 100; i += 1)
          await new Promise((resolve) => setTimeout(resolve, 50));
        await settle();
        const ids = mail.received.map((m) => m.messageId);
        assert.equal(ids.length, 100, 'every message');
        assert.equal(new Set(ids).size, 100, 'none twice');
        const released = lines.map((l) =>
          Number(/(\d+) messages kept for want of a transport go out now/.exec(l)?.[1] ?? 0),
        );
        assert.equal(
          released.reduce((a, b) => a + b, 0),
          100,
          'each released once',
        );
        const [sent] = await first.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM outbox WHERE status = 'SENT' AND to_address LIKE 'cekao%'`,
        );
        assert.equal(sent?.n, 100);
      } finally {
        await Promise.all(senders.map((sender) => sender.stop()));
        await second.close();
        await first.close();
        await first.dropDatabase?.();
        await mail.stop();
      }
    });
  });
}
