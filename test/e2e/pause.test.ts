import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { formatDate } from '@portal/shared/format';
import { addMonth, isoDay } from '../../api/src/days';
import { loggedInPage, outbox, screenshot, portalAndBrowser } from './harness';

/**
 * A pause instead of a cancellation in a browser (product.md §10, A pause), at a phone's width and a
 * desktop's: a pause asked on the account page and lived through to its end by billing passes at its
 * days (the sandbox's `/api/dev/billing`), and a running pause ended early with 'Nastavi pretplatu'.
 */
describe('a pause in a browser', () => {
  const suite = portalAndBrowser({ name: 'pause' });

  const texts = async (to: string) => (await outbox(suite.portal.url, to)).map((m) => m.text);
  async function billAt(day: string) {
    for (;;) {
      const response = await fetch(`${suite.portal.url}/api/dev/billing`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ at: `${day}T06:00:00Z` }),
      });
      if (response.status === 409) {
        await new Promise((r) => setTimeout(r, 200)); // the schedule's own pass is running
        continue;
      }
      assert.equal(response.status, 200);
      return (await response.json()) as { charged: number };
    }
  }
  const myPackage = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Moj paket' }) });

  // First, before the passes below renew pauzirana@ontv.ba on its day.
  it("shows a running pause at both widths and ends it early with 'Nastavi pretplatu'", async () => {
    const until = isoDay(new Date(), 28); // pauzirana@ontv.ba: paused 10 days ago, for 28 days more
    const wide = await loggedInPage(suite.browser, suite.portal.url, 'pauzirana@ontv.ba', { width: 1280 });
    await myPackage(wide).getByText('PAUZIRANA', { exact: true }).waitFor();
    await myPackage(wide)
      .getByText(`Pretplata je pauzirana do ${formatDate(until)}`)
      .waitFor();
    await screenshot(wide, 'pause-running');
    const phone = await loggedInPage(suite.browser, suite.portal.url, 'pauzirana@ontv.ba', { width: 375 });
    await myPackage(phone)
      .getByText(`Pretplata je pauzirana do ${formatDate(until)}`)
      .waitFor();
    await screenshot(phone, 'pause-running');
    await myPackage(phone).getByRole('button', { name: 'Nastavi pretplatu' }).click();
    await myPackage(phone).getByText('AKTIVNA', { exact: true }).waitFor();
    // Charged today, a new period from today.
    await myPackage(phone)
      .getByText(formatDate(addMonth(isoDay(new Date()))), { exact: true })
      .waitFor();
    await screenshot(phone, 'pause-resumed');
    await phone.goto(`${suite.portal.url}/nalog/istorija-uplata`);
    await phone.getByRole('row').nth(1).getByText('24,90 KM').waitFor();
    await wide.reload();
    await myPackage(wide).getByText('AKTIVNA', { exact: true }).waitFor();
    await screenshot(wide, 'pause-resumed');
    await phone.context().close();
    await wide.context().close();
  });

  // Both pauses first: a pass at a later day renews whatever is due by then, the other customer's too.
  it('pauses for a month at 375 and 1280 px, and renews each when its pause ends', async () => {
    const customers = [
      { width: 375, email: 'aktivna@ontv.ba', due: isoDay(new Date(), 20) },
      { width: 1280, email: 'starton@ontv.ba', due: isoDay(new Date(), 25) },
    ].map((c) => ({ ...c, until: addMonth(c.due) }));
    const pages = [];
    for (const { width, email, due, until } of customers) {
      const page = await loggedInPage(suite.browser, suite.portal.url, email, { width });
      await myPackage(page).getByRole('button', { name: 'Pauziraj pretplatu' }).click();
      const dialog = page.getByRole('dialog', { name: 'Pauziraj pretplatu' });
      await dialog
        .getByText(`Pauza počinje ${formatDate(due)}, kada ističe plaćeni period.`, { exact: false })
        .waitFor();
      for (const label of ['1 mjesec', '2 mjeseca', '3 mjeseca'])
        await dialog.getByRole('radio', { name: label }).waitFor();
      await dialog.getByRole('radio', { name: '1 mjesec' }).check();
      await screenshot(page, 'pause-dialog');
      await dialog.getByRole('button', { name: 'Potvrdi pauzu' }).click();
      await myPackage(page)
        .getByText(`Pretplata će biti pauzirana od ${formatDate(due)} do ${formatDate(until)}`)
        .waitFor();
      await myPackage(page).getByRole('button', { name: 'Otkaži pauzu' }).waitFor();
      await screenshot(page, 'pause-scheduled');
      assert.match((await texts(email))[0]!, /je pauzirana od .* Za to vrijeme usluga ne radi i ništa se ne naplaćuje/);
      pages.push(page);
    }

    // Nothing is charged on the old due days; three days before each end, the reminder; at the end, the renewal.
    const [a, b] = customers as [(typeof customers)[0], (typeof customers)[0]];
    const threeBefore = (day: string) => isoDay(new Date(`${day}T12:00:00Z`), -3);
    for (const day of [a.due, b.due]) await billAt(day);
    for (const c of customers) assert.doesNotMatch((await texts(c.email))[0]!, /je produžena do/);
    for (const c of customers) {
      await billAt(threeBefore(c.until));
      assert.match((await texts(c.email))[0]!, new RegExp(`završava ${formatDate(c.until).replace(/\./g, '\\.')}`));
      await billAt(c.until);
      assert.match((await texts(c.email))[0]!, /je produžena do/);
    }
    for (const [n, page] of pages.entries()) {
      const { until } = customers[n]!;
      // The page's day is today (the passes ran at later days): the next payment, and the period paid in the history.
      await page.reload();
      const payment = page.locator('section', { has: page.getByRole('heading', { name: 'Plaćanje' }) });
      await payment.getByText(formatDate(addMonth(until)), { exact: true }).waitFor();
      await page.goto(`${suite.portal.url}/nalog/istorija-uplata`);
      await page.getByText(`${formatDate(until)} – ${formatDate(addMonth(until))}`).waitFor();
      await screenshot(page, 'pause-renewed-after');
      await page.context().close();
    }
  });
});
