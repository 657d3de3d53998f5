import { launchBrowser, startPortal } from '../e2e/harness';
(async () => {
  const portal = await startPortal({ env: { LOG_LEVEL: 'warn' }, name: 'files' });
  const browser = await launchBrowser();
  for (const route of ['/', '/paketi']) {
    const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
    const page = await context.newPage();
    const rows: string[] = [];
    page.on('response', async (r) => {
      const p = new URL(r.url()).pathname;
      if (p.endsWith('.js')) rows.push(`${p} ${(await r.request().sizes()).responseBodySize}`);
    });
    await page.goto(portal.url + route, { waitUntil: 'networkidle' });
    console.log(route);
    console.log(rows.sort().join('\n'));
    await context.close();
  }
  await browser.close();
  await portal.stop();
})();
