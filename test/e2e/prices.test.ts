import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { formatDate } from '@portal/shared/format';
import { addDays, addMonth, isoDay } from '../../api/src/days';
import { tempDir } from '../lib/tempDir';
import {
  addAdmin,
  addCard,
  firstSupportSignIn,
  launchBrowser,
  loggedInPage,
  outbox,
  screenshot,
  expectBooksBalanced,
  startPortal,
  type Portal,
} from './harness';

const STAFF = { email: 'cijene.admin@ontv.ba', name: 'Lejla Podrška', password: 'Podrska-Lozinka-2026!' };
/** The plans are served from memory for 10 s and the pages read them so: a change shows within a minute. */
const WITHIN_A_MINUTE = 60_000;

/** Asks `read` again, every second, until it answers something `holds` accepts (or a minute is over). */
async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + WITHIN_A_MINUTE;
  let last: T = await read();
  while (!holds(last)) {
    assert.ok(Date.now() < until, `${what} within a minute; last: ${String(last).slice(0, 400)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    last = await read();
  }
  return last;
}

/**
 * Node's `--import` of a module that moves the process's clock `days` ahead (`new Date()` and `Date.now()`;
 * dates given explicitly stay as they are): the portal restarted on the same data as it runs that day.
 */
function clockAhead(days: number): string[] {
  const source = `const Real = Date; const shift = ${days * 86_400_000};
class Shifted extends Real { constructor(...a) { if (a.length === 0) super(Real.now() + shift); else super(...a); }
  static now() { return Real.now() + shift; } }
globalThis.Date = Shifted;`;
  return ['--import', `data:text/javascript,${encodeURIComponent(source)}`];
}

/** The JSON-LD offer of a package in a served page's HTML. */
function offerOf(html: string, code: string): { price: string } | undefined {
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)) {
    const graph = (JSON.parse(json!) as { '@graph'?: Array<{ offers?: { price: string; url: string } }> })['@graph'];
    const offer = graph?.find((node) => node.offers?.url.endsWith(`paket=${code}`))?.offers;
    if (offer) return offer;
  }
  return undefined;
}

/**
 * Prices and promos run from the console (docs/prices-and-promos.md), as `npm start` serves them: an admin
 * raises MaxON's price; within a minute the served `/paketi` (its HTML and JSON-LD) and the widget show it,
 * a new customer subscribes at it, and a MaxON subscriber is told of it, then charged the old price at the
 * renewal inside the notice period and the new one after it (sandbox billing passes at those days); a
 * promo started in the console shows on the served page and goes when it is ended, and a campaign until
 * a day goes from the served page the day after (the portal restarted on its data with its clock ahead).
 */
describe('prices and promos from the console, in a browser', () => {
  let portal: Portal;
  let browser: Browser;
  let supportPage: Page;
  let oneTimePassword = '';
  let dataDir = '';

  before(async () => {
    dataDir = tempDir('ontv-e2e-prices-');
    oneTimePassword = addAdmin(dataDir, STAFF);
    [portal, browser] = await Promise.all([
      startPortal({ name: 'prices', env: { DATA_DIR: dataDir, SANDBOX: '1' } }),
      launchBrowser(),
    ]);
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'bs-BA' });
    supportPage = await context.newPage();
  });
  after(async () => {
    await browser?.close();
    try {
      if (portal) await expectBooksBalanced(portal);
    } finally {
      await portal?.stop();
    }
  });

  const served = async (pathname: string) => (await fetch(`${portal.url}${pathname}`)).text();
  /** What an operator's `npm run billing -- --at` does, through the sandbox's trigger: a pass at 06:00 UTC of `day`. */
  async function billAt(day: string): Promise<{ charged: number; failed: number }> {
    const response = await fetch(`${portal.url}/api/dev/billing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: `${day}T06:00:00Z` }),
    });
    assert.equal(response.status, 200, await response.clone().text());
    return (await response.json()) as { charged: number; failed: number };
  }
  const dialog = (name: string) => supportPage.getByRole('dialog', { name });

  it('signs the admin in and shows the packages with their prices', async () => {
    const page = supportPage;
    await firstSupportSignIn(page, portal.url, STAFF, oneTimePassword);

    await page.getByRole('navigation').getByRole('link', { name: 'Paketi i cijene' }).click();
    await page.getByRole('heading', { name: 'MaxON', level: 2 }).waitFor();
    await page.getByText('24,90 KM mjesečno, PDV uključen').waitFor();
  });

  it('raises MaxON’s price: the served page, its JSON-LD and the widget show it within a minute', async () => {
    const page = supportPage;
    await page.getByRole('button', { name: 'Promijeni cijenu paketa MaxON' }).click();
    const change = dialog('Nova cijena paketa MaxON');
    await change.getByLabel('Nova cijena (KM)').fill('27,90');
    await change.getByLabel('Razlog').fill('Nova cjenovna politika');
    await change.getByRole('button', { name: 'Potvrdi' }).click();
    await page.getByText(/Cijena paketa MaxON od .* je 27,90 KM\./).waitFor();
    await screenshot(page, 'console-prices');

    const html = await eventually(
      () => served('/paketi'),
      (text) => text.includes('<strong>27,90 KM</strong>'),
      'the served /paketi with the new price',
    );
    assert.equal(html.includes('<strong>24,90 KM</strong>'), false, 'no old price left in the HTML');
    assert.equal(offerOf(html, 'maxon')?.price, '27.90');
    assert.equal(offerOf(html, 'starton')?.price, '14.90');

    const widgetPage = await browser.newPage();
    await widgetPage.goto(`${portal.url}/remotes/catalogue/embed/demo.html`);
    const widget = widgetPage.locator('tv-paketi').first();
    await widget.getByRole('heading', { name: 'MaxON' }).waitFor();
    await widget.getByText('27,90 KM').waitFor();
    await widgetPage.close();
  });

  it('tells the MaxON subscriber, by e-mail and SMS and on their account page', async () => {
    const told = await eventually(
      async () => (await outbox(portal.url, 'aktivna@ontv.ba')).filter((m) => /cijena tvog paketa/.test(m.text ?? '')),
      (messages) => messages.length === 1,
      'the notice of the rise',
    );
    assert.match(told[0]!.text ?? '', /cijena tvog paketa MaxON je 27,90 KM/);
    const subscriber = await loggedInPage(browser, portal.url, 'aktivna@ontv.ba');
    await subscriber.getByText(/^Od \d{1,2}\.\d{1,2}\.\d{4}\. cijena tvog paketa je 27,90 KM$/).waitFor();
    await subscriber.context().close();
  });

  it('charges the MaxON subscriber the old price at the renewal inside the notice period, the new one after it', async () => {
    const today = isoDay(new Date());
    // aktivna@ontv.ba renews in 20 days (docs/trying-it.md): inside the 30 days' notice, then a month later past it.
    const insideNotice = addDays(today, 20);
    const afterNotice = addMonth(insideNotice);
    assert.ok(insideNotice < addDays(today, 30) && afterNotice >= addDays(today, 30));
    const receipts = async () =>
      (await outbox(portal.url, 'aktivna@ontv.ba'))
        .map((m) => m.text ?? '')
        .filter((text) => /^ON TV: pretplata na paket MaxON je produžena/.test(text));

    assert.ok((await billAt(insideNotice)).charged >= 1);
    assert.match((await receipts())[0] ?? '', /Naplaćeno je 24,90 KM s kartice/);
    assert.ok((await billAt(afterNotice)).charged >= 1);
    const [second, first] = await receipts();
    assert.match(first ?? '', /Naplaćeno je 24,90 KM s kartice/);
    assert.match(second ?? '', /Naplaćeno je 27,90 KM s kartice/);

    // The subscriber's payment history, newest first: the new price, then the old one.
    const page = await loggedInPage(browser, portal.url, 'aktivna@ontv.ba');
    await page.goto(`${portal.url}/nalog/istorija-uplata`);
    await page.getByRole('row').nth(1).getByText('27,90 KM').waitFor();
    await page.getByRole('row').nth(2).getByText('24,90 KM').waitFor();
    await screenshot(page, 'prices-renewals');
    await page.context().close();
  });

  it('lets a new customer subscribe at the new price', async () => {
    const page = await loggedInPage(browser, portal.url, 'istekla@ontv.ba');
    await page.goto(`${portal.url}/pretplati-se?paket=maxon`);
    await page.getByText('27,90 KM mjesečno, PDV uključen').waitFor();
    const card = await addCard(page, '4242 4242 4242 4242', 'Unesi karticu');
    await card.getByRole('heading', { name: 'Čestitamo' }).waitFor();
    await card.getByRole('button', { name: 'Zatvori', exact: true }).first().click();
    await page.goto(`${portal.url}/potvrdi-pretplatu?plan=maxon`);
    await page.getByText('27,90 KM mjesečno, PDV uključen').waitFor();
    await page.getByText('**** **** **** 4242').waitFor();
    await page.getByLabel(/automatski naplaćuje/).check();
    await page.getByRole('button', { name: 'Plati i potvrdi pretplatu' }).click();
    const code = page.getByRole('dialog', { name: 'Sigurnosni kod kartice' });
    await code.getByLabel('Sigurnosni kod (CVC)').fill('123');
    await code.getByRole('button', { name: 'Plati 27,90 KM' }).click();
    await page.waitForURL('**/pretplata-uspjesna');
    await page.goto(`${portal.url}/nalog/istorija-uplata`);
    await page.getByRole('row').nth(1).getByText('27,90 KM').waitFor();
    await page.context().close();
  });

  it('starts a promo that the served page shows with its length, and ends it: the ribbon goes', async () => {
    const page = supportPage;
    await page.getByRole('button', { name: 'Pokreni promociju paketa StartON' }).click();
    const start = dialog('Promocija paketa StartON');
    await start.getByLabel('Ili broj dana').fill('10');
    await start.getByLabel('Razlog').fill('Zimska kampanja');
    await start.getByRole('button', { name: 'Potvrdi' }).click();
    await page.getByText('Promocija paketa StartON je pokrenuta.').waitFor();
    await eventually(
      () => served('/paketi'),
      (text) => text.includes('>Besplatan promo period 10 dana!</p>'),
      'the new promo on the served /paketi',
    );
    // The page hydrates with the plans its HTML was drawn from: nothing to mend, nothing redrawn.
    const visitor = await browser.newPage();
    const problems: string[] = [];
    visitor.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    visitor.on('pageerror', (error) => problems.push(error.message));
    await visitor.goto(`${portal.url}/paketi`);
    await visitor.getByText('Besplatan promo period 10 dana!').waitFor();
    await visitor.waitForLoadState('networkidle');
    assert.deepEqual(problems, []);
    await visitor.close();

    await page.getByRole('button', { name: 'Završi promociju paketa StartON' }).click();
    const end = dialog('Završiti promociju paketa StartON?');
    await end.getByLabel('Razlog').fill('Kraj kampanje');
    await end.getByRole('button', { name: 'Potvrdi' }).click();
    await page.getByText('Promocija paketa StartON je završena.').waitFor();
    await eventually(
      () => served('/paketi'),
      (text) => !text.includes('Besplatan promo period 10 dana!') && text.includes('<strong>14,90 KM</strong>'),
      'the ended promo gone from the served /paketi',
    );
  });

  it('shows a campaign until a day through that day, and without it the day after, with no build', async () => {
    const page = supportPage;
    const lastDay = addDays(isoDay(new Date()), 1);
    const ribbon = `Besplatan promo period do ${formatDate(lastDay)}`;
    await page.getByRole('button', { name: 'Pokreni promociju paketa MaxON' }).click();
    const start = dialog('Promocija paketa MaxON');
    await start.getByLabel('Do datuma (GGGG-MM-DD)').fill(lastDay);
    await start.getByLabel('Razlog').fill('Kampanja do sutra');
    await start.getByRole('button', { name: 'Potvrdi' }).click();
    await page.getByText('Promocija paketa MaxON je pokrenuta.').waitFor();
    await eventually(
      () => served('/paketi'),
      (text) => text.includes(ribbon),
      'the campaign on the served /paketi',
    );

    // The same portal, on its same data, as it runs on the campaign's last day and on the day after.
    for (const [daysAhead, shown] of [
      [1, true],
      [2, false],
    ] as const) {
      await portal.stop();
      portal = await startPortal({
        name: `prices-day-${daysAhead}`,
        env: { DATA_DIR: dataDir, SANDBOX: '1' },
        nodeArgs: clockAhead(daysAhead),
      });
      const html = await served('/paketi');
      assert.equal(html.includes(ribbon), shown, `the ribbon ${daysAhead} day(s) on: ${shown ? 'shown' : 'gone'}`);
      assert.ok(html.includes('<strong>27,90 KM</strong>'), 'MaxON still at its new price');
    }
  });
});
