import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '../../test/lib/tempDir';
import { createServer } from '../src/server';
import { runBilling } from '../src/money/billing/job';
import { isoDay } from '../src/days';
import { riseAppliesFrom } from '../src/catalogue/prices';
import { planPriceSql } from '../src/repositories/prices';
import { customerToken, engines, staffToken as staffTokenOf, startApi, testCustomer, type StartedApi } from './harness';

const BURST = 100;

/** A package card as remotes/catalogue's PlanCard draws it: the ribbon first in the card, when there is one. */
const cardHtml = (code: string, ribbon: string | null, price: string) =>
  `<article class="card" aria-labelledby="paket-${code}">${ribbon === null ? '' : `<p class="rib">${ribbon}</p>`}` +
  `<div class="body"><h2 id="paket-${code}">${code}</h2><p><strong>${price}</strong></p></div></article>`;

/** A package's Offer as the catalogue's build writes it (prerender/pages.ts, packagesJsonLd). */
const offerLd = (code: string, price: string, freePeriod?: object) => {
  const monthly = {
    '@type': 'UnitPriceSpecification',
    price,
    priceCurrency: 'BAM',
    valueAddedTaxIncluded: true,
    billingDuration: 'P1M',
  };
  return {
    '@type': 'Product',
    offers: {
      '@type': 'Offer',
      price,
      priceCurrency: 'BAM',
      url: `{origin}/pretplati-se?paket=${code}`,
      priceSpecification: freePeriod ? [monthly, freePeriod] : monthly,
    },
  };
};
const FOURTEEN_DAYS_FREE = {
  '@type': 'UnitPriceSpecification',
  name: 'Besplatan promo period 14 dana!',
  price: '0.00',
  priceCurrency: 'BAM',
  billingDuration: 'P14D',
};

/**
 * A built portal as the server reads it (api/src/http/pages.ts): the host's index, configuration and shell
 * of `/paketi`, and the catalogue's `/paketi` as built before any campaign of MaxON (StartON's 14 days).
 */
function builtPortal(): string {
  const root = tempDir('ontv-prices-portal-');
  const host = path.join(root, 'host', 'dist');
  const remote = path.join(root, 'remotes', 'catalogue', 'dist');
  fs.mkdirSync(host, { recursive: true });
  fs.mkdirSync(remote, { recursive: true });
  fs.writeFileSync(
    path.join(host, 'index.html'),
    '<!doctype html><html><head><title>ON TV</title></head><body><div id=root></div></body></html>',
  );
  fs.writeFileSync(
    path.join(host, 'portal.config.json'),
    JSON.stringify({ apiBaseUrl: '/api', remotes: { catalogue: '/remotes/catalogue/mf-manifest.json' } }),
  );
  const shell = '<main><template data-portal-page=""></template></main>';
  fs.writeFileSync(path.join(host, 'shells.json'), JSON.stringify({ '/paketi': { sandbox: shell, live: shell } }));
  const manifest = JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [] });
  fs.writeFileSync(path.join(remote, 'mf-manifest.json'), manifest);
  const days14 = { status: 'ACTIVE', promoType: 'DURATION_BASED', durationUntil: null, durationDays: 14 };
  const page = {
    path: '/paketi',
    title: 'Paketi',
    description: 'Paketi ON TV',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@graph': [offerLd('starton', '14.90', FOURTEEN_DAYS_FREE), offerLd('maxon', '24.90')],
      },
    ],
    head: [],
    html: cardHtml('starton', 'Besplatan promo period 14 dana!', '14,90 KM') + cardHtml('maxon', null, '24,90 KM'),
    state: {
      queries: [
        {
          queryKey: ['plans'],
          state: {
            data: [
              { code: 'starton', name: 'StartON', price: 14.9, promos: [days14] },
              { code: 'maxon', name: 'MaxON', price: 24.9, promos: [] },
            ],
          },
        },
      ],
    },
    css: [],
    js: [],
  };
  const build = createHash('sha256').update(manifest).digest('hex');
  fs.writeFileSync(path.join(remote, 'pages.json'), JSON.stringify({ build, pages: [page] }));
  return root;
}

