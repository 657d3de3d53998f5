import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_CUSTOMER } from '../src/db/seed';
import { CODE_TTL_MINUTES } from '../src/onboarding/codes';
import {
  NO_SANDBOX_PROCESSOR,
  completeRegistration,
  countRows,
  device,
  engines,
  startApi,
  type StartedApi,
} from './harness';

const registrationDevice = { ...device, deviceType: 'PHONE', osType: 1 };
const WRONG = 'Unijeli ste neispravan aktivacioni kod.';

for (const engine of engines()) {
  describe(`registration and password reset on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine, env: { LOGIN_LIMIT_CLIENT: '1000', LOGIN_LIMIT_ACCOUNT: '1000' } });
    });
    after(async () => {
      await api?.close();
    });

    const outbox = async (to: string) =>
      (await api.call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`)).body as Array<{
        to: string;
        channel: string;
        text: string;
        code: string | null;
        time: string;
      }>;
    const lastCode = async (to: string) => (await outbox(to))[0]?.code ?? '';
    const start = (username: string, registrationType = 'PHONE_NUMBER') =>
      api.call('POST', '/start-registration', { body: { ...registrationDevice, registrationType, username } });
    const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    async function register(username: string, registrationType: 'PHONE_NUMBER' | 'EMAIL', to: string) {
      const started = await start(username, registrationType);
      assert.equal(started.status, 200);
      const identificator = started.body.data as string;
      const code = await lastCode(to);
      assert.match(code, /^\d{6}$/);
      const approve =
        registrationType === 'PHONE_NUMBER'
          ? { path: '/approve/sms', body: { identificator, smsCode: code } }
          : { path: '/approve/mail', body: { identificator, mailCode: code } };
      assert.equal((await api.call('POST', approve.path, { body: approve.body })).status, 200);
      return { identificator, pin: await completeRegistration(api, registrationType, identificator) };
    }

    it('registers by phone: code by SMS, PIN from finish, then the new customer logs in', async () => {
      const { pin } = await register('062 345 678', 'PHONE_NUMBER', '38762345678');
      assert.match(pin, /^\d{4}$/);
      const [message] = await outbox('062345678');
      assert.equal(message?.channel, 'SMS');
      assert.match(message!.text, /aktivacioni kod je \d{6}/);
      const login = await api.call('POST', '/login', {
        body: { username: '062345678', password: 'Novi1234!', ...device },
      });
      assert.equal(login.status, 200);
      assert.equal(login.body.pin, pin);
    });

    it('registers by e-mail', async () => {
      const { pin } = await register('Nedim.H@Example.ba', 'EMAIL', 'nedim.h@example.ba');
      assert.match(pin, /^\d{4}$/);
      assert.equal((await outbox('nedim.h@example.ba'))[0]?.channel, 'EMAIL');
      assert.equal(
        (
          await api.call('POST', '/login', {
            body: { username: 'nedim.h@example.ba', password: 'Novi1234!', ...device },
          })
        ).status,
        200,
      );
    });

    it('refuses an existing phone or e-mail with a clear message, storing nothing', async () => {
      const before = await countRows(api.db, 'verifications');
      const phone = await start('061 000 001');
      assert.equal(phone.status, 409);
      assert.match(phone.body.message, /brojem telefona već postoji/);
      const mail = await start(DEMO_CUSTOMER.email, 'EMAIL');
      assert.equal(mail.status, 409);
      assert.match(mail.body.message, /e-mail adresom već postoji/);
      assert.equal(await countRows(api.db, 'verifications'), before);
    });

    it('checks the phone format of product.md §5', async () => {
      for (const bad of ['061 23', '0701234567', '06123456789012', 'abc']) {
        const response = await start(bad);
        assert.equal(response.status, 400, bad);
        assert.equal(response.body.message, 'Broj telefona mora biti u formatu 06x xxx xxx(x).');
      }
    });

    it('limits wrong codes to five, and a new code starts afresh; the old code is dead', async () => {
      const { body } = await start('063 111 222');
      const identificator = body.data as string;
      const first = await lastCode('063111222');
      for (let i = 0; i < 5; i += 1) {
        const wrong = await api.call('POST', '/approve/sms', { body: { identificator, smsCode: other(first) } });
        assert.equal(wrong.status, 400);
        assert.equal(wrong.body.message, WRONG);
      }
      const spent = await api.call('POST', '/approve/sms', { body: { identificator, smsCode: first } });
      assert.equal(spent.status, 429, 'even the right code needs a new one now');

      assert.equal((await api.call('POST', '/resend/sms', { body: { identificator, osType: 1 } })).status, 200);
      const second = await lastCode('063111222');
      assert.notEqual(second, '');
      if (second !== first)
        assert.equal(
          (await api.call('POST', '/approve/sms', { body: { identificator, smsCode: first } })).body.message,
          WRONG,
        );
      assert.equal((await api.call('POST', '/approve/sms', { body: { identificator, smsCode: second } })).status, 200);
      assert.equal(
        (await api.call('POST', '/approve/sms', { body: { identificator, smsCode: second } })).status,
        400,
        'a code is single use',
      );
    });

    it(`lets a code expire after ${CODE_TTL_MINUTES} minutes`, async () => {
      const { body } = await start('064 222 333');
      const code = await lastCode('064222333');
      api.clock.advance(CODE_TTL_MINUTES * 60_000 + 1000);
      const late = await api.call('POST', '/approve/sms', { body: { identificator: body.data, smsCode: code } });
      assert.equal(late.status, 400);
      assert.match(late.body.message, /istekao/);
    });

    it('allows five resends an hour, then a clear 429, and more after the hour', async () => {
      const { body } = await start('065 333 444');
      for (let i = 0; i < 5; i += 1)
        assert.equal(
          (await api.call('POST', '/resend/sms', { body: { identificator: body.data, osType: 1 } })).status,
          200,
        );
      const sixth = await api.call('POST', '/resend/sms', { body: { identificator: body.data, osType: 1 } });
      assert.equal(sixth.status, 429);
      assert.match(sixth.body.message, /Previše zahtjeva za novi kod\. Pokušaj ponovo za \d+ min\./);
      assert.equal((await outbox('065333444')).length, 6);
      api.clock.advance(3_600_000);
      assert.equal(
        (await api.call('POST', '/resend/sms', { body: { identificator: body.data, osType: 1 } })).status,
        200,
      );
    });

    it('keeps the order: no password before the code, no weak password, no finish before the data, no second finish', async () => {
      const { body } = await start('066 444 555');
      const identificator = body.data as string;
      const data = {
        registrationType: 'PHONE_NUMBER',
        identificator,
        osType: 1,
        password: 'Novi1234!',
        firstName: 'A',
        lastName: 'B',
      };
      assert.equal((await api.call('POST', '/continue-registration', { body: data })).status, 409);
      assert.equal((await api.call('POST', '/finish-registration', { body: { identificator } })).status, 409);
      await api.call('POST', '/approve/sms', { body: { identificator, smsCode: await lastCode('066444555') } });
      assert.equal(
        (await api.call('POST', '/continue-registration', { body: { ...data, password: 'slaba' } })).status,
        422,
      );
      assert.equal((await api.call('POST', '/continue-registration', { body: data })).status, 200);
      assert.equal((await api.call('POST', '/finish-registration', { body: { identificator } })).status, 200);
      assert.equal((await api.call('POST', '/finish-registration', { body: { identificator } })).status, 409);
    });

    it('answers the forgotten-password check the same way for unknown usernames, and never lets them through', async () => {
      const known = await api.call('POST', '/forgot-password/check-username', {
        body: { username: DEMO_CUSTOMER.email, osType: 1 },
      });
      const unknown = await api.call('POST', '/forgot-password/check-username', {
        body: { username: 'niko@example.ba', osType: 1 },
      });
      assert.equal(known.status, 200);
      assert.equal(unknown.status, 200);
      assert.deepEqual(Object.keys(known.body).sort(), Object.keys(unknown.body).sort());
      assert.deepEqual([known.body.registrationType, unknown.body.registrationType], ['EMAIL', 'EMAIL']);
      assert.equal(unknown.body.primaryUsername, 'niko@example.ba');
      assert.deepEqual(await outbox('niko@example.ba'), []);
      assert.equal(
        (
          await api.call('POST', '/forgot-password/resend-code', {
            body: { identificator: unknown.body.identificator, registrationType: 'EMAIL', osType: 1 },
          })
        ).status,
        200,
      );
      const guess = await api.call('POST', '/forgot-password/approve-code', {
        body: { identificator: unknown.body.identificator, code: '123456' },
      });
      assert.equal(guess.status, 400);
      assert.equal(guess.body.message, WRONG);
      assert.equal(
        (
          await api.call('POST', '/forgot-password/reset', {
            body: { identificator: unknown.body.identificator, password: 'Novi1234!' },
          })
        ).status,
        409,
      );
    });

    it('resets a password with the code, signing the customer out everywhere', async () => {
      const username = 'istekla@ontv.ba';
      const session = await api.call('POST', '/login', {
        body: { username, password: DEMO_CUSTOMER.password, ...device },
      });
      const check = await api.call('POST', '/forgot-password/check-username', {
        body: { username: 'ISTEKLA@ontv.ba', osType: 1 },
      });
      const identificator = check.body.identificator as string;
      assert.equal(
        (await api.call('POST', '/forgot-password/reset', { body: { identificator, password: 'Resetovana1!' } }))
          .status,
        409,
        'not before the code',
      );
      assert.equal(
        (
          await api.call('POST', '/forgot-password/approve-code', {
            body: { identificator, code: await lastCode(username) },
          })
        ).status,
        200,
      );
      assert.equal(
        (await api.call('POST', '/forgot-password/reset', { body: { identificator, password: 'slaba' } })).status,
        422,
      );
      assert.equal(
        (await api.call('POST', '/forgot-password/reset', { body: { identificator, password: 'Resetovana1!' } }))
          .status,
        200,
      );
      assert.equal((await api.call('GET', '/ontv/accountInfo', { token: session.body.token })).status, 401);
      assert.equal(
        (await api.call('POST', '/login', { body: { username, password: 'Resetovana1!', ...device } })).status,
        200,
      );
      assert.equal(
        (await api.call('POST', '/forgot-password/reset', { body: { identificator, password: 'Opet1234!' } })).status,
        409,
        'single use',
      );
    });

    it('says how long a reset locked by ten wrong codes stays locked, instead of asking for a code that cannot help', async () => {
      const username = 'starton@ontv.ba';
      const check = async () =>
        (
          (await api.call('POST', '/forgot-password/check-username', { body: { username, osType: 1 } })).body as {
            identificator: string;
          }
        ).identificator;
      const guess = (identificator: string, code: string) =>
        api.call('POST', '/forgot-password/approve-code', { body: { identificator, code } });
      // Five wrong codes for the first code, five for a second one: the username's ten an hour.
      for (let round = 0; round < 2; round += 1) {
        const identificator = await check();
        const wrong = other(await lastCode(username));
        for (let i = 0; i < 5; i += 1) assert.equal((await guess(identificator, wrong)).status, 400);
      }
      const identificator = await check();
      const locked = await guess(identificator, await lastCode(username));
      assert.equal(locked.status, 429);
      assert.match(
        locked.body.message,
        /^Previše pogrešnih kodova za ovaj nalog\. Pokušaj ponovo za ([1-9]|[1-5]\d|60) min\.$/,
      );
      assert.doesNotMatch(locked.body.message, /Zatraži novi kod/, 'a new code does not help');
      assert.match(locked.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
    });

    it('reads a code typed with spaces or a dash without them, and answers a code that is no code in Bosnian', async () => {
      const username = 'aktivna@ontv.ba';
      const identificator = (
        (await api.call('POST', '/forgot-password/check-username', { body: { username, osType: 1 } })).body as {
          identificator: string;
        }
      ).identificator;
      const notACode = await api.call('POST', '/forgot-password/approve-code', {
        body: { identificator, code: '12a456' },
      });
      assert.equal(notACode.status, 400);
      assert.match(JSON.stringify(notACode.body), /Kod se sastoji samo od cifara\./);
      const noCode = await api.call('POST', '/forgot-password/approve-code', { body: { identificator } });
      assert.equal(noCode.status, 400);
      assert.equal(
        (noCode.body as { message: string }).message,
        'Neispravan zahtjev: code: Neispravan unos: očekuje se tekst, a primljeno je undefined',
      );
      const code = await lastCode(username);
      const typed = ` ${code.slice(0, 3)} ${code.slice(3)} `;
      assert.equal(
        (await api.call('POST', '/forgot-password/approve-code', { body: { identificator, code: typed } })).status,
        200,
        JSON.stringify(typed),
      );
      const started = await start('067 555 666');
      assert.equal(
        (
          await api.call('POST', '/approve/sms', {
            body: {
              identificator: started.body.data,
              smsCode: (await lastCode('067555666')).replace(/^(\d{3})/, '$1-'),
            },
          })
        ).status,
        200,
      );
    });

    it('answers bad input on every endpoint with a 400 and stores nothing', async () => {
      const tables = ['verifications', 'outbox', 'customers'];
      const counts = async () => Promise.all(tables.map((t) => countRows(api.db, t)));
      const before = await counts();
      const bodies: unknown[] = [
        {},
        [],
        'x',
        { identificator: 'nije-uuid', smsCode: '1', mailCode: '1', code: '1' },
        { username: 1, registrationType: 'FAX' },
        { identificator: '00000000-0000-0000-0000-00000000000g', smsCode: '12ab', code: ' ', password: 5 },
        { identificator: `${'a'.repeat(36)}`, osType: 'jedan' },
      ];
      for (const path of [
        '/start-registration',
        '/approve/sms',
        '/approve/mail',
        '/resend/sms',
        '/resend/mail',
        '/continue-registration',
        '/finish-registration',
        '/forgot-password/check-username',
        '/forgot-password/approve-code',
        '/forgot-password/resend-code',
        '/forgot-password/reset',
      ]) {
        for (const body of bodies) {
          const response = await api.call('POST', path, { body });
          assert.ok(response.status === 400, `${path} ${JSON.stringify(body)} -> ${response.status}`);
          assert.equal(typeof response.body.message, 'string');
        }
        const raw = await api.call('POST', path, { raw: '{"a":' });
        assert.equal(raw.status, 400, `${path} with broken JSON`);
      }
      assert.deepEqual(await counts(), before);
      assert.equal((await api.call('GET', '/dev/outbox')).status, 400);
    });
  });

  describe(`the outbox outside the sandbox on ${engine}`, () => {
    it('is not served when SANDBOX=0', async () => {
      const api = await startApi({ engine, env: { SANDBOX: '0', ...NO_SANDBOX_PROCESSOR } });
      try {
        assert.equal((await api.call('GET', '/dev/outbox?to=demo@ontv.ba')).status, 404);
      } finally {
        await api.close();
      }
    });
  });
}
