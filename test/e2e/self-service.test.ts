import fs from 'node:fs';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatDate } from '@portal/shared/format';
import { isoDay } from '../../api/src/days';
import { pdfText } from '../lib/pdf';
import { expectAccessible, loggedInPage, screenshot, portalAndBrowser, tabTo } from './harness';

/**
 * Self-service beyond the first specification (product.md §10): devices, and changing the package, on
 * the embedded database and on PostgreSQL with two API processes.
 */
for (const engine of ['pglite', 'postgres'] as const)
  describe(`devices and changing the package in a browser (${engine})`, () => {
    const suite = portalAndBrowser({
      name: `self-service-${engine}`,
      engine,
      env: { BILLING_INTERVAL_MINUTES: '0', ...(engine === 'postgres' ? { WORKERS: '2' } : {}) },
    });
    const myPackage = (page: import('playwright-core').Page) =>
      page.locator('section', { has: page.getByRole('heading', { name: 'Moj paket' }) });

    it('signs another device out: its next call is refused and it is back at the login form', async () => {
      const phone = await loggedInPage(suite.browser, suite.portal.url, 'deaktivirana@ontv.ba', { width: 375 });
      const desktop = await loggedInPage(suite.browser, suite.portal.url, 'deaktivirana@ontv.ba');
      await desktop.goto(`${suite.portal.url}/nalog/uredjaji`);
      const list = desktop.getByRole('list', { name: 'Uređaji' });
      await list.getByText('Ovaj uređaj').waitFor();
      assert.equal(await list.getByRole('listitem').count(), 2);
      await screenshot(desktop, 'devices-two');
      await list.getByRole('button', { name: /^Odjavi: / }).click();
      const dialog = desktop.getByRole('dialog');
      await expectAccessible(desktop, 'the sign-out dialog');
      await dialog.getByRole('button', { name: 'Da, odjavi' }).click();
      await desktop.waitForFunction(() => document.querySelectorAll('ul[aria-label="Uređaji"] li').length === 1);

      await phone.goto(`${suite.portal.url}/nalog`);
      await phone.getByRole('button', { name: 'Prijavi se', exact: true }).waitFor();
      await screenshot(phone, 'devices-signed-out-phone');
      for (const p of [phone, desktop]) await p.context().close();
    });

    it('upgrades StartON to MaxON from /paketi: the prorated difference with the card, the invoice in the history, MaxON at once', async () => {
      const today = new Date();
      const page = await loggedInPage(suite.browser, suite.portal.url, 'starton@ontv.ba', { width: 375 });
      await page.goto(`${suite.portal.url}/paketi`);
      const startOn = page.getByRole('article', { name: 'StartON' });
      await startOn.getByText('PAKET AKTIVIRAN').waitFor();
      await expectAccessible(page, '/paketi with PROMIJENI PAKET');
      await screenshot(page, `packages-change-phone-${engine}`);
      await page.getByRole('link', { name: 'PROMIJENI PAKET: MaxON' }).click();
      await page.getByRole('heading', { name: 'Promjena paketa' }).waitFor();
      // The seeded period is 30 days and 25 are left: 10,00 KM × 25 / 30 = 8,33 KM.
      await page
        .getByText(
          'Sa paketa StartON (14,90 KM mjesečno) prelaziš na paket MaxON (24,90 KM mjesečno). Cijene uključuju PDV.',
        )
        .waitFor();
      await page
        .getByText(`25 od 30 dana, od ${formatDate(isoDay(today))} do ${formatDate(isoDay(today, 25))}`, {
          exact: false,
        })
        .waitFor();
      await page.getByText('8,33 KM', { exact: true }).waitFor();
      await page.getByText('Plaćanje karticom **** **** **** 4444').waitFor();
      await expectAccessible(page, '/nalog/promijeni-paket (upgrade)');
      await screenshot(page, 'plan-change-upgrade-phone');
      await page.getByRole('button', { name: 'Plati 8,33 KM i promijeni paket' }).click();
      const modal = page.getByRole('dialog', { name: 'Sigurnosni kod kartice' });
      await modal.getByLabel('Sigurnosni kod (CVC)').fill('123');
      await modal.getByRole('button', { name: 'Plati 8,33 KM' }).click();
      await page
        .getByText(
          'Plaćanje je uspješno i paket je promijenjen: sada gledaš paket MaxON. Račun nalaziš u istoriji uplata.',
        )
        .waitFor();

      await page.getByRole('link', { name: 'Istorija uplata' }).click();
      const row = page.getByRole('row').nth(1);
      await row.getByText('8,33 KM').waitFor();
      await row.getByRole('link', { name: /Račun/ }).click();
      const invoice = await page.locator('[data-invoice]').innerText();
      for (const part of ['MaxON (promjena paketa sa StartON)', '8,33 KM', '7,12 KM', '1,21 KM', 'PDV 17%'])
        assert.ok(invoice.includes(part), `the invoice shows ${part}`);
      // The same invoice as a PDF.
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Preuzmi PDF' }).click(),
      ]);
      const number = /Račun br\. (\d{4}-\d{6})/.exec(invoice)![1]!;
      assert.equal(file.suggestedFilename(), `racun-${number}.pdf`);
      const pdf = pdfText(fs.readFileSync((await file.path())!));
      for (const part of [
        `Račun br. ${number}`,
        'Pretplata na paket MaxON',
        '(promjena paketa sa StartON)',
        '8,33 KM',
        '7,12 KM',
        '1,21 KM',
        'Mirza Hadžić',
      ])
        assert.ok(pdf.includes(part), `the PDF shows ${part}`);

      await page.goto(`${suite.portal.url}/nalog`);
      await myPackage(page).getByText('MaxON', { exact: true }).waitFor();
      await myPackage(page).getByText('24,90 KM mjesečno (PDV uključen)').waitFor();
      await page.context().close();
    });

    it('downgrades MaxON to StartON from the next renewal, which can be cancelled, and the renewal charges the lower price', async () => {
      const today = new Date();
      const due = isoDay(today, 20); // aktivna@ontv.ba renews in 20 days (docs/trying-it.md)
      const page = await loggedInPage(suite.browser, suite.portal.url, 'aktivna@ontv.ba');
      await page.goto(`${suite.portal.url}/paketi`);
      await page.getByRole('link', { name: 'PROMIJENI PAKET: StartON' }).click();
      await page
        .getByText(
          `Paket StartON počinje sa sljedećom obnovom, ${formatDate(due)} Do tada gledaš paket MaxON. Sada ne plaćaš ništa.`,
        )
        .waitFor();
      await expectAccessible(page, '/nalog/promijeni-paket (downgrade)');
      await screenshot(page, 'plan-change-downgrade');
      // By keyboard alone: Tab to the button, Enter.
      await tabTo(page, page.getByRole('button', { name: 'Potvrdi promjenu' }));
      await page.keyboard.press('Enter');
      await page.getByText(`Promjena je zakazana: od ${formatDate(due)} tvoj paket je StartON.`).waitFor();

      await page.getByRole('link', { name: 'Nazad na moj nalog' }).click();
      const pending = myPackage(page).getByText(`Od ${formatDate(due)} paket StartON`);
      await pending.waitFor();
      await screenshot(page, 'plan-change-pending');
      await tabTo(page, myPackage(page).getByRole('button', { name: 'Otkaži promjenu' }));
      await page.keyboard.press('Enter');
      await pending.waitFor({ state: 'detached' });
      await page.reload();
      await myPackage(page).getByText('MaxON', { exact: true }).waitFor();
      assert.equal(
        await myPackage(page)
          .getByText(`Od ${formatDate(due)} paket StartON`)
          .count(),
        0,
        'the cancel holds after a reload',
      );

      await page.goto(`${suite.portal.url}/nalog/promijeni-paket?paket=starton`);
      await page.getByRole('button', { name: 'Potvrdi promjenu' }).click();
      await page.getByText(/^Promjena je zakazana/).waitFor();
      const billed = await fetch(`${suite.portal.url}/api/dev/billing`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ at: `${due}T06:00:00Z` }),
      });
      assert.equal(billed.status, 200);
      assert.ok(((await billed.json()) as { charged: number }).charged >= 1);

      await page.goto(`${suite.portal.url}/nalog`);
      await myPackage(page).getByText('StartON', { exact: true }).waitFor();
      await myPackage(page).getByText('14,90 KM mjesečno (PDV uključen)').waitFor();
      await page.goto(`${suite.portal.url}/nalog/istorija-uplata`);
      const row = page.getByRole('row').nth(1);
      await row.getByText('14,90 KM').waitFor();
      await row.getByRole('link', { name: /Račun/ }).click();
      assert.ok((await page.locator('[data-invoice]').innerText()).includes('Pretplata na paket StartON'));
      await page.context().close();
    });
  });
