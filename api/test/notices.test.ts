/**
 * The messages the portal writes (product.md §10, Messages) on each engine: each written in the
 * transaction of its cause, once, to the customer's e-mail or else phone.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { paymentOrderResponseSchema } from '@portal/shared/contract';
import { DEMO_CUSTOMER } from '../src/db/seed';
import { unseal } from '../src/auth/secrets';
import { device, engines, payOrder, startApi } from './harness';

const BURST = 100;

for (const engine of engines()) {
  describe(`messages on ${engine}`, () => {
    let api: Awaited<ReturnType<typeof startApi>>;
    before(async () => {
      api = await startApi({
        engine,
        env: { LOGIN_LIMIT_CLIENT: '100000', LOGIN_LIMIT_ACCOUNT: '100000', LOGIN_LIMIT_ACCOUNT_TOTAL: '100000' },
      });
    });
    after(async () => {
      await api?.close();
    });

    const login = (username: string, deviceUsername: string, deviceName = 'Samsung Galaxy A54') =>
      api.call('POST', '/login', {
        body: { username, password: DEMO_CUSTOMER.password, ...device, deviceUsername, deviceName },
      });
    /** The customer's messages of a kind, oldest first, with their texts unsealed. */
    const sent = async (to: string, kind: string) =>
      (
        await api.db.query<{
          text_sealed: string;
          channel: string;
          meta: { subject: string; link?: { path: string }; invoice?: string };
        }>('SELECT text_sealed, channel, meta FROM outbox WHERE to_address = $1 AND kind = $2 ORDER BY id', [to, kind])
      ).map((row) => ({ text: unseal(api.ctx.keys.sealing, row.text_sealed), channel: row.channel, meta: row.meta }));

    it('tells the customer of a new device, not of the first one nor of one seen before, once however many logins race', async () => {
      const email = 'deaktivirana@ontv.ba';
      assert.equal((await login(email, 'web-first-device-000000001')).status, 200);
      assert.deepEqual(await sent(email, 'NEW_DEVICE'), [], 'the first device is no news');
      assert.equal((await login(email, 'web-first-device-000000001')).status, 200);
      assert.deepEqual(await sent(email, 'NEW_DEVICE'), [], 'nor is a device seen before');

      const answers = await Promise.all(
        Array.from({ length: BURST }, () => login(email, 'phone-new-device-00000002', 'Samsung Galaxy A54')),
      );
      assert.deepEqual([...new Set(answers.map((a) => a.status))], [200]);
      const notices = await sent(email, 'NEW_DEVICE');
      assert.equal(notices.length, 1, `one notice for ${BURST} logins of one new device`);
      // The test clock is 2026-03-01 10:00 UTC: 11:00 in Sarajevo.
      assert.equal(
        notices[0]!.text,
        'ON TV: nova prijava na tvoj nalog s uređaja Samsung Galaxy A54, 1.3.2026. u 11:00. Ako to nisi bio ti, promijeni lozinku i odjavi taj uređaj u svom nalogu, u dijelu Uređaji.',
      );
      assert.equal(notices[0]!.meta.link?.path, '/nalog/uredjaji');
      assert.equal(notices[0]!.channel, 'EMAIL');
      assert.equal((await login(email, 'wrong', 'x')).status, 400, 'a bad device changes nothing');
    });

    it('confirms a password change and a reset, a deactivation and a reactivation', async () => {
      const email = 'aktivna@ontv.ba';
      const { token } = (await login(email, 'web-notices-0000000000001')).body as { token: string };
      const changed = await api.call('POST', '/customer/change-password', {
        token,
        body: { oldPassword: DEMO_CUSTOMER.password, newPassword: 'Nova1234!' },
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      const [password] = await sent(email, 'PASSWORD_CHANGED');
      assert.match(
        password?.text ?? '',
        /^ON TV: lozinka tvog naloga je promijenjena 1\.3\.2026\. u 11:00\. Ostali uređaji su odjavljeni\./,
      );
      assert.equal(
        (
          await api.call('POST', '/customer/change-password', {
            token,
            body: { oldPassword: 'Pogresna1!', newPassword: 'Nova1234!' },
          })
        ).status,
        400,
      );
      assert.equal((await sent(email, 'PASSWORD_CHANGED')).length, 1, 'a refused change sends nothing');
      // A forgotten password reset with its code.
      const started = (
        await api.call('POST', '/forgot-password/check-username', { body: { username: email, osType: 1 } })
      ).body as { identificator: string };
      const [code] = (await api.call('GET', `/dev/outbox?to=${email}`)).body as Array<{ code: string }>;
      assert.equal(
        (
          await api.call('POST', '/forgot-password/approve-code', {
            body: { identificator: started.identificator, code: code!.code },
          })
        ).status,
        200,
      );
      assert.equal(
        (
          await api.call('POST', '/forgot-password/reset', {
            body: { identificator: started.identificator, password: DEMO_CUSTOMER.password },
          })
        ).status,
        200,
      );
      assert.equal((await sent(email, 'PASSWORD_CHANGED')).length, 2, 'a reset is confirmed too');
      const again = (await login(email, 'web-notices-0000000000001')).body as { token: string };

      assert.equal((await api.call('GET', '/ontv/deactivate', { token: again.token })).status, 200);
      assert.equal((await api.call('GET', '/ontv/deactivate', { token: again.token })).status, 409);
      assert.deepEqual(
        (await sent(email, 'DEACTIVATED')).map((m) => m.text),
        [
          'ON TV: pretplata na paket MaxON je deaktivirana i više se neće naplaćivati. Uslugu gledaš do 21.3.2026. Do tada je možeš reaktivirati bez plaćanja u svom nalogu.',
        ],
      );
      assert.equal((await api.call('GET', '/ontv/reactivateWithoutPayment', { token: again.token })).status, 200);
      assert.deepEqual(
        (await sent(email, 'REACTIVATED')).map((m) => m.text),
        ['ON TV: pretplata na paket MaxON je ponovo aktivna. Sljedeća naplata je 21.3.2026.'],
      );
    });

    it('sends a receipt with its invoice for a paid purchase, to the phone when there is no e-mail', async () => {
      const email = 'deaktivirana.istekla@ontv.ba';
      await api.db.query(`UPDATE customers SET email = NULL WHERE phone_number = '38761000004'`);
      const { token } = (await login('061000004', 'web-receipt-0000000000001')).body as { token: string };
      const [card] = (await api.call('GET', '/credit-card', { token })).body as Array<{ code: string }>;
      const order = paymentOrderResponseSchema.parse(
        (
          await api.call('POST', '/ontv-payments/new-account/order', {
            token,
            body: { creditCardId: card!.code, amount: 14.9, ontvPlanId: 'starton' },
          })
        ).body,
      );
      assert.deepEqual((await payOrder(api, order.paymentSecret)).body, { status: 'succeeded' });
      assert.deepEqual(await sent(email, 'RECEIPT'), []);
      const [receipt] = await sent('38761000004', 'RECEIPT');
      assert.equal(receipt?.channel, 'SMS');
      assert.equal(
        receipt?.text,
        `ON TV: plaćanje je uspješno i paket StartON je aktivan do 1.4.2026. Naplaćeno je 14,90 KM s kartice **** **** **** 0005. Račun br. ${order.orderNumber} nalaziš u svom nalogu, u istoriji uplata.`,
      );
      assert.equal(receipt?.meta.invoice, order.orderNumber);
      await payOrder(api, order.paymentSecret);
      assert.equal((await sent('38761000004', 'RECEIPT')).length, 1, 'a repeated confirmation sends no second receipt');
    });
  });
}
