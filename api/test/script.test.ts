/**
 * The script a customer chose is remembered on the account (decision 054): a new device reads it from
 * account info, and the customer's e-mails, SMS and invoice PDFs are written in it. On both engines.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { unseal } from '../src/auth/secrets';
import { renderEmail } from '../src/delivery/email';
import { operatorOf } from '../src/portalConfig';
import { pdfText } from '../../test/lib/pdf';
import { customerToken, engines, startApi, testCustomer } from './harness';

const CYRILLIC = /[\u0400-\u04ff]/;

for (const engine of engines())
  describe(`the customer's script on ${engine}`, () => {
    let api: Awaited<ReturnType<typeof startApi>>;
    before(async () => {
      api = await startApi({ engine });
    });
    after(async () => api?.close());

    /** The last message to `to`, unsealed, with its extras. */
    const lastMessage = async (to: string) => {
      const [row] = await api.db.query<{ text_sealed: string; meta: { subject: string; script?: string } }>(
        'SELECT text_sealed, meta FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
        [to],
      );
      return { text: unseal(api.ctx.keys.sealing, row!.text_sealed), meta: row!.meta };
    };

    it('remembers the choice on the account, and refuses anything but the two scripts', async () => {
      const customer = await testCustomer(api.db, { nextPaymentOn: '2026-04-01', emailPrefix: 'pismo' });
      const token = await customerToken(api, customer.email);
      const info = async () => (await api.call('GET', '/ontv/accountInfo', { token })).body.script;
      assert.equal(await info(), null, 'never chosen');
      for (const bad of ['klingonski', '', 42, null])
        assert.equal((await api.call('PATCH', '/customer/script', { token, body: { script: bad } })).status, 400);
      assert.equal((await api.call('PATCH', '/customer/script', { body: { script: 'cyrillic' } })).status, 401);
      assert.equal(await info(), null, 'a refusal changes nothing');
      assert.equal((await api.call('PATCH', '/customer/script', { token, body: { script: 'cyrillic' } })).status, 200);
      assert.equal(await info(), 'cyrillic');
      assert.equal((await api.call('PATCH', '/customer/script', { token, body: { script: 'latin' } })).status, 200);
      assert.equal(await info(), 'latin');
    });

    it("writes the customer's notices and the e-mail around them in Cyrillic, and the SMS too", async () => {
      const customer = await testCustomer(api.db, { nextPaymentOn: '2026-04-01', emailPrefix: 'cirilica' });
      const token = await customerToken(api, customer.email);
      const change = (oldPassword: string, newPassword: string) =>
        api.call('POST', '/customer/change-password', { token, body: { oldPassword, newPassword } });
      assert.equal((await change('Demo1234!', 'Latinica-2026!')).status, 200);
      const latin = await lastMessage(customer.email);
      assert.ok(!CYRILLIC.test(latin.text) && latin.meta.script === undefined, latin.text);

      await api.call('PATCH', '/customer/script', { token, body: { script: 'cyrillic' } });
      assert.equal((await change('Latinica-2026!', 'Cirilica-2026!')).status, 200);
      const cyrillic = await lastMessage(customer.email);
      assert.equal(cyrillic.meta.script, 'cyrillic');
      assert.match(cyrillic.text, /^ON TV: /, 'the brand as it is');
      assert.ok(CYRILLIC.test(cyrillic.text) && CYRILLIC.test(cyrillic.meta.subject), cyrillic.text);
      assert.ok(!/[čćđšžČĆĐŠŽ]/.test(cyrillic.text.replace(/^ON TV: /, '')), 'no Latin letters of Bosnian left');

      const email = renderEmail(
        { kind: 'PASSWORD_CHANGED', subject: cyrillic.meta.subject, text: cyrillic.text, code: null },
        { publicUrl: api.url, operator: operatorOf(api.ctx.config), cyrillic: true },
      );
      assert.match(email.html, /<html lang="bs-Cyrl">/);
      assert.ok(
        !/Korisnička podrška/.test(email.html) && email.html.includes('Корисничка подршка'),
        'the frame in Cyrillic as well',
      );
    });

    it("gives the customer's invoice PDF in Cyrillic once chosen, and the stored Latin one before", async () => {
      const customer = await testCustomer(api.db, { nextPaymentOn: '2026-04-01', emailPrefix: 'racun-cirilica' });
      const [order] = await api.db.query<{ order_number: string }>(
        `INSERT INTO payment_orders (order_number, customer_id, plan_code, card_number, amount_fening, status, idempotency_key, period_start, period_end, created_at, updated_at)
         VALUES ('2026-' || lpad(nextval('order_numbers')::text, 6, '0'), $1, 'maxon', '**** **** **** 4242', 2490, 'PAID', 'pismo-1', '2026-03-01', '2026-04-01', now(), now())
         RETURNING order_number`,
        [customer.id],
      );
      const token = await customerToken(api, customer.email);
      const pdf = async () => {
        const response = await fetch(`${api.url}/api/ontv-payments/${order!.order_number}/pdf`, {
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(response.status, 200);
        return Buffer.from(await response.arrayBuffer());
      };
      const latin = await pdf();
      assert.match(latin.toString('latin1'), /\/Lang \(bs\)/);
      await api.call('PATCH', '/customer/script', { token, body: { script: 'cyrillic' } });
      const cyrillic = await pdf();
      assert.match(cyrillic.toString('latin1'), /\/Lang \(bs-Cyrl\)/);
      const words = pdfText(cyrillic);
      for (const shown of ['Рачун бр.', 'Купац', 'Претплата на пакет MaxON', 'ПДВ 17%', customer.email])
        assert.ok(words.includes(shown), `${shown} in ${words}`); // the address kept as it is
      if (process.env.PDF_OUT) fs.writeFileSync(process.env.PDF_OUT, cyrillic);
      await api.call('PATCH', '/customer/script', { token, body: { script: 'latin' } });
      assert.deepEqual(await pdf(), latin, 'the stored Latin document, unchanged');
    });
  });