/** The JSON-LD Offer of a package in a served page's HTML. */
function servedOffer(html: string, code: string): Record<string, any> | undefined {
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)) {
    const graph = (JSON.parse(json!) as { '@graph'?: Array<{ offers?: { url: string } }> })['@graph'];
    const offer = graph?.find((node) => node.offers?.url.endsWith(`paket=${code}`))?.offers;
    if (offer) return offer;
  }
  return undefined;
}

describe('the first renewal a rise reaches', () => {
  it('is the first on or after both the change and the notice period', () => {
    assert.equal(riseAppliesFrom('2026-03-10', '2026-03-01', '2026-03-01', 30), '2026-04-10');
    assert.equal(riseAppliesFrom('2026-03-10', '2026-06-01', '2026-03-01', 30), '2026-06-10');
    assert.equal(riseAppliesFrom('2026-03-31', '2026-03-01', '2026-03-01', 30), '2026-03-31');
    assert.equal(riseAppliesFrom('2026-03-10', '2026-03-01', '2026-03-01', 0), '2026-03-10');
  });
});

for (const engine of engines()) {
  describe(`prices and promos from the console on ${engine}`, () => {
    let api: StartedApi;
    let admin: string;
    let agent: string;

    const staffToken = (email: string, role: 'agent' | 'admin') => staffTokenOf(api, email, role);
    const logIn = (username: string) => customerToken(api, username);
    const changePrice = (token: string, plan: string, price: string, appliesFrom: string) =>
      api.call('POST', `/staff/prices/${plan}`, {
        token,
        body: { price, appliesFrom, reason: 'Nova cjenovna politika' },
      });
    const publicPrice = async (plan: string) => {
      // The plans are served from memory for PLANS_FRESH_SECONDS.
      api.clock.advance(11_000);
      const plans = (await api.call('GET', '/ontv/plans')).body as Array<{
        code: string;
        price: number;
        promos: unknown[];
      }>;
      return plans.find((p) => p.code === plan)!;
    };
    const today = () => isoDay(api.clock.now());
    const at = (day: string) => new Date(`${day}T06:00:00Z`);
    const outbox = async (to: string) =>
      (await api.call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`)).body as Array<{
        text: string;
        channel: string;
      }>;
    const cardOf = async (customerId: number) =>
      (await api.db.query<{ code: string }>('SELECT code FROM credit_cards WHERE customer_id = $1', [customerId]))[0]!
        .code;
    const order = (token: string, card: string, amount: number, key: string) =>
      api.call('POST', '/ontv-payments/new-account/order', {
        token,
        body: { creditCardId: card, amount, ontvPlanId: 'maxon' },
        headers: { 'idempotency-key': key },
      });
    const renewalAmounts = async (customerId: number) =>
      (
        await api.db.query<{ due: string; amount_fening: number }>(
          `SELECT to_char(due_on, 'YYYY-MM-DD') AS due, amount_fening FROM payment_orders
            WHERE customer_id = $1 AND kind = 'RENEWAL' AND status = 'PAID' ORDER BY due_on`,
          [customerId],
        )
      ).map((row) => [row.due, row.amount_fening]);

    before(async () => {
      api = await startApi({
        engine,
        env: {
          SANDBOX: '1',
          LOGIN_LIMIT_CLIENT: '100000',
          LOGIN_LIMIT_ACCOUNT_TOTAL: '100000',
          PORTAL_ROOT: builtPortal(),
        },
      });
      admin = await staffToken('admin@ontv.ba', 'admin');
      agent = await staffToken('agent@ontv.ba', 'agent');
    });
    after(async () => {
      await api?.close();
    });

    it('lets agents read the prices and only admins change them, each change with its reason in the audit trail', async () => {
      const read = await api.call('GET', '/staff/prices', { token: agent });
      assert.equal(read.status, 200, JSON.stringify(read.body));
      assert.deepEqual(
        read.body.packages.map((p: { code: string; price: number }) => [p.code, p.price]),
        [
          ['starton', 14.9],
          ['maxon', 24.9],
        ],
      );
      assert.equal(read.body.noticeDays, 30);
      assert.equal((await changePrice(agent, 'starton', '15,90', today())).status, 403);
      assert.equal((await changePrice(admin, 'starton', '15,90', '2020-01-01')).status, 400);
      assert.equal((await changePrice(admin, 'nema', '15,90', today())).status, 404);
      const noReason = await api.call('POST', '/staff/prices/starton', {
        token: admin,
        body: { price: '15,90', appliesFrom: today() },
      });
      assert.equal(noReason.status, 400);
      assert.equal((await publicPrice('starton')).price, 14.9, 'nothing changed');

      const later = await changePrice(admin, 'starton', '16,90', '2026-05-01');
      assert.equal(later.status, 200, JSON.stringify(later.body));
      const starton = later.body.packages.find((p: { code: string }) => p.code === 'starton');
      assert.equal(starton.price, 14.9, 'a change from a later day is scheduled');
      assert.deepEqual(
        starton.scheduled.map((s: { price: number; appliesFrom: string }) => [s.price, s.appliesFrom]),
        [[16.9, '2026-05-01']],
      );
      const trail = await api.call('GET', '/staff/audit?action=plan.price', { token: admin });
      assert.equal(trail.body.items[0].reason, 'Nova cjenovna politika');
      assert.deepEqual(trail.body.items[0].after, {
        plan: 'starton',
        price: 16.9,
        appliesFrom: '2026-05-01',
        id: starton.scheduled[0].id,
      });
      assert.deepEqual(trail.body.items[0].before, { plan: 'starton', price: 14.9 });
    });

    it('shows a new price to new customers at once, and refuses an order at the price it replaced', async () => {
      const customer = await testCustomer(api.db, { nextPaymentOn: '2026-02-20', status: 'EXPIRED' });
      const token = await logIn(customer.email);
      const card = await cardOf(customer.id);
      const raised = await changePrice(admin, 'maxon', '29,90', today());
      assert.equal(raised.status, 200, JSON.stringify(raised.body));
      assert.equal((await publicPrice('maxon')).price, 29.9);
      const info = await api.call('GET', '/ontv-payments/new-account/payment-info/maxon', { token });
      assert.equal(info.body.ontvPlan.price, 29.9);

      const stale = await order(token, card, 24.9, 'stale-price-0001');
      assert.equal(stale.status, 409);
      assert.equal(stale.body.code, 'PRICE_CHANGED');
      assert.match(stale.body.message, /Cijena paketa se promijenila/);
      const fresh = await order(token, card, 29.9, 'fresh-price-0001');
      assert.equal(fresh.status, 200, JSON.stringify(fresh.body));
      assert.equal(fresh.body.orderInfo.amount, 29.9);

      // Back to the old price for the tests below (a cut: no notice).
      assert.equal((await changePrice(admin, 'maxon', '24,90', today())).status, 200);
      assert.equal((await publicPrice('maxon')).price, 24.9);
    });

    it('tells a subscriber of a rise and charges it only from the first renewal after the notice period; a cut at once', async () => {
      const subscriber = await testCustomer(api.db, { nextPaymentOn: '2026-03-10', plan: 'maxon' });
      const cutOne = await testCustomer(api.db, { nextPaymentOn: '2026-03-10', plan: 'starton' });
      assert.equal((await changePrice(admin, 'maxon', '27,90', today())).status, 200);
      assert.equal((await changePrice(admin, 'starton', '12,90', today())).status, 200);

      const told = (await outbox(subscriber.email)).filter((m) => /cijena tvog paketa/.test(m.text));
      assert.equal(told.length, 1, 'told once');
      assert.match(told[0]!.text, /od 10\.4\.2026\. cijena tvog paketa MaxON je 27,90 KM/);
      // A cut needs no notice; the StartON subscriber is told only of the rise scheduled for May (first test).
      const cutTold = (await outbox(cutOne.email)).map((m) => m.text);
      assert.equal(cutTold.length, 1, JSON.stringify(cutTold));
      assert.match(cutTold[0]!, /od 10\.5\.2026\. cijena tvog paketa StartON je 16,90 KM/);
      // The account page's line (customer API).
      const notice = await api.call('GET', '/ontv/priceNotice', { token: await logIn(subscriber.email) });
      assert.deepEqual(notice.body, { notice: { from: '2026-04-10', price: 27.9 } });
      // The account page shows what the subscriber pays now, not the new list price, until the rise applies.
      const planPrice = async () =>
        (await api.call('GET', '/ontv/accountInfo', { token: await logIn(subscriber.email) })).body.plan.price;
      assert.equal(await planPrice(), 24.9);

      await runBilling(api.ctx.billing, at('2026-03-10'));
      assert.equal(await planPrice(), 24.9, 'renewed inside the notice period at the old price');
      await runBilling(api.ctx.billing, at('2026-04-10'));
      assert.equal(await planPrice(), 27.9, 'renewed after it at the new one');
      assert.deepEqual(await renewalAmounts(subscriber.id), [
        ['2026-03-10', 2490],
        ['2026-04-10', 2790],
      ]);
      assert.deepEqual(await renewalAmounts(cutOne.id), [
        ['2026-03-10', 1290],
        ['2026-04-10', 1290],
      ]);
      assert.equal((await outbox(subscriber.email)).filter((m) => /cijena tvog paketa/.test(m.text)).length, 1);
      // The invoice shows the price charged.
      const [paid] = await api.db.query<{ order_number: string }>(
        `SELECT order_number FROM payment_orders WHERE customer_id = $1 AND due_on = '2026-04-10'`,
        [subscriber.id],
      );
      const invoice = await api.call('GET', `/ontv-payments/${paid!.order_number}`, {
        token: await logIn(subscriber.email),
      });
      assert.equal(invoice.body.amount, 27.9);
    });

    it('starts and ends a promo from the console: the plans show it and then drop it', async () => {
      const started = await api.call('POST', '/staff/prices/maxon/promos', {
        token: admin,
        body: { until: '2026-12-31', reason: 'Novogodišnja kampanja' },
      });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const promo = started.body.packages
        .find((p: { code: string }) => p.code === 'maxon')
        .promos.find((p: { running: boolean }) => p.running);
      assert.equal(promo.durationUntil, '2026-12-31');
      const shown = (await publicPrice('maxon')).promos as Array<{ status: string; durationUntil: string | null }>;
      assert.deepEqual(
        shown.filter((p) => p.status === 'ACTIVE').map((p) => p.durationUntil),
        ['2026-12-31'],
        'one campaign at a time: the old one ended',
      );
      assert.equal(
        (await api.call('POST', '/staff/prices/maxon/promos', { token: admin, body: { reason: 'bez trajanja' } }))
          .status,
        400,
      );
      const ended = await api.call('POST', `/staff/promos/${promo.id}/end`, {
        token: admin,
        body: { reason: 'Kraj kampanje' },
      });
      assert.equal(ended.status, 200, JSON.stringify(ended.body));
      const after = (await publicPrice('maxon')).promos as Array<{ status: string }>;
      assert.equal(after.filter((p) => p.status === 'ACTIVE').length, 0);
      assert.equal(
        (await api.call('POST', `/staff/promos/${promo.id}/end`, { token: admin, body: { reason: 'opet' } })).status,
        409,
      );
      const trail = await api.call('GET', '/staff/audit?action=plan.promo.end', { token: admin });
      assert.equal(trail.body.items[0].reason, 'Kraj kampanje');
    });

    it('serves /paketi with a campaign started in the console, its end date in the ribbon and the JSON-LD; ended, nowhere', async () => {
      const portal = await createServer(api.ctx, { portal: true });
      try {
        const paketi = async () => {
          // The served pages read the plans every PLANS_FRESH_SECONDS.
          api.clock.advance(11_000);
          const response = await portal.inject({ method: 'GET', url: '/paketi' });
          assert.equal(response.statusCode, 200);
          return response.body;
        };
        // The price the tests above left MaxON at.
        const price = (await publicPrice('maxon')).price.toFixed(2);
        const started = await api.call('POST', '/staff/prices/maxon/promos', {
          token: admin,
          body: { until: '2027-01-31', reason: 'Zimska kampanja' },
        });
        assert.equal(started.status, 200, JSON.stringify(started.body));
        const running = await paketi();
        assert.ok(running.includes('<p class="rib">Besplatan promo period do 31.1.2027.</p>'), 'the ribbon');
        const offer = servedOffer(running, 'maxon')!;
        assert.equal(offer.price, price, 'the Offer keeps the monthly price');
        assert.deepEqual(offer.priceSpecification, [
          {
            '@type': 'UnitPriceSpecification',
            price,
            priceCurrency: 'BAM',
            valueAddedTaxIncluded: true,
            billingDuration: 'P1M',
          },
          {
            '@type': 'UnitPriceSpecification',
            name: 'Besplatan promo period do 31.1.2027.',
            price: '0.00',
            priceCurrency: 'BAM',
            validThrough: '2027-01-31',
          },
        ]);

        const id = started.body.packages
          .find((p: { code: string }) => p.code === 'maxon')
          .promos.find((p: { running: boolean }) => p.running).id;
        const ended = await api.call('POST', `/staff/promos/${id}/end`, { token: admin, body: { reason: 'Kraj' } });
        assert.equal(ended.status, 200, JSON.stringify(ended.body));
        const over = await paketi();
        assert.equal(over.includes('31.1.2027'), false, 'no end date left in the page');
        const jsonLd = [...over.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].join('');
        assert.equal(jsonLd.includes('2027-01-31'), false, 'nor in its JSON-LD');
        assert.equal(servedOffer(over, 'maxon')!.priceSpecification.price, price, 'the monthly price alone');
        assert.deepEqual(
          servedOffer(over, 'starton')!.priceSpecification[1],
          FOURTEEN_DAYS_FREE,
          'the other one stays',
        );
      } finally {
        await portal.close();
      }
    });

    it(`charges each of ${BURST} orders placed while the price changes the price it was shown, or refuses it`, async () => {
      const buyers = [];
      for (let i = 0; i < BURST; i += 1) {
        const customer = await testCustomer(api.db, { nextPaymentOn: '2026-02-20', status: 'EXPIRED' });
        buyers.push({ token: await logIn(customer.email), card: await cardOf(customer.id), id: customer.id });
      }
      const before = (await publicPrice('maxon')).price;
      const shown = (i: number) => (i % 2 ? before : 31.9);
      const answers = await Promise.all([
        ...buyers.map((b, i) => order(b.token, b.card, shown(i), `burst-${engine}-${i}-aaaa`)),
        changePrice(admin, 'maxon', '31,90', today()),
      ]);
      const change = answers.pop()!;
      assert.equal(change.status, 200, JSON.stringify(change.body));
      answers.forEach((answer, i) => {
        if (answer.status === 200) assert.equal(answer.body.orderInfo.amount, shown(i), `order ${i}`);
        else assert.equal(answer.status, 409, `order ${i}`);
        if (answer.status !== 200)
          assert.equal(answer.body.code, 'PRICE_CHANGED', `order ${i}: ${JSON.stringify(answer.body)}`);
      });
      const rows = await api.db.query<{ customer_id: number; amount_fening: number }>(
        `SELECT customer_id, amount_fening FROM payment_orders WHERE customer_id = ANY($1::int[]) AND status <> 'CANCELLED'`,
        [buyers.map((b) => b.id)],
      );
      for (const row of rows) {
        const i = buyers.findIndex((b) => b.id === row.customer_id);
        assert.equal(row.amount_fening, Math.round(shown(i) * 100), `customer ${i} is charged what they were shown`);
      }
      assert.equal(rows.length, answers.filter((a) => a.status === 200).length, 'each order placed is in the table');
    });

    it('reads a price inside a query as plan_price does, for each package on each day around its changes', async () => {
      assert.equal((await changePrice(admin, 'starton', '15,90', '2027-06-01')).status, 200);
      const rows = await api.db.query<{ code: string; day: string; by_function: number | null; inline: number | null }>(
        `SELECT v.code, to_char(d, 'YYYY-MM-DD') AS day, plan_price(v.code, d::date) AS by_function,
                ${planPriceSql('v.code', 'd::date')} AS inline
           FROM (VALUES ('starton'), ('maxon'), ('nema')) v(code),
                (SELECT generate_series(DATE '2025-01-01', DATE '2028-01-01', INTERVAL '1 day') AS d
                  UNION SELECT applies_from FROM plan_prices) days(d)`,
      );
      for (const row of rows) assert.equal(row.inline, row.by_function, `${row.code} on ${row.day}`);
      const starton = new Set(rows.filter((row) => row.code === 'starton').map((row) => row.by_function));
      assert.ok(starton.has(1590) && starton.size >= 2, `StartON's prices: ${[...starton].join(', ')}`);
    });
  });
}

