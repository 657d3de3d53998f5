import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatDate } from '@portal/shared/format';
import { isoDay } from '../../api/src/days';
import { addCard, loggedInPage, outbox, screenshot, portalAndBrowser } from './harness';

/** `from` plus days as the portal writes it (`11.12.2026.`). */
const portalDay = (from: Date, days: number) => formatDate(isoDay(from, days));

describe('billing in a browser', () => {
  // The in-server schedule on, as `npm start` has it: its first run happens at start.
  const suite = portalAndBrowser({ name: 'billing', env: { BILLING_INTERVAL_MINUTES: '60' } });

  const texts = async (to: string) => (await outbox(suite.portal.url, to)).map((m) => m.text);
  /** What an operator's `npm run billing -- --at` does, through the sandbox's trigger (the server holds the embedded database). */
  async function billAt(day: string, time: string) {
    const response = await fetch(`${suite.portal.url}/api/dev/billing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: `${day}T${time}:00Z` }),
    });
    assert.equal(response.status, 200);
    return (await response.json()) as { charged: number; failed: number };
  }

  it('ends the seeded DEACTIVATED subscription whose period is over at the first run', async () => {
    // The schedule's first run is under way as the server starts; its notice says it is done.
    for (let i = 0; i < 50 && (await texts('deaktivirana.istekla@ontv.ba')).length === 0; i += 1)
      await new Promise((r) => setTimeout(r, 100));
    assert.match(
      (await texts('deaktivirana.istekla@ontv.ba'))[0] ?? '',
      /^ON TV: deaktivirana pretplata na paket StartON je istekla/,
    );
    const page = await loggedInPage(suite.browser, suite.portal.url, 'deaktivirana.istekla@ontv.ba', { width: 375 });
    await page
      .locator('section', { has: page.getByRole('heading', { name: 'Moj paket' }) })
      .getByText('ISTEKLA', { exact: true })
      .waitFor();
    await page.getByRole('link', { name: 'Obnovi pretplatu' }).waitFor();
    await page.context().close();
  });

  it('shows a failed renewal on the account page, notifies the customer, and charges the card the customer sets', async () => {
    const today = new Date();
    const due = isoDay(today, 20); // aktivna@ontv.ba renews in 20 days (docs/trying-it.md)
    const page = await loggedInPage(suite.browser, suite.portal.url, 'aktivna@ontv.ba');
    // The customer's new card saves, but its bank declines later charges.
    await page.goto(`${suite.portal.url}/nalog/moje-kartice`);
    const dialog = await addCard(page, '4000000000000341');
    await dialog.getByRole('heading', { name: 'Čestitamo' }).waitFor();
    await dialog.getByRole('button', { name: 'Zatvori', exact: true }).last().click();
    const item = (last4: string) => page.getByRole('listitem').filter({ hasText: `**** **** **** ${last4}` });
    await item('0341')
      .getByRole('button', { name: /Postavi kao glavnu/ })
      .click();
    await item('0341').getByText('Glavna kartica').waitFor();

    const failed = await billAt(due, '06:00');
    assert.ok(failed.failed >= 1);
    await page.goto(`${suite.portal.url}/nalog`);
    const plan = page.locator('section', { has: page.getByRole('heading', { name: 'Moj paket' }) });
    await plan.getByText('AKTIVNA', { exact: true }).waitFor();
    await plan.getByText('Rok za plaćanje').waitFor();
    await plan.getByText(portalDay(today, 25), { exact: true }).waitFor();
    const alert = plan.getByRole('alert');
    assert.equal(
      (await alert.innerText()).trim(),
      `Naplata pretplate nije uspjela. Sljedeći pokušaj naplate je ${portalDay(today, 21)} Ako plaćanje ne uspije do ${portalDay(today, 25)}, usluga će biti isključena. Kad promijeniš glavnu karticu, naplatu pokušavamo ponovo istog dana: promijeni karticu.`,
    );
    await screenshot(page, 'billing-renewal-failed');
    assert.equal(
      (await texts('aktivna@ontv.ba'))[0],
      `ON TV: naplata pretplate na paket MaxON (24,90 KM) nije uspjela: banka nije odobrila transakciju. Pokušat ćemo ponovo ${portalDay(today, 21)} Ako plaćanje ne uspije do ${portalDay(today, 25)}, usluga će biti isključena. Karticu možeš dodati ili promijeniti u svom nalogu, u dijelu Moje kartice.`,
    );

    // Back to the card that works: the same day's next run charges it, and the period runs from the due day.
    await alert.getByRole('link', { name: 'promijeni karticu' }).click();
    await item('4242')
      .getByRole('button', { name: /Postavi kao glavnu/ })
      .click();
    await item('4242').getByText('Glavna kartica').waitFor();
    const paid = await billAt(due, '10:00');
    assert.ok(paid.charged >= 1);
    await page.goto(`${suite.portal.url}/nalog`);
    await plan.getByText('Važi do').waitFor();
    assert.equal(await plan.getByRole('alert').count(), 0);
    const receipt = (await texts('aktivna@ontv.ba'))[0] ?? '';
    assert.match(
      receipt,
      /^ON TV: pretplata na paket MaxON je produžena do \d+\.\d+\.\d{4}\. Naplaćeno je 24,90 KM s kartice \*\*\*\* \*\*\*\* \*\*\*\* 4242\. Račun br\. \d{4}-\d{6}/,
    );
    await page.goto(`${suite.portal.url}/nalog/istorija-uplata`);
    await page.getByRole('row').nth(1).getByText('24,90 KM').waitFor();
    await screenshot(page, 'billing-renewal-paid');
    await page.context().close();
  });
});
