import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { paymentListSchema, pathOf } from '@portal/shared/contract';
import { endpoints } from '@portal/shared/contract/endpoints';
import { DEMO_CUSTOMER } from '../src/db/seed';
import { addStaff } from '../src/support/accounts';
import { totpCode } from '../src/support/totp';
import { runBilling, runBillingPass } from '../src/money/billing/job';
import { isoDay } from '../src/days';
import { device, engines, STAFF_PASSWORD as NEW_PASSWORD, startApi, testCustomer, type StartedApi } from './harness';

for (const engine of engines()) {
  describe(`the support console's API on ${engine}`, () => {
    let api: StartedApi;
    /** A staff account signed in through every step of a first sign-in; its token and authenticator secret. */
    const firstSignIn = async (email: string, role: 'agent' | 'admin', name = 'Selma Agić') => {
      const oneTime = (await addStaff(api.ctx.store.staff, { email, name, role }))!;
      const login = await api.call('POST', '/staff/login', { body: { email, password: oneTime } });
      assert.equal(login.status, 200, JSON.stringify(login.body));
      assert.equal(login.body.next, 'change-password');
      const challenge = login.body.challenge as string;
      const chosen = await api.call('POST', '/staff/password', {
        token: challenge,
        body: { newPassword: NEW_PASSWORD },
      });
      assert.equal(chosen.status, 200, JSON.stringify(chosen.body));
      assert.equal(chosen.body.next, 'totp-setup');
      const setup = await api.call('POST', '/staff/totp-setup', { token: challenge });
      assert.equal(setup.status, 200);
      assert.match(setup.body.otpauthUrl, /^otpauth:\/\/totp\/.*secret=/);
      assert.match(setup.body.qrSvg, /^<svg/);
      const secret = setup.body.secret as string;
      const signedIn = await api.call('POST', '/staff/totp', {
        token: challenge,
        body: { code: totpCode(secret, api.clock.now()) },
      });
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
      assert.deepEqual(signedIn.body.staff.role, role);
      return { token: signedIn.body.token as string, secret, oneTime };
    };
    /** A later sign-in: password, then the authenticator's next code. */
    const signIn = async (email: string, secret: string) => {
      const login = await api.call('POST', '/staff/login', { body: { email, password: NEW_PASSWORD } });
      assert.equal(login.body.next, 'totp');
      api.clock.advance(30_000);
      const done = await api.call('POST', '/staff/totp', {
        token: login.body.challenge,
        body: { code: totpCode(secret, api.clock.now()) },
      });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      return done.body.token as string;
    };
    const customerLogin = (username: string) =>
      api.call('POST', '/login', { body: { username, password: DEMO_CUSTOMER.password, ...device } });

    before(async () => {
      api = await startApi({ engine });
    });
    after(async () => {
      await api?.close();
    });

    it('signs a new member of staff in with the one-time password, a password of their own and an authenticator code, each once', async () => {
      const { token, secret, oneTime } = await firstSignIn('selma@ontv.ba', 'agent');
      assert.deepEqual((await api.call('GET', '/staff/me', { token })).body, {
        id: 1,
        name: 'Selma Agić',
        email: 'selma@ontv.ba',
        role: 'agent',
      });
      // The one-time password is spent; the chosen one leads to the code, never to setting it up again.
      assert.equal(
        (await api.call('POST', '/staff/login', { body: { email: 'selma@ontv.ba', password: oneTime } })).status,
        401,
      );
      const again = await api.call('POST', '/staff/login', {
        body: { email: 'SELMA@ontv.ba', password: NEW_PASSWORD },
      });
      assert.equal(again.body.next, 'totp');
      assert.equal((await api.call('POST', '/staff/totp-setup', { token: again.body.challenge })).status, 409);
      // A code already used (the one of the first sign-in, in the same 30 s) is refused; a wrong one too.
      const used = totpCode(secret, api.clock.now());
      const replay = await api.call('POST', '/staff/totp', { token: again.body.challenge, body: { code: used } });
      assert.equal(replay.status, 400);
      assert.equal(replay.body.message, 'Kod nije tačan ili je već iskorišten. Sačekaj sljedeći kod aplikacije.');
      const wrong = String((Number(used) + 1) % 1_000_000).padStart(6, '0');
      assert.equal(
        (await api.call('POST', '/staff/totp', { token: again.body.challenge, body: { code: wrong } })).status,
        400,
      );
      // A second sign-in with the one-time password, left half-way, ends when the password is chosen in
      // the first: whoever else knew the one-time password cannot set up a second factor of their own.
      const twice = (await addStaff(api.ctx.store.staff, { email: 'twice@ontv.ba', name: 'T', role: 'admin' }))!;
      const first = await api.call('POST', '/staff/login', { body: { email: 'twice@ontv.ba', password: twice } });
      const second = await api.call('POST', '/staff/login', { body: { email: 'twice@ontv.ba', password: twice } });
      await api.call('POST', '/staff/password', { token: first.body.challenge, body: { newPassword: NEW_PASSWORD } });
      assert.equal((await api.call('POST', '/staff/totp-setup', { token: second.body.challenge })).status, 401);
      assert.equal((await api.call('POST', '/staff/totp-setup', { token: first.body.challenge })).status, 200);

      // The challenge opens no console call; a weak password is refused with the rule.
      assert.equal((await api.call('GET', '/staff/me', { token: again.body.challenge })).status, 401);
      const weak = await addStaff(api.ctx.store.staff, { email: 'weak@ontv.ba', name: 'W', role: 'agent' });
      const weakLogin = await api.call('POST', '/staff/login', { body: { email: 'weak@ontv.ba', password: weak } });
      const refused = await api.call('POST', '/staff/password', {
        token: weakLogin.body.challenge,
        body: { newPassword: 'Kratka1!' },
      });
      assert.equal(refused.status, 400);
      assert.match(refused.body.message, /najmanje 12 znakova/);
    });

    it('keeps staff and customer tokens apart: neither opens the other’s calls', async () => {
      const customer = (await customerLogin(DEMO_CUSTOMER.email)).body.token as string;
      const { token: staff } = await firstSignIn('tokens@ontv.ba', 'admin');
      // Every path parameter, whatever its name: the token is refused before any is read.
      const params = new Proxy({}, { get: () => '1' }) as Record<string, string>;
      for (const [name, endpoint] of Object.entries(endpoints)) {
        if (endpoint.access === 'public' || endpoint.access === 'customer') continue;
        const path = pathOf(endpoint.path, 'ontv', params);
        const answer = await api.call(endpoint.method, path, {
          token: customer,
          body: endpoint.method === 'GET' ? undefined : {},
        });
        assert.equal(answer.status, 401, `${name} with a customer's token`);
      }
      for (const [name, endpoint] of Object.entries(endpoints)) {
        if (endpoint.access !== 'customer') continue;
        const path = pathOf(endpoint.path, 'ontv', params);
        const answer = await api.call(endpoint.method, path, {
          token: staff,
          body: endpoint.method === 'GET' ? undefined : {},
        });
        assert.equal(answer.status, 401, `${name} with a staff token`);
      }
    });

    it('lets an admin find a customer by phone, block them (sessions and sign-in refused at once) and unblock them; the audit trail lists it all', async () => {
      const { token: agent } = await firstSignIn('agent@ontv.ba', 'agent', 'Amir Agent');
      const { token: admin } = await firstSignIn('admin@ontv.ba', 'admin', 'Ana Admin');
      const customerToken = (await customerLogin('aktivna@ontv.ba')).body.token as string;
      assert.equal((await api.call('GET', '/customer/devices', { token: customerToken })).status, 200);

      const search = (q: string, token = agent) => api.call('POST', '/staff/customers/search', { token, body: { q } });
      const found = await search('061 000 002');
      assert.equal(found.status, 200);
      assert.deepEqual(
        found.body.items.map((c: { email: string; status: string; blocked: boolean }) => [
          c.email,
          c.status,
          c.blocked,
        ]),
        [['aktivna@ontv.ba', 'ACTIVE', false]],
      );
      const id = found.body.items[0].id as number;
      for (const q of ['1000002', 'aktivna@ontv.ba', 'emir beg', 'BEGIĆ', 'begic']) {
        const byOther = await search(q);
        assert.deepEqual(
          byOther.body.items.map((c: { id: number }) => c.id),
          [id],
          q,
        );
      }
      // Found two ways at once (a name that is also their account number), still listed once.
      await api.db.query(`UPDATE customers SET first_name = customer_number WHERE id = $1`, [id]);
      const twice = await search('1000002');
      assert.deepEqual([twice.body.items.map((c: { id: number }) => c.id), twice.body.total], [[id], 1]);
      await api.db.query(`UPDATE customers SET first_name = 'Emir' WHERE id = $1`, [id]);
      const past = await api.call('POST', '/staff/customers/search', { token: agent, body: { q: 'begic', page: 2 } });
      assert.deepEqual([past.body.items, past.body.total], [[], 1], 'a page past the last still has the count');
      assert.equal((await search('x')).status, 400);
      assert.equal((await search('%_')).body.total, 0, 'LIKE wildcards are letters');
      assert.equal((await api.call('GET', '/staff/customers/9999999999', { token: agent })).status, 404);

      // An agent may look, not block.
      const forbidden = await api.call('POST', `/staff/customers/${id}/block`, {
        token: agent,
        body: { reason: 'Zloupotreba' },
      });
      assert.equal(forbidden.status, 403);
      assert.equal((await api.call('GET', '/staff/audit', { token: agent })).status, 403);

      const blocked = await api.call('POST', `/staff/customers/${id}/block`, {
        token: admin,
        body: { reason: 'Prijava prevare' },
      });
      assert.equal(blocked.status, 200, JSON.stringify(blocked.body));
      assert.deepEqual([blocked.body.status, blocked.body.blocked], ['BLOCKED', true]);
      assert.equal((await api.call('GET', '/customer/devices', { token: customerToken })).status, 401);
      const refused = await customerLogin('aktivna@ontv.ba');
      assert.equal(refused.status, 403);
      assert.equal(refused.body.code, 'ACCOUNT_BLOCKED');
      assert.equal(
        refused.body.message,
        'Tvoj nalog je blokiran, pa prijava trenutno nije moguća. Obrati se korisničkoj podršci: 033 000 000 ili podrska@ontv.ba.',
      );
      // A wrong password still reads as one: the block is told only to whoever knows the password.
      const wrong = await api.call('POST', '/login', {
        body: { username: 'aktivna@ontv.ba', password: 'Pogresna1!', ...device },
      });
      assert.equal(wrong.status, 401);
      assert.equal(
        (await api.call('POST', `/staff/customers/${id}/block`, { token: admin, body: { reason: 'Opet' } })).status,
        409,
      );

      const unblocked = await api.call('POST', `/staff/customers/${id}/unblock`, {
        token: admin,
        body: { reason: 'Provjereno, greška' },
      });
      assert.deepEqual([unblocked.body.status, unblocked.body.blocked], ['ACTIVE', false]);
      assert.equal((await customerLogin('aktivna@ontv.ba')).status, 200);

      const trail = await api.call('GET', `/staff/customers/${id}/audit`, { token: agent });
      assert.deepEqual(
        trail.body.items
          .map((e: { staffName: string; action: string; reason: string | null }) => [e.staffName, e.action, e.reason])
          .reverse(),
        [
          // The agent's refused try to block comes first.
          ['Amir Agent', 'access.refused', null],
          ['Ana Admin', 'customer.block', 'Prijava prevare'],
          ['Ana Admin', 'customer.unblock', 'Provjereno, greška'],
          // Reading the trail is in it too, as every read of a customer's data.
          ['Amir Agent', 'customer.read.audit', null],
        ],
      );
      const adminId = trail.body.items.find((e: { action: string }) => e.action === 'customer.block').staffId;
      const all = await api.call('GET', `/staff/audit?staff=${adminId}`, { token: admin });
      assert.deepEqual(
        all.body.items.map((e: { action: string }) => e.action),
        ['customer.unblock', 'customer.block', 'staff.sign-in.totp-set-up', 'staff.password-chosen'],
      );
      const tries = await api.call('GET', '/staff/audit?action=access.refused', { token: admin });
      assert.deepEqual(
        tries.body.items
          .filter((e: { staffName: string }) => e.staffName === 'Amir Agent')
          .map((e: { after: unknown; customerId: number | null }) => [e.after, e.customerId]),
        [
          [{ call: 'GET /staff/audit' }, null],
          [{ call: 'POST /staff/customers/{customerId}/block' }, id],
        ],
        'both refused tries, newest first',
      );
      const searches = await api.call('GET', '/staff/audit?action=customer.search', { token: admin });
      assert.ok(searches.body.items.some((e: { staffName: string }) => e.staffName === 'Amir Agent'));

      // Nobody edits the trail, the API's own database user included.
      for (const sql of [
        'UPDATE audit_events SET reason = NULL',
        'DELETE FROM audit_events',
        'TRUNCATE audit_events',
      ]) {
        await assert.rejects(api.db.query(sql), /append-only/, sql);
      }
    });

    it('ends a staff session after 15 idle minutes, and at sign-out', async () => {
      const { token, secret } = await firstSignIn('idle@ontv.ba', 'agent');
      api.clock.advance(14 * 60_000);
      assert.equal((await api.call('GET', '/staff/me', { token })).status, 200);
      api.clock.advance(14 * 60_000);
      assert.equal((await api.call('GET', '/staff/me', { token })).status, 200);
      api.clock.advance(15 * 60_000 + 1000);
      const over = await api.call('GET', '/staff/me', { token });
      assert.equal(over.status, 401);
      assert.equal(over.body.message, 'Sesija je istekla. Prijavi se ponovo.');
      const next = await signIn('idle@ontv.ba', secret);
      assert.equal((await api.call('POST', '/staff/logout', { token: next })).status, 204);
      assert.equal((await api.call('GET', '/staff/me', { token: next })).status, 401);
    });

    /** A customer whose MaxON renewal (24,90 KM) was just charged: their e-mail, id and the paid order's number. */
    const paidCustomer = async () => {
      const today = isoDay(api.clock.now());
      const customer = await testCustomer(api.db, { nextPaymentOn: today });
      await runBilling(api.ctx.billing, api.clock.now());
      const token = (await customerLogin(customer.email)).body.token as string;
      const history = paymentListSchema.parse((await api.call('GET', '/ontv-payments', { token })).body);
      assert.equal(history.length, 1);
      return { ...customer, token, orderNumber: history[0]!.orderNumber };
    };

    it('refunds part of a payment, never more than was paid, and the customer’s history shows the credit note', async () => {
      const { token: admin } = await firstSignIn('refund@ontv.ba', 'admin', 'Rada Refund');
      const { token: agent } = await firstSignIn('refund.agent@ontv.ba', 'agent');
      const customer = await paidCustomer();
      const url = `/staff/customers/${customer.id}/payments/${customer.orderNumber}/refund`;
      const refund = (amount: string, key: string, token = admin) =>
        api.call('POST', url, { token, body: { amount, reason: 'Prekid usluge', key, after: 'keep-to-period-end' } });

      assert.equal((await refund('12,45', 'agent-key-001', agent)).status, 403, 'agents do not refund');
      const refused = await api.db.query<{ action: string; after: unknown }>(
        `SELECT action, after FROM audit_events WHERE customer_id = $1 AND action = 'access.refused'`,
        [customer.id],
      );
      assert.deepEqual(
        refused.map((entry) => [entry.action, entry.after]),
        [['access.refused', { call: 'POST /staff/customers/{customerId}/payments/{orderNumber}/refund' }]],
        'the trail shows the refused try',
      );
      assert.equal((await refund('30,00', 'too-much-001')).status, 409);
      for (const amount of ['0', '0,00', '-1', '1e3', '0,001'])
        assert.equal((await refund(amount, 'zero-key-001')).status, 400);
      const half = await refund('12,45', 'half-key-001');
      assert.equal(half.status, 200, JSON.stringify(half.body));
      assert.deepEqual(half.body, {
        creditNoteNumber: `${customer.orderNumber}-P1`,
        orderNumber: customer.orderNumber,
        amount: 12.45,
        status: 'SUCCEEDED',
      });
      assert.deepEqual((await refund('12,45', 'half-key-001')).body, half.body, 'the same key is the same refund');
      const over = await refund('12,46', 'over-key-001');
      assert.equal(over.status, 409);
      assert.equal(over.body.message, 'Povrat ne može biti veći od uplaćenog iznosa: preostalo je 12,45 KM.');
      const processor = await api.db.query<{ refunded_fening: number }>(
        `SELECT refunded_fening FROM sandbox_intents WHERE kind = 'payment' AND refunded_fening > 0`,
      );
      assert.deepEqual(
        processor.map((row) => row.refunded_fening),
        [1245],
        'the processor gave back 12,45 KM once',
      );

      const history = paymentListSchema.parse(
        (await api.call('GET', '/ontv-payments', { token: customer.token })).body,
      );
      assert.deepEqual(
        history[0]!.creditNotes?.map((note) => [note.number, note.amount]),
        [[`${customer.orderNumber}-P1`, 12.45]],
      );
      const invoice = await api.call('GET', `/ontv-payments/${customer.orderNumber}`, { token: customer.token });
      assert.equal(invoice.body.creditNotes[0].amount, 12.45);
      const staffView = await api.call('GET', `/staff/customers/${customer.id}/payments`, { token: agent });
      assert.deepEqual(staffView.body, history);
      const sent = await api.call('GET', `/staff/customers/${customer.id}/messages`, { token: agent });
      assert.deepEqual(
        sent.body.map((m: { kind: string; subject: string }) => [m.kind, m.subject]),
        [
          ['REFUND', `ON TV: povrat novca po računu br. ${customer.orderNumber}`],
          // Kept to the period's end without renewing: the customer's deactivation notice.
          ['DEACTIVATED', 'ON TV: pretplata je deaktivirana'],
          ['RECEIPT', `ON TV: račun br. ${customer.orderNumber}`],
        ],
      );
      assert.ok(!JSON.stringify(sent.body).includes('text'), 'no message text reaches the console');

      assert.equal(
        (
          await api.call('POST', `/staff/customers/${customer.id}/payments/${customer.orderNumber}/resend`, {
            token: agent,
          })
        ).status,
        204,
      );
      // A code for a password reset the customer started, sent again.
      const resetUrl = `/staff/customers/${customer.id}/resend-code`;
      assert.equal((await api.call('POST', resetUrl, { token: agent })).status, 409, 'no reset started');
      const started = await api.call('POST', '/forgot-password/check-username', {
        body: { username: customer.email, osType: 1 },
      });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      assert.equal((await api.call('POST', resetUrl, { token: agent })).status, 204);
      const codes = await api.db.query<{ kind: string }>(
        `SELECT kind FROM outbox WHERE to_address = $1 AND kind = 'CODE'`,
        [customer.email],
      );
      assert.equal(codes.length, 2, 'the first code and the one sent again');

      const csv = await fetch(`${api.url}/api/staff/audit.csv?customer=${customer.id}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      assert.equal(csv.headers.get('content-type'), 'text/csv; charset=utf-8');
      const lines = (await csv.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      assert.equal(lines[0], '"id";"vrijeme";"osoblje";"radnja";"korisnik";"razlog";"prije";"poslije"');
      assert.ok(
        lines.some((line) => line.includes('"Rada Refund";"payment.refund"') && line.includes('Prekid usluge')),
      );
      assert.ok(lines.some((line) => line.includes('"invoice.resend"')));
      assert.ok(lines.some((line) => line.includes('"code.resend"')));
      for (const query of ['from=2026-13-45', 'to=9999-12-31', 'from=2026-02-30', 'customer=99999999999']) {
        assert.equal((await api.call('GET', `/staff/audit?${query}`, { token: admin })).status, 400, query);
      }
    });

    it('answers a refund the provider refused as refused until the same key, asked again, gets it done: never a refund shown done that is not', async () => {
      const { token: admin } = await firstSignIn('refund.retry@ontv.ba', 'admin');
      const customer = await paidCustomer();
      const url = `/staff/customers/${customer.id}/payments/${customer.orderNumber}/refund`;
      const refund = (key: string) =>
        api.call('POST', url, {
          token: admin,
          body: { amount: '5,00', reason: 'Prekid usluge', key, after: 'keep-to-period-end' },
        });
      // The processor refuses (it holds the payment as wholly refunded already).
      const hold = (refunded: number) =>
        api.db.query(
          `UPDATE sandbox_intents SET refunded_fening = $1 WHERE kind = 'payment' AND amount_fening = 2490`,
          [refunded],
        );
      await hold(2490);
      const refused = await refund('retry-key-001');
      assert.equal(refused.status, 502, JSON.stringify(refused.body));
      assert.equal(refused.body.message, 'Procesor plaćanja nije izvršio povrat. Pokušaj ponovo kasnije.');
      assert.equal((await refund('retry-key-001')).status, 502, 'asked again, still refused: not shown as done');
      await hold(0);
      // A burst of 100 asking again with the key: the provider is asked once (one retry takes the FAILED
      // refund back to PENDING under the order's lock); the others answer it as it stands, never a second refund.
      const burst = await Promise.all(Array.from({ length: 100 }, () => refund('retry-key-001')));
      assert.deepEqual(
        [...new Set(burst.map((r) => r.status))],
        [200],
        JSON.stringify(burst.find((r) => r.status !== 200)?.body),
      );
      assert.ok(burst.every((r) => r.body.status === 'SUCCEEDED' || r.body.status === 'PENDING'));
      const retries = await api.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_events WHERE action = 'payment.refund.retry' AND customer_id = $1`,
        [customer.id],
      );
      assert.equal(retries[0]!.n, 2, 'the refused retry before, and one in the burst');
      const processor = await api.db.query<{ refunded_fening: number }>(
        `SELECT refunded_fening FROM sandbox_intents WHERE kind = 'payment' AND amount_fening = 2490 AND refunded_fening > 0`,
      );
      assert.deepEqual(
        processor.map((row) => row.refunded_fening),
        [500],
        'the processor gave back 5 KM once',
      );
      const done = await refund('retry-key-001');
      assert.equal(done.status, 200, JSON.stringify(done.body));
      assert.deepEqual(done.body, {
        creditNoteNumber: `${customer.orderNumber}-P1`,
        orderNumber: customer.orderNumber,
        amount: 5,
        status: 'SUCCEEDED',
      });
      const history = paymentListSchema.parse(
        (await api.call('GET', '/ontv-payments', { token: customer.token })).body,
      );
      assert.deepEqual(
        history[0]!.creditNotes?.map((note) => note.amount),
        [5],
        'refunded once',
      );
    });

    it('settles in the billing pass a refund whose request stopped midway: given back once, the customer told once', async (t) => {
      const { token: admin } = await firstSignIn('refund.stopped@ontv.ba', 'admin');
      const customer = await paidCustomer();
      const url = `/staff/customers/${customer.id}/payments/${customer.orderNumber}/refund`;
      const real = api.ctx.payments.gateway;
      // Two requests that stop before their answer is written: the first after the provider gave the money
      // back (its answer lost), the second before the provider heard of it. Each waits until released.
      let release = () => undefined as void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let asked = 0;
      const stalling = Object.create(real, {
        refund: {
          value: async (paymentId: string, part: { amountFening: number; idempotencyKey: string }) => {
            if (part.amountFening === 500) await real.refund(paymentId, part);
            // Counted once the request has done all it does before it stops.
            asked += 1;
            await released;
            if (part.amountFening === 300) await real.refund(paymentId, part);
          },
        },
      });
      Object.assign(api.ctx.payments, { gateway: stalling });
      t.after(() => {
        release();
        Object.assign(api.ctx.payments, { gateway: real });
      });
      const given = (key: string, amount: string) =>
        api.call('POST', url, {
          token: admin,
          body: { amount, reason: 'Prekid usluge', key, after: 'keep-to-period-end' },
        });
      const first = given('stopped-key-001', '5,00');
      const second = given('stopped-key-002', '3,00');
      const refunds = () =>
        api.db.query<{ credit_note_number: string; status: string }>(
          'SELECT credit_note_number, status FROM refunds WHERE order_number = $1 ORDER BY credit_note_number',
          [customer.orderNumber],
        );
      while ((await refunds()).length < 2 || asked < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      Object.assign(api.ctx.payments, { gateway: real });
      const processor = () =>
        api.db.query<{ refunded_fening: number }>(
          `SELECT refunded_fening FROM sandbox_intents
            WHERE id = (SELECT provider_payment_id FROM payment_orders WHERE order_number = $1)`,
          [customer.orderNumber],
        );
      const notices = async () =>
        (
          await api.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM outbox WHERE to_address = $1 AND kind = 'REFUND'`,
            [customer.email],
          )
        )[0]!.n;
      assert.deepEqual((await processor())[0]!.refunded_fening, 500, 'the first was given back, the second not yet');

      // Younger than the lease: still in its request's hands, left alone.
      assert.ok(await runBillingPass(api.ctx.billing, api.clock.now()));
      assert.deepEqual(
        (await refunds()).map((r) => r.status),
        ['PENDING', 'PENDING'],
      );
      api.clock.advance(11 * 60_000);
      // A burst of 100 passes at once (many processes, the sandbox trigger replayed): a stale refund is
      // settled only by a pass holding the lock alone, and each after the first finds nothing left.
      await Promise.all(Array.from({ length: 100 }, () => runBillingPass(api.ctx.billing, api.clock.now())));
      assert.deepEqual(
        (await refunds()).map((r) => [r.credit_note_number, r.status]),
        [
          [`${customer.orderNumber}-P1`, 'SUCCEEDED'],
          [`${customer.orderNumber}-P2`, 'SUCCEEDED'],
        ],
      );
      assert.equal((await processor())[0]!.refunded_fening, 800, '5 KM given back once, then 3 KM');
      assert.equal(await notices(), 2, 'one notice per refund');

      // The stopped requests wake up (a slow process, not a dead one): nothing is given back or told twice.
      release();
      const [one, two] = await Promise.all([first, second]);
      assert.equal(one.status, 200, JSON.stringify(one.body));
      assert.deepEqual([one.body.status, two.body.status], ['SUCCEEDED', 'SUCCEEDED']);
      assert.equal((await processor())[0]!.refunded_fening, 800);
      assert.equal(await notices(), 2);
      const history = paymentListSchema.parse(
        (await api.call('GET', '/ontv-payments', { token: customer.token })).body,
      );
      assert.deepEqual(history[0]!.creditNotes?.map((note) => note.amount).sort(), [3, 5]);
    });

    it('under a burst of 100 refunds of 5 KM with different keys, refunds no more than was paid', async () => {
      const { token: admin } = await firstSignIn('refund.burst@ontv.ba', 'admin');
      const customer = await paidCustomer();
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          api.call('POST', `/staff/customers/${customer.id}/payments/${customer.orderNumber}/refund`, {
            token: admin,
            body: {
              amount: '5',
              reason: 'Burst',
              key: `burst-key-${String(i).padStart(3, '0')}`,
              after: 'keep-to-period-end',
            },
          }),
        ),
      );
      // 24,90 KM paid: four refunds of 5 KM fit, the fifth would not.
      assert.deepEqual(
        [answers.filter((r) => r.status === 200).length, answers.filter((r) => r.status === 409).length],
        [4, 96],
      );
      const [row] = await api.db.query<{ total: number }>(
        `SELECT sum(amount_fening)::int AS total FROM refunds WHERE order_number = $1`,
        [customer.orderNumber],
      );
      assert.equal(row!.total, 2000);
    });

    it('extends a period by N days with a reason, and signs a device out', async () => {
      const { token: admin } = await firstSignIn('extend@ontv.ba', 'admin');
      const customer = await paidCustomer();
      const before = (await api.call('GET', `/staff/customers/${customer.id}`, { token: admin })).body;
      const extended = await api.call('POST', `/staff/customers/${customer.id}/extend`, {
        token: admin,
        body: { days: 7, reason: 'Prekid signala' },
      });
      assert.equal(extended.status, 200);
      const days = (Date.parse(extended.body.nextPaymentOn) - Date.parse(before.nextPaymentOn)) / 86_400_000;
      assert.equal(days, 7);
      assert.equal(
        (
          await api.call('POST', `/staff/customers/${customer.id}/extend`, {
            token: admin,
            body: { days: 400, reason: 'Previše' },
          })
        ).status,
        400,
      );

      // Not through a block either: a blocked customer's status reads BLOCKED, whatever it was.
      await api.call('POST', `/staff/customers/${customer.id}/block`, { token: admin, body: { reason: 'Provjera' } });
      const whileBlocked = await api.call('POST', `/staff/customers/${customer.id}/extend`, {
        token: admin,
        body: { days: 7, reason: 'Prekid signala' },
      });
      assert.equal(whileBlocked.status, 409);
      await api.call('POST', `/staff/customers/${customer.id}/unblock`, {
        token: admin,
        body: { reason: 'Provjereno' },
      });
      customer.token = (await customerLogin(customer.email)).body.token as string;

      const devices = await api.call('GET', `/staff/customers/${customer.id}/devices`, { token: admin });
      assert.equal(devices.body.length, 1);
      const malformed = await api.call('POST', `/staff/customers/${customer.id}/sign-out`, {
        token: admin,
        body: { sessionId: '-'.repeat(36), reason: 'Izgubljen telefon' },
      });
      assert.equal(malformed.status, 400);
      const after = await api.call('POST', `/staff/customers/${customer.id}/sign-out`, {
        token: admin,
        body: { sessionId: devices.body[0].id, reason: 'Izgubljen telefon' },
      });
      assert.deepEqual(after.body, []);
      assert.equal((await api.call('GET', '/customer/devices', { token: customer.token })).status, 401);
    });

    it('under bursts of 100: one code signs in once, a block happens once, and wrong passwords are checked at most 5 times', async () => {
      await firstSignIn('burst@ontv.ba', 'admin', 'Burst Admin');
      const { secret } = await firstSignIn('burst2@ontv.ba', 'admin', 'Burst Dva');
      const login = await api.call('POST', '/staff/login', {
        body: { email: 'burst2@ontv.ba', password: NEW_PASSWORD },
      });
      api.clock.advance(30_000);
      const code = totpCode(secret, api.clock.now());
      const codes = await Promise.all(
        Array.from({ length: 100 }, () =>
          api.call('POST', '/staff/totp', { token: login.body.challenge, body: { code } }),
        ),
      );
      const tokens = codes.filter((r) => r.status === 200);
      assert.equal(tokens.length, 1, `statuses: ${[...new Set(codes.map((r) => r.status))]}`);
      const admin = tokens[0]!.body.token as string;

      const id = (
        await api.call('POST', '/staff/customers/search', { token: admin, body: { q: 'deaktivirana@ontv.ba' } })
      ).body.items[0].id as number;
      const blocks = await Promise.all(
        Array.from({ length: 100 }, () =>
          api.call('POST', `/staff/customers/${id}/block`, { token: admin, body: { reason: 'Dupli klik' } }),
        ),
      );
      assert.deepEqual(
        [blocks.filter((r) => r.status === 200).length, blocks.filter((r) => r.status === 409).length],
        [1, 99],
      );
      const trail = await api.call('GET', `/staff/customers/${id}/audit`, { token: admin });
      assert.equal(trail.body.items.filter((e: { action: string }) => e.action === 'customer.block').length, 1);
      const unblocked = await api.call('POST', `/staff/customers/${id}/unblock`, {
        token: admin,
        body: { reason: 'Vraćeno' },
      });
      assert.equal(unblocked.body.status, 'DEACTIVATED', 'the status before the block comes back');

      const wrong = await Promise.all(
        Array.from({ length: 100 }, () =>
          api.call('POST', '/staff/login', { body: { email: 'burst@ontv.ba', password: 'Pogresna-Lozinka-1!' } }),
        ),
      );
      assert.ok(wrong.filter((r) => r.status === 401).length <= 5, 'at most 5 passwords checked');
      assert.equal(wrong.filter((r) => r.status === 429).length + wrong.filter((r) => r.status === 401).length, 100);
    });

    it('asks what a refund does to the period, does it, records it, and the billing pass charges nothing after either', async () => {
      const { token: admin } = await firstSignIn('refund.period@ontv.ba', 'admin');
      const today = isoDay(api.clock.now());
      const ending = await paidCustomer();
      const keeping = await paidCustomer();
      const blocked = await paidCustomer();
      const refund = (customer: { id: number; orderNumber: string }, after: string | undefined, key: string) =>
        api.call('POST', `/staff/customers/${customer.id}/payments/${customer.orderNumber}/refund`, {
          token: admin,
          body: { amount: '24,90', reason: 'Prekid usluge', key, ...(after === undefined ? {} : { after }) },
        });
      const subscription = async (customerId: number) =>
        (
          await api.db.query<{ status: string; next_payment_on: string }>(
            `SELECT status, to_char(next_payment_on, 'YYYY-MM-DD') AS next_payment_on FROM subscriptions WHERE customer_id = $1`,
            [customerId],
          )
        )[0]!;
      const paidUntil = (await subscription(ending.id)).next_payment_on;
      assert.ok(paidUntil > today);

      for (const after of [undefined, '', 'forever']) {
        const refused = await refund(ending, after, 'no-choice-001');
        assert.equal(refused.status, 400, String(after));
        assert.match(
          refused.body.message,
          /after: Odaberi šta biva s pretplatom: prekida se odmah ili traje do kraja perioda bez obnove\./,
        );
      }
      assert.equal((await subscription(ending.id)).status, 'ACTIVE', 'a refused refund changes nothing');

      assert.equal((await refund(ending, 'end-now', 'end-now-001')).status, 200);
      assert.deepEqual(await subscription(ending.id), { status: 'EXPIRED', next_payment_on: today });
      const info = await api.call('GET', '/ontv/accountInfo', { token: ending.token });
      assert.equal(info.body.status, 'EXPIRED', 'the customer sees it ended, and may buy again');

      assert.equal((await refund(keeping, 'keep-to-period-end', 'keep-001')).status, 200);
      assert.deepEqual(await subscription(keeping.id), { status: 'DEACTIVATED', next_payment_on: paidUntil });
      const told = await api.db.query(`SELECT 1 FROM outbox WHERE to_address = $1 AND kind = 'DEACTIVATED'`, [
        keeping.email,
      ]);
      assert.equal(told.length, 1, 'the customer is told, as at their own deactivation');

      // A blocked customer reads BLOCKED still, and gets the chosen status back when unblocked.
      const block = (path: string) =>
        api.call('POST', `/staff/customers/${blocked.id}/${path}`, { token: admin, body: { reason: 'Provjera' } });
      assert.equal((await block('block')).status, 200);
      assert.equal((await refund(blocked, 'keep-to-period-end', 'blocked-001')).status, 200);
      assert.equal((await subscription(blocked.id)).status, 'BLOCKED');
      assert.equal((await block('unblock')).body.status, 'DEACTIVATED');

      const trail = await api.db.query<{ customer_id: number; after: { period: string; status: string } }>(
        `SELECT customer_id, after FROM audit_events WHERE action = 'payment.refund' AND customer_id = ANY($1) ORDER BY id`,
        [[ending.id, keeping.id]],
      );
      assert.deepEqual(
        trail.map((entry) => [entry.customer_id, entry.after.period, entry.after.status]),
        [
          [ending.id, 'end-now', 'EXPIRED'],
          [keeping.id, 'keep-to-period-end', 'DEACTIVATED'],
        ],
      );

      // Past the paid period, and again a month on: no renewal is ordered or charged for any of them.
      const charges = async () =>
        (
          await api.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM payment_orders WHERE customer_id = ANY($1) AND kind = 'RENEWAL'`,
            [[ending.id, keeping.id, blocked.id]],
          )
        )[0]!.n;
      assert.equal(await charges(), 3, 'the three renewals refunded');
      for (const days of [0, 32, 62]) {
        api.clock.set(new Date(`${paidUntil}T08:00:00Z`));
        api.clock.advance(days * 86_400_000);
        await runBillingPass(api.ctx.billing, api.clock.now());
      }
      assert.equal(await charges(), 3, 'no renewal after either choice');
      assert.equal((await subscription(keeping.id)).status, 'EXPIRED', 'kept to its end, then over');
      assert.equal((await subscription(blocked.id)).status, 'EXPIRED');
    });
  });
}
