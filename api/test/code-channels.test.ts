/**
 * Codes go only where they can be delivered (docs/messages.md, the delivery states): outside the sandbox
 * a code for a channel without a transport (SMS without SMS_GATEWAY_URL, e-mail without SMTP_URL) is
 * refused before anything is written, instead of waiting in the outbox for ever. The sandbox keeps
 * every code (its outbox view shows them). On each engine.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ParsedMail } from 'mailparser';
import { smsSink, smtpSink, type ReceivedSms, type Sink } from '../../test/lib/sinks';
import { createVerification, resendCode } from '../src/onboarding/codes';
import { DEMO_CUSTOMERS } from '../src/db/seed';
import { loadConfig } from '../src/config';
import { missingChannelWarning } from '../src/delivery/channels';
import { NO_SANDBOX_PROCESSOR, device, engines, staffToken, startApi, type Answer, type StartedApi } from './harness';

const FROM = 'ON TV <no-reply@ontv.ba>';
const NO_SANDBOX = { SANDBOX: '0', ...NO_SANDBOX_PROCESSOR, MESSAGE_POLL_SECONDS: '1' };
const SMS_REFUSED = /^Slanje SMS poruka trenutno nije moguće\. .*e-mail adres/;
const EMAIL_REFUSED = /^Slanje e-pošte trenutno nije moguće\. .*broj.* telefona/;
/** A demo customer, with a phone number and an e-mail address. */
const CUSTOMER = DEMO_CUSTOMERS[1]!;

const startRegistration = (api: StartedApi, registrationType: 'PHONE_NUMBER' | 'EMAIL', username: string) =>
  api.call('POST', '/start-registration', {
    body: { ...device, deviceType: 'PHONE', osType: 1, registrationType, username },
  });
const checkUsername = (api: StartedApi, username: string) =>
  api.call('POST', '/forgot-password/check-username', { body: { username, osType: 1 } });

/** Everything a code request could write: customers, verifications and their codes, messages, limits spent. */
async function written(api: StartedApi): Promise<Record<string, unknown>> {
  const [row] = await api.db.query<Record<string, unknown>>(
    `SELECT (SELECT count(*)::int FROM customers) AS customers,
            (SELECT count(*)::int FROM verifications) AS verifications,
            (SELECT string_agg(code_hash || ':' || resends, ',' ORDER BY id) FROM verifications) AS codes,
            (SELECT count(*)::int FROM outbox) AS outbox,
            (SELECT count(*)::int FROM code_destinations) AS destinations,
            (SELECT coalesce(sum(hits), 0)::int FROM rate_limits) AS limits`,
  );
  return row!;
}

/** `call` is refused with `code` and the message, and writes nothing. */
async function assertRefused(api: StartedApi, call: () => Promise<Answer>, code: string, message: RegExp) {
  const before = await written(api);
  const answer = await call();
  assert.equal(answer.status, 409, JSON.stringify(answer.body));
  assert.equal(answer.body.code, code);
  assert.match(String(answer.body.message), message);
  assert.deepEqual(await written(api), before, 'nothing written');
}

/** A verification waiting for its code, as one started before the transport was taken away would. */
async function openReset(api: StartedApi, registrationType: 'PHONE_NUMBER' | 'EMAIL', username: string) {
  const customer = await api.ctx.store.customers.byUsername(username);
  const fields = { purpose: 'PASSWORD_RESET' as const, registrationType, username, customerId: customer!.id };
  return createVerification(api.ctx, fields);
}