describe('a prerendered page served with the prices of the database', () => {
  const built = [
    { code: 'starton', name: 'StartON', price: 14.9, promos: [] },
    { code: 'maxon', name: 'MaxON', price: 24.9, promos: [] },
  ];
  const page = {
    path: '/paketi',
    html: '<p><strong>14,90 KM</strong></p><p><strong>24,90 KM</strong></p>',
    jsonLd: [
      {
        '@graph': [
          {
            '@type': 'Product',
            offers: {
              price: '24.90',
              url: '{origin}/pretplati-se?paket=maxon',
              priceSpecification: { price: '24.90', priceCurrency: 'BAM' },
            },
          },
        ],
      },
    ],
    state: { queries: [{ queryKey: ['plans'], state: { data: built } }] },
  };

  it('carries the new price in its HTML, JSON-LD and hydration state; with no plans read it is as built', async () => {
    const { withCurrentPrices } = await import('../src/http/pagePrices');
    const current = [built[0]!, { ...built[1]!, price: 29.9 }];
    const served = withCurrentPrices(page, current);
    assert.equal(served.html, '<p><strong>14,90 KM</strong></p><p><strong>29,90 KM</strong></p>');
    const offer = (served.jsonLd[0] as any)['@graph'][0].offers;
    assert.equal(offer.price, '29.90');
    assert.equal(offer.priceSpecification.price, '29.90');
    assert.deepEqual((served.state as any).queries[0].state.data, current);
    assert.equal(withCurrentPrices(page, null), page);
    assert.equal(page.html.includes('24,90 KM'), true, 'the build is left as it was');
  });

  // The cards as remotes/catalogue's PlanCard draws them: the ribbon first in the card, when there is one.
  const card = (code: string, ribbon: string | null, price: string) =>
    `<article class="card" aria-labelledby="paket-${code}">${ribbon === null ? '' : `<p class="rib">${ribbon}</p>`}` +
    `<div class="body"><h2 id="paket-${code}">${code}</h2><p><strong>${price}</strong></p></div></article>`;
  const days = (n: number) => ({
    status: 'ACTIVE',
    promoType: 'DURATION_BASED' as const,
    durationUntil: null,
    durationDays: n,
  });
  const until = (day: string) => ({
    status: 'ACTIVE',
    promoType: 'TIME_UNTIL_BASED' as const,
    durationUntil: day,
    durationDays: null,
  });
  const withPromos = (starton: unknown[], maxon: unknown[]) => [
    { code: 'starton', name: 'StartON', price: 14.9, promos: starton },
    { code: 'maxon', name: 'MaxON', price: 24.9, promos: maxon },
  ];
  const cardsPage = (html: string, plans: unknown[]) => ({
    ...page,
    html,
    state: { queries: [{ queryKey: ['plans'], state: { data: plans } }] },
  });
  const now = new Date('2026-11-27T10:00:00Z');

  it('carries the promo ribbons of the campaigns running now: a new end date, an ended one gone, a new one drawn', async () => {
    const { withCurrentPrices } = await import('../src/http/pagePrices');
    const built = cardsPage(
      card('starton', 'Besplatan promo period 14 dana!', '14,90 KM') + card('maxon', null, '24,90 KM'),
      withPromos([days(14)], []),
    );
    const started = withPromos([], [until('2027-01-31')]);
    const served = withCurrentPrices(built, started as never, now);
    assert.equal(
      served.html,
      card('starton', null, '14,90 KM') + card('maxon', 'Besplatan promo period do 31.1.2027.', '24,90 KM'),
    );
    assert.deepEqual((served.state as any).queries[0].state.data, started, 'the page hydrates with what it shows');

    const moved = withCurrentPrices(built, withPromos([until('2026-12-31')], []) as never, now);
    assert.equal(
      moved.html,
      card('starton', 'Besplatan promo period do 31.12.2026.', '14,90 KM') + card('maxon', null, '24,90 KM'),
    );
    const past = withCurrentPrices(built, withPromos([until('2026-11-26')], []) as never, now);
    assert.equal(past.html, card('starton', null, '14,90 KM') + card('maxon', null, '24,90 KM'), 'its day is over');
  });

  it('carries the running campaign in its JSON-LD offers: its end date or its days; an ended one gone', async () => {
    const { withCurrentPrices } = await import('../src/http/pagePrices');
    const built = {
      ...cardsPage(
        card('starton', 'Besplatan promo period 14 dana!', '14,90 KM') + card('maxon', null, '24,90 KM'),
        withPromos([days(14)], []),
      ),
      jsonLd: [{ '@graph': [offerLd('starton', '14.90', FOURTEEN_DAYS_FREE), offerLd('maxon', '24.90')] }],
    };
    const specs = (served: { jsonLd: object[] }, at: number) =>
      (served.jsonLd[0] as any)['@graph'][at].offers.priceSpecification;
    const started = withCurrentPrices(built, withPromos([days(14)], [until('2027-01-31')]) as never, now);
    assert.deepEqual(specs(started, 1)[1], {
      '@type': 'UnitPriceSpecification',
      name: 'Besplatan promo period do 31.1.2027.',
      price: '0.00',
      priceCurrency: 'BAM',
      validThrough: '2027-01-31',
    });
    assert.deepEqual(specs(started, 0), specs(built, 0), 'a campaign as built stays as built');
    const ended = withCurrentPrices(built, withPromos([{ ...days(14), status: 'ENDED' }], []) as never, now);
    assert.deepEqual(specs(ended, 0), offerLd('starton', '14.90').offers.priceSpecification, 'the monthly price alone');
    const past = withCurrentPrices(built, withPromos([], [until('2026-11-26')]) as never, now);
    assert.equal(specs(past, 1).price, '24.90', 'a campaign whose day is over shows no free period');
  });

  it('leaves a card without a ribbon to copy as built, and hydrates it with the promos it was drawn with', async () => {
    const { withCurrentPrices } = await import('../src/http/pagePrices');
    const built = cardsPage(card('starton', null, '14,90 KM') + card('maxon', null, '24,90 KM'), withPromos([], []));
    const served = withCurrentPrices(built, withPromos([], [days(7)]) as never, now);
    assert.equal(served.html, built.html);
    assert.deepEqual((served.state as any).queries[0].state.data, withPromos([], []));
    assert.deepEqual(served.jsonLd, built.jsonLd, 'its JSON-LD says what its HTML shows');
  });
});
