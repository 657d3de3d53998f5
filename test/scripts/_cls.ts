import { launchBrowser, startPortal } from '../e2e/harness';
(async () => {
  const [portal, browser] = await Promise.all([startPortal({ env: { LOG_LEVEL: 'warn' }, name: 'cls' }), launchBrowser()]);
  for (const width of [375, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.addInitScript(() => {
      (window as any).__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as any[]) (window as any).__shifts.push({ value: e.value, hadRecentInput: e.hadRecentInput, sources: (e.sources ?? []).map((s: any) => ({ node: s.node ? (s.node.nodeName + '.' + (s.node.className || '') + ' ' + (s.node.textContent || '').slice(0, 40)) : null, prev: JSON.stringify(s.previousRect), cur: JSON.stringify(s.currentRect) })) });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(portal.url + '/remotes/catalogue/embed/demo.html', { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    console.log(width, JSON.stringify(await page.evaluate(() => (window as any).__shifts), null, 1).slice(0, 3000));
  }
  await browser.close(); await portal.stop();
})();