for (const engine of engines()) {
  describe(`codes outside the sandbox with SMTP and no SMS gateway on ${engine}`, () => {
    let api: StartedApi;
    let mail: Sink<ParsedMail>;
    before(async () => {
      mail = await smtpSink();
      api = await startApi({
        engine,
        env: { ...NO_SANDBOX, SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: FROM },
      });
    });
    after(async () => {
      await api?.close();
      await mail?.stop();
    });

    it('refuses a registration by phone number, and writes nothing', async () => {
      await assertRefused(
        api,
        () => startRegistration(api, 'PHONE_NUMBER', '062 345 678'),
        'SMS_UNAVAILABLE',
        SMS_REFUSED,
      );
      assert.equal(await api.ctx.store.customers.byUsername('38762345678'), null);
    });

    it('refuses a forgotten password by phone number, and a new code by SMS', async () => {
      await assertRefused(api, () => checkUsername(api, CUSTOMER.phoneNumber), 'SMS_UNAVAILABLE', SMS_REFUSED);
      const { id } = await openReset(api, 'PHONE_NUMBER', CUSTOMER.phoneNumber);
      const resend = () =>
        api.call('POST', '/forgot-password/resend-code', {
          body: { identificator: id, registrationType: 'PHONE_NUMBER', osType: 1 },
        });
      await assertRefused(api, resend, 'SMS_UNAVAILABLE', SMS_REFUSED);
      // The support console's resend goes the same way.
      const before = await written(api);
      await assert.rejects(resendCode(api.ctx, id, 'PASSWORD_RESET'), { code: 'SMS_UNAVAILABLE' });
      assert.deepEqual(await written(api), before);
    });

    it("tells the support console, in its words, that the reset's code cannot go by SMS, and writes nothing", async () => {
      const token = await staffToken(api, 'agent.kanali@ontv.ba', 'agent');
      const customer = (await api.ctx.store.customers.byUsername(CUSTOMER.phoneNumber))!;
      await openReset(api, 'PHONE_NUMBER', CUSTOMER.phoneNumber);
      const audited = async () => (await api.ctx.store.audit.list({ customerId: customer.id, limit: 100 })).length;
      const [before, trail] = [await written(api), await audited()];
      const answer = await api.call('POST', `/staff/customers/${customer.id}/resend-code`, { token });
      assert.equal(answer.status, 409, JSON.stringify(answer.body));
      assert.equal(answer.body.code, 'SMS_UNAVAILABLE');
      assert.match(String(answer.body.message), /^Server nema podešeno slanje SMS poruka \(SMS_GATEWAY_URL\)/);
      assert.deepEqual(await written(api), before, 'nothing written');
      assert.equal(await audited(), trail, 'no resend in the trail');
    });

    it('sends a code by e-mail', async () => {
      const started = await startRegistration(api, 'EMAIL', 'novi.kupac@example.ba');
      assert.equal(started.status, 200, JSON.stringify(started.body));
      await mail.waitFor((m) => m.text?.includes('aktivacioni kod') ?? false, 'the activation code');
      assert.equal((await checkUsername(api, CUSTOMER.email)).status, 200);
    });
  });

  describe(`codes outside the sandbox with an SMS gateway and no SMTP on ${engine}`, () => {
    let api: StartedApi;
    let sms: Sink<ReceivedSms>;
    before(async () => {
      sms = await smsSink();
      api = await startApi({ engine, env: { ...NO_SANDBOX, SMS_GATEWAY_URL: `http://127.0.0.1:${sms.port}/send` } });
    });
    after(async () => {
      await api?.close();
      await sms?.stop();
    });

    it('refuses codes by e-mail, and writes nothing', async () => {
      await assertRefused(
        api,
        () => startRegistration(api, 'EMAIL', 'novi.kupac@example.ba'),
        'EMAIL_UNAVAILABLE',
        EMAIL_REFUSED,
      );
      await assertRefused(api, () => checkUsername(api, CUSTOMER.email), 'EMAIL_UNAVAILABLE', EMAIL_REFUSED);
      const { id } = await openReset(api, 'EMAIL', CUSTOMER.email);
      const resend = () =>
        api.call('POST', '/forgot-password/resend-code', {
          body: { identificator: id, registrationType: 'EMAIL', osType: 1 },
        });
      await assertRefused(api, resend, 'EMAIL_UNAVAILABLE', EMAIL_REFUSED);
    });

    it('sends a code by SMS', async () => {
      const started = await startRegistration(api, 'PHONE_NUMBER', '062 345 679');
      assert.equal(started.status, 200, JSON.stringify(started.body));
      await sms.waitFor((m) => m.to === '38762345679', 'the activation code');
    });
  });

  describe(`codes in the sandbox without any transport on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine });
    });
    after(async () => api?.close());

    it('keeps accepting both, each readable in the outbox view', async () => {
      for (const [type, username, to] of [
        ['PHONE_NUMBER', '062 345 670', '38762345670'],
        ['EMAIL', 'probni.kupac@example.ba', 'probni.kupac@example.ba'],
      ] as const) {
        assert.equal((await startRegistration(api, type, username)).status, 200);
        const [message] = (await api.call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`)).body as Array<{
          code: string | null;
        }>;
        assert.match(message?.code ?? '', /^\d{6}$/);
      }
      assert.equal((await checkUsername(api, CUSTOMER.phoneNumber)).status, 200);
    });
  });
}

describe('the start with one channel', () => {
  const base = { ...NO_SANDBOX };
  const smtp = { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: FROM };
  const gateway = { SMS_GATEWAY_URL: 'http://127.0.0.1:9/send' };

  it('warns that the other channel has no transport, outside the sandbox only', () => {
    assert.match(missingChannelWarning(loadConfig({ ...base, ...smtp })) ?? '', /^SMS_GATEWAY_URL is not set: /);
    assert.match(missingChannelWarning(loadConfig({ ...base, ...gateway })) ?? '', /^SMTP_URL is not set: /);
    assert.equal(missingChannelWarning(loadConfig({ ...base, ...smtp, ...gateway })), null);
    assert.equal(missingChannelWarning(loadConfig({ SANDBOX: '1', ...smtp })), null);
  });
});
