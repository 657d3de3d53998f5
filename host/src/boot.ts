/**
 * The first script of a prerendered page (api/src/http/pages.ts puts it in place of the host's script
 * tags, whose files the page preloads): it starts the host's scripts, in their order, once the browser
 * has painted what the server sent. The page's first paint waits for no script, and hydrating it does not hold that paint back;
 * before the paint the visitor sees nothing anyway (docs/decisions/031-prerendered-public-pages.md).
 * A tab in the background paints nothing: it starts at once.
 */
const scripts = (document.currentScript?.dataset.main ?? '/main.js').split(' ');
let started = false;

function start(): void {
  if (started) return;
  started = true;
  for (const src of scripts) {
    const script = document.createElement('script');
    script.src = src;
    // Run in the order given, each in a task of its own.
    script.async = false;
    document.head.append(script);
  }
}

const canObservePaint =
  typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');
if (document.visibilityState !== 'visible' || !canObservePaint || performance.getEntriesByType('paint').length > 0) {
  start();
} else {
  new PerformanceObserver((_list, observer) => {
    observer.disconnect();
    // Out of the frame that painted.
    setTimeout(start, 0);
  }).observe({ type: 'paint' });
  document.addEventListener('visibilitychange', start, { once: true });
  // Should no paint be reported at all, the page still starts.
  setTimeout(start, 5000);
}
