import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  accountInfoSchema,
  creditCardListSchema,
  invoiceSchema,
  newCardResponseSchema,
  paymentListSchema,
  paymentOrderResponseSchema,
} from '@portal/shared/contract';
import { DEMO_CUSTOMER, DEMO_CUSTOMERS } from '../src/db/seed';
import { invoicePdfRenders } from '../src/http/metrics';
import { isoDay } from '../src/days';
import {
  addCard as addCardWith,
  CARD_HOLDER as HOLDER,
  device,
  engines,
  payOrder,
  startApi,
  testCustomer,
  type StartedApi,
} from './harness';

const email = (start: string) => DEMO_CUSTOMERS.find((c) => c.email.startsWith(start))!.email;
const CARD = {
  succeed: '4242424242424242',
  decline: '4000000000000002',
  funds: '4000000000009995',
  challenge: '4000000000003220',
  later: '4000000000000341',
};

for (const engine of engines()) {
  describe(`cards and payments on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine, env: { LOGIN_LIMIT_CLIENT: '1000', LOGIN_LIMIT_ACCOUNT: '1000' } });
    });
    after(async () => {
      await api?.close();
    });

    const logIn = async (username: string) => {
      const response = await api.call('POST', '/login', {
        body: { username, password: DEMO_CUSTOMER.password, ...device },
      });
      assert.equal(response.status, 200, `login of ${username}`);
      return (response.body as { token: string }).token;
    };
    const cards = async (token: string) =>
      creditCardListSchema.parse((await api.call('GET', '/credit-card', { token })).body);
    const info = async (token: string) =>
      accountInfoSchema.parse((await api.call('GET', '/ontv/accountInfo', { token })).body);

    const addCard = (token: string, number: string) => addCardWith(api, token, number);
    const processor = (path: string, body: unknown) => api.processor(path, body);

    async function order(token: string, cardCode: string, plan = 'starton', amount = 14.9, key?: string) {
      return api.call('POST', '/ontv-payments/new-account/order', {
        token,
        body: { creditCardId: cardCode, amount, ontvPlanId: plan },
        headers: key ? { 'idempotency-key': key } : {},
      });
    }
    const pay = (secret: string, cvc = '123') => payOrder(api, secret, cvc);

    it('saves a card through the processor: the portal keeps only the masked number, the first card is primary', async () => {
      const token = await logIn(email('demo'));
      assert.deepEqual(await cards(token), []);
      const added = await addCard(token, CARD.succeed);
      assert.equal(added.confirmed.status, 'succeeded');
      const [card] = await cards(token);
      assert.equal(card?.code, added.code);
      assert.equal(card?.cardNumber, '**** **** **** 4242');
      assert.equal(card?.creditCardTypeCode, 'visa');
      assert.equal(card?.primaryCard, true);
      assert.equal(card?.fullName, HOLDER.fullName);
      assert.equal(card?.expirationDateMm, 12);
      // No table holds a card number.
      const tables = await api.db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
      );
      for (const { table_name } of tables) {
        const rows = await api.db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${table_name}" t`);
        assert.ok(!rows.some((r) => r.row.includes(CARD.succeed)), `${table_name} holds no card number`);
      }
      // The payment data of the account page lists it too.
      const data = (await api.call('GET', '/customer/payment-data', { token })).body as { creditCards: unknown[] };
      assert.equal(data.creditCards.length, 1);
    });

    it('lists no card that was declined, and asks for a 3-D Secure challenge that can pass or fail', async () => {
      const token = await logIn(email('blokirana'));
      const before = await cards(token);
      const declined = await addCard(token, CARD.decline);
      assert.deepEqual(declined.confirmed, { status: 'failed', code: 'card_declined' });
      const unknown = await addCard(token, '4111111111111111');
      assert.equal(unknown.confirmed.status, 'failed');
      const badNumber = await addCard(token, '4242424242424241');
      assert.deepEqual(badNumber.confirmed, { status: 'failed', code: 'incorrect_number' });
      assert.deepEqual(await cards(token), before);

      const failing = await addCard(token, CARD.challenge);
      assert.equal(failing.confirmed.status, 'requires_action');
      assert.deepEqual(
        (
          await processor(`/intents/${failing.setupId}/challenge`, {
            client_secret: failing.paymentSecret,
            approve: false,
          })
        ).body,
        { status: 'failed', code: 'authentication_failed' },
      );
      assert.deepEqual(await cards(token), before);

      const passing = await addCard(token, CARD.challenge);
      assert.equal(
        (
          await processor(`/intents/${passing.setupId}/challenge`, {
            client_secret: passing.paymentSecret,
            approve: true,
          })
        ).body.status,
        'succeeded',
      );
      const after = await cards(token);
      assert.equal(after.length, before.length + 1);
      assert.equal(
        after.find((c) => c.code === passing.code)?.primaryCard,
        false,
        'the customer already had a primary card',
      );
    });

    it('refuses bad card-holder data with the form messages and a wrong secret at the processor', async () => {
      const token = await logIn(email('blokirana'));
      const { code, paymentSecret } = newCardResponseSchema.parse(
        (await api.call('POST', '/credit-card', { token })).body,
      );
      const bad = await api.call('PATCH', `/credit-card/${code}`, {
        token,
        body: { ...HOLDER, phone: '12345', zip: '1' },
      });
      assert.equal(bad.status, 400);
      assert.match(bad.body.message, /Molimo unesite ispravan broj telefona/);
      assert.match(bad.body.message, /Molimo unesite ispravan poštanski broj/);
      const setupId = paymentSecret.split('_secret_')[0];
      const wrongSecret = await processor(`/setup_intents/${setupId}/confirm`, {
        client_secret: `${setupId}_secret_${'0'.repeat(32)}`,
        card: { number: CARD.succeed, exp_month: 12, exp_year: 30, cvc: '123' },
      });
      assert.equal(wrongSecret.status, 404);
      const expired = await processor(`/setup_intents/${setupId}/confirm`, {
        client_secret: paymentSecret,
        card: { number: CARD.succeed, exp_month: 1, exp_year: 20, cvc: '123' },
      });
      assert.equal(expired.body.status, 'failed');
      assert.equal(
        (await processor(`/setup_intents/${setupId}/confirm`, { client_secret: paymentSecret, card: 'x' })).status,
        400,
      );
    });

    it('sets a default card and deletes cards, promoting another to primary; other customers get 404 and change nothing', async () => {
      const token = await logIn(email('aktivna'));
      const second = await addCard(token, '5555555555554444');
      let list = await cards(token);
      const first = list.find((c) => c.primaryCard)!;
      assert.equal(list.length, 2);

      const other = await logIn(email('deaktivirana@'));
      const otherBefore = await cards(other);
      for (const [method, path] of [
        ['PATCH', `/credit-card/primary/${second.code}`],
        ['DELETE', `/credit-card/${second.code}`],
        ['PATCH', `/credit-card/${second.code}`],
      ] as const) {
        const refused = await api.call(method, path, {
          token: other,
          body: method === 'PATCH' && !path.includes('primary') ? HOLDER : undefined,
        });
        assert.equal(refused.status, 404, `${method} ${path} by another customer`);
      }
      assert.deepEqual(await cards(token), list);
      assert.deepEqual(await cards(other), otherBefore);
      assert.equal((await api.call('DELETE', '/credit-card/not-a-code', { token })).status, 404);

      assert.equal((await api.call('PATCH', `/credit-card/primary/${second.code}`, { token })).status, 200);
      list = await cards(token);
      assert.deepEqual(
        list.map((c) => [c.code, c.primaryCard]),
        [
          [second.code, true],
          [first.code, false],
        ],
      );

      assert.equal((await api.call('DELETE', `/credit-card/${second.code}`, { token })).status, 200);
      list = await cards(token);
      assert.deepEqual(
        list.map((c) => [c.code, c.primaryCard]),
        [[first.code, true]],
      );
    });

    it('limits card setups to ten an hour, counting cards saved and deleted again (a card tester checking numbers)', async () => {
      const token = await logIn(email('starton'));
      for (let i = 0; i < 10; i += 1) {
        const added = await addCard(token, '5555555555554444');
        assert.equal(added.confirmed.status, 'succeeded', `card ${i + 1}`);
        assert.equal((await api.call('DELETE', `/credit-card/${added.code}`, { token })).status, 200);
      }
      const eleventh = await api.call('POST', '/credit-card', { token });
      assert.equal(eleventh.status, 429);
      assert.match(
        (eleventh.body as { message: string }).message,
        /^Previše pokušaja dodavanja kartice\. Pokušaj ponovo za ([1-9]|[1-5]\d|60) min\.$/,
      );
      assert.match(eleventh.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
    });

    it('renders an invoice PDF once however many ask at once, and at most ten new ones a minute for one customer', async () => {
      const customer = await testCustomer(api.db, { nextPaymentOn: '2026-04-01', emailPrefix: 'racuni' });
      const orders = (
        await api.db.query<{ order_number: string }>(
          `INSERT INTO payment_orders (order_number, customer_id, plan_code, card_number, amount_fening, status, idempotency_key, period_start, period_end, created_at, updated_at)
           SELECT '2026-' || lpad(nextval('order_numbers')::text, 6, '0'), $1, 'maxon', '**** **** **** 4242', 2490, 'PAID', 'test-' || n, '2026-03-01', '2026-04-01', now(), now()
             FROM generate_series(1, 12) AS n RETURNING order_number`,
          [customer.id],
        )
      ).map((row) => row.order_number);
      const token = await logIn(customer.email);
      const renders = async () => (await invoicePdfRenders.get()).values[0]?.value ?? 0;
      const pdf = async (orderNumber: string) => {
        const response = await fetch(`${api.url}/api/ontv-payments/${orderNumber}/pdf`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
      };

      const before = await renders();
      const burst = await Promise.all(Array.from({ length: 60 }, () => pdf(orders[0]!)));
      assert.deepEqual([...new Set(burst.map((a) => a.status))], [200]);
      assert.equal(new Set(burst.map((a) => a.body.toString('base64'))).size, 1, 'the same file for all');
      assert.equal((await renders()) - before, 1, 'rendered once');

      for (const orderNumber of orders.slice(1, 10)) assert.equal((await pdf(orderNumber)).status, 200);
      const eleventh = await fetch(`${api.url}/api/ontv-payments/${orders[10]}/pdf`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(eleventh.status, 429, 'an eleventh new invoice within the minute');
      assert.match(
        ((await eleventh.json()) as { message: string }).message,
        /^Previše zahtjeva za PDF račune\. Pokušaj ponovo za 1 min\.$/,
      );
      assert.equal((await pdf(orders[0]!)).status, 200, 'a rendered invoice is read, not limited');
      assert.equal((await renders()) - before, 10);
    });

    it('sells a period to an EXPIRED customer: order, payment with the security code, ACTIVE, history and invoice', async () => {
      const token = await logIn(email('istekla'));
      assert.equal((await info(token)).status, 'EXPIRED');
      const { code } = await addCard(token, CARD.succeed);

      const paymentInfo = await api.call('GET', '/ontv-payments/new-account/payment-info/maxon', { token });
      assert.equal(paymentInfo.status, 200);
      const today = isoDay(api.clock.now());
      assert.deepEqual(paymentInfo.body, {
        ontvPlan: { id: 'maxon', name: 'MaxON', price: 24.9 },
        periodStart: today,
        periodEnd: '2026-04-01',
      });
      assert.equal((await api.call('GET', '/ontv-payments/new-account/payment-info/gold', { token })).status, 404);

      const stale = await order(token, code, 'maxon', 19.9);
      assert.equal(stale.status, 409);
      assert.equal(stale.body.code, 'PRICE_CHANGED');

      const placed = await order(token, code, 'maxon', 24.9, 'order-key-0001');
      assert.equal(placed.status, 200);
      const answer = paymentOrderResponseSchema.parse(placed.body);
      assert.deepEqual(answer.orderInfo, { orderInfo: `MaxON, narudžba ${answer.orderNumber}`, amount: 24.9 });
      assert.equal(answer.card.code, code);
      // A double click or a retry: the same order and the same payment.
      const twice = paymentOrderResponseSchema.parse((await order(token, code, 'maxon', 24.9, 'order-key-0001')).body);
      assert.equal(twice.orderNumber, answer.orderNumber);
      assert.equal(twice.paymentSecret, answer.paymentSecret);
      assert.equal(
        (await order(token, code, 'starton', 14.9, 'order-key-0001')).status,
        422,
        'the key of another order',
      );

      assert.equal((await pay(answer.paymentSecret, '12')).body.code, 'incorrect_cvc');
      assert.deepEqual((await pay(answer.paymentSecret)).body, { status: 'succeeded' });
      assert.deepEqual(
        (await pay(twice.paymentSecret)).body,
        { status: 'succeeded' },
        'confirming again charges nothing more',
      );

      const account = await info(token);
      assert.equal(account.status, 'ACTIVE');
      assert.equal(account.plan?.code, 'maxon');
      assert.equal(account.nextPaymentOn, '2026-04-01');

      const history = paymentListSchema.parse((await api.call('GET', '/ontv-payments', { token })).body);
      assert.equal(history.length, 1, 'one payment');
      assert.deepEqual(
        { ...history[0], updated: undefined },
        {
          orderNumber: answer.orderNumber,
          updated: undefined,
          periodStart: today,
          periodEnd: '2026-04-01',
          creditCardNumber: '**** **** **** 4242',
          amount: 24.9,
          paymentData: { name: 'MaxON' },
        },
      );
      const invoice = invoiceSchema.parse(
        (await api.call('GET', `/ontv-payments/${answer.orderNumber}`, { token })).body,
      );
      const customer = DEMO_CUSTOMERS.find((c) => c.email === email('istekla'))!;
      assert.equal(invoice.customer.fullName, `${customer.firstName} ${customer.lastName}`);
      assert.equal(invoice.customer.accountNumber, '1000006');
      assert.equal(invoice.amount, 24.9);
      assert.equal(invoice.means, 'Karticom Visa …4242', 'the invoice names the real means');

      // Another customer can read neither the invoice nor pay with the card.
      const other = await logIn(email('aktivna'));
      assert.equal((await api.call('GET', `/ontv-payments/${answer.orderNumber}`, { token: other })).status, 404);
      assert.equal((await order(other, code, 'maxon', 24.9)).status, 404);
      assert.equal((await api.call('GET', '/ontv-payments/2026-999999', { token })).status, 404);

      // Now ACTIVE: a second purchase is refused.
      assert.equal((await order(token, code, 'maxon', 24.9)).body.code, 'ALREADY_SUBSCRIBED');
    });

    it('leaves no active subscription after a declined payment or insufficient funds', async () => {
      const token = await logIn(email('demo'));
      for (const number of [CARD.later, CARD.funds]) {
        const { code, confirmed } = await addCard(token, number);
        assert.equal(confirmed.status, 'succeeded', 'the 0,10 KM verification passes');
        const answer = paymentOrderResponseSchema.parse((await order(token, code)).body);
        const paid = await pay(answer.paymentSecret);
        assert.deepEqual(paid.body, {
          status: 'failed',
          code: number === CARD.funds ? 'insufficient_funds' : 'card_declined',
        });
        assert.equal((await info(token)).status, null);
        assert.deepEqual((await api.call('GET', '/ontv-payments', { token })).body, []);
      }
    });

    it('reactivates with payment a DEACTIVATED subscription whose period ended, with the saved card', async () => {
      const token = await logIn(email('deaktivirana.istekla'));
      const [card] = await cards(token);
      const answer = paymentOrderResponseSchema.parse((await order(token, card!.code, 'starton', 14.9)).body);
      assert.equal((await pay(answer.paymentSecret)).body.status, 'succeeded');
      assert.equal((await info(token)).status, 'ACTIVE');
      // A DEACTIVATED subscription still in its period reactivates without payment instead.
      const inPeriod = await logIn(email('deaktivirana@'));
      const [own] = await cards(inPeriod);
      assert.equal((await order(inPeriod, own!.code)).body.code, 'ALREADY_SUBSCRIBED');
    });

    it('starts a promo subscription only with a primary card, for a plan with a running promo', async () => {
      // The demo customer saved cards above and has no subscription.
      const demo = await logIn(email('demo'));
      const blocked = await logIn(email('blokirana'));
      assert.equal(
        (await api.call('POST', '/ontv/createSubscriptionInPromoPeriod', { token: blocked, body: { plan: 'starton' } }))
          .body.code,
        'ACCOUNT_BLOCKED',
      );
      assert.equal(
        (await api.call('POST', '/ontv/createSubscriptionInPromoPeriod', { token: demo, body: { plan: 'gold' } }))
          .status,
        404,
      );
      assert.equal(
        (await api.call('POST', '/ontv/createSubscriptionInPromoPeriod', { token: demo, body: { plan: 7 } })).status,
        400,
      );

      const started = await api.call('POST', '/ontv/createSubscriptionInPromoPeriod', {
        token: demo,
        body: { plan: 'starton' },
      });
      assert.equal(started.status, 200);
      assert.deepEqual(started.body, { status: 'ACTIVE', nextPaymentOn: '2026-03-15' });
      const account = await info(demo);
      assert.deepEqual(account.promos, [
        { status: 'ACTIVE', promoType: 'DURATION_BASED', durationUntil: '2026-03-15', durationDays: 14 },
      ]);
      assert.equal(
        (await api.call('POST', '/ontv/createSubscriptionInPromoPeriod', { token: demo, body: { plan: 'maxon' } })).body
          .code,
        'ALREADY_SUBSCRIBED',
      );
    });

    it("keeps where a sale came from (the widget's ref) with its order and its promo, at most 200 characters", async () => {
      const buyer = await testCustomer(api.db, { nextPaymentOn: '2026-01-01', status: 'EXPIRED', plan: 'starton' });
      const token = await logIn(buyer.email);
      const [card] = await cards(token);
      const long = await api.call('POST', '/ontv-payments/new-account/order', {
        token,
        body: { creditCardId: card!.code, amount: 14.9, ontvPlanId: 'starton', ref: 'x'.repeat(201) },
      });
      assert.equal(long.status, 400);
      const placed = await api.call('POST', '/ontv-payments/new-account/order', {
        token,
        body: { creditCardId: card!.code, amount: 14.9, ontvPlanId: 'starton', ref: ' naslovna-baner ' },
      });
      assert.equal(placed.status, 200);
      const [order] = await api.db.query<{ ref: string | null }>(
        'SELECT ref FROM payment_orders WHERE order_number = $1',
        [(placed.body as { orderNumber: string }).orderNumber],
      );
      assert.equal(order?.ref, 'naslovna-baner');

      const promoBuyer = await testCustomer(api.db, {
        nextPaymentOn: '2026-01-01',
        status: 'EXPIRED',
        plan: 'starton',
      });
      const promo = await api.call('POST', '/ontv/createSubscriptionInPromoPeriod', {
        token: await logIn(promoBuyer.email),
        body: { plan: 'maxon', ref: 'jesenja-akcija' },
      });
      assert.equal(promo.status, 200, JSON.stringify(promo.body));
      const [use] = await api.db.query<{ ref: string | null }>(
        `SELECT ref FROM promo_uses WHERE customer_id = $1 AND plan_code = 'maxon'`,
        [promoBuyer.id],
      );
      assert.equal(use?.ref, 'jesenja-akcija');
    });

    it('refuses a promo subscription without a saved card', async () => {
      const token = await logIn(email('istekla'));
      // This customer bought a period above: make it EXPIRED again and delete its cards.
      await api.db.query(
        `UPDATE subscriptions SET status = 'EXPIRED' WHERE customer_id = (SELECT id FROM customers WHERE email = $1)`,
        [email('istekla')],
      );
      for (const card of await cards(token)) await api.call('DELETE', `/credit-card/${card.code}`, { token });
      const refused = await api.call('POST', '/ontv/createSubscriptionInPromoPeriod', {
        token,
        body: { plan: 'starton' },
      });
      assert.equal(refused.status, 409);
      assert.equal(refused.body.code, 'NO_CARD');
      assert.equal((await info(token)).status, 'EXPIRED');
    });

    it('answers 401 to every card and payment call without a token', async () => {
      for (const [method, path] of [
        ['POST', '/credit-card'],
        ['GET', '/credit-card'],
        ['PATCH', '/credit-card/primary/x'],
        ['DELETE', '/credit-card/x'],
        ['POST', '/ontv-payments/new-account/order'],
        ['GET', '/ontv-payments'],
        ['GET', '/ontv-payments/2026-000001'],
        ['GET', '/ontv-payments/new-account/payment-info/starton'],
        ['POST', '/ontv/createSubscriptionInPromoPeriod'],
      ] as const) {
        assert.equal((await api.call(method, path)).status, 401, `${method} ${path}`);
      }
    });
  });
}
