/**
 * The first script of a prerendered page (api/src/http/pages.ts puts it in place of the host's script
 * tags): once the browser has painted what the server sent, it asks for the page's other files (its
 * `data-preload`: the configuration, the remote's manifest, entry and chunks, a first call; what the
 * host's scripts will fetch one after another) and starts the host's scripts, in their order. Until that
 * paint no script and no preload shares the connection with the page's HTML, stylesheets and images,
 * and hydrating does not hold the paint back (docs/decisions/031-prerendered-public-pages.md).
 * A tab in the background paints nothing: it starts at once.
 */
const bootScript = document.currentScript;
const scripts = (bootScript?.dataset.main ?? '/main.js').split(' ');

interface PreloadHint {
  href: string;
  as: string;
  crossorigin?: boolean;
}

/** The server's hints; anything unreadable is no hint. */
function hints(): PreloadHint[] {
  try {
    const value: unknown = JSON.parse(bootScript?.dataset.preload ?? '[]');
    return Array.isArray(value)
      ? value.filter((hint: PreloadHint) => typeof hint?.href === 'string' && typeof hint.as === 'string')
      : [];
  } catch {
    return [];
  }
}

let started = false;

function start(): void {
  if (started) return;
  started = true;
  for (const hint of hints()) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = hint.as;
    link.href = hint.href;
    if (hint.crossorigin) link.crossOrigin = 'anonymous';
    document.head.append(link);
  }
  for (const src of scripts) {
    const script = document.createElement('script');
    script.src = src;
    // Run in the order given, each in a task of its own.
    script.async = false;
    document.head.append(script);
  }
}

/** How long the scripts wait, after the first paint, for the images on the first screen. */
const IMAGES_WAIT_MS = 1000;

/** Whether an image is on the first screen and still on its way (a lazy one waits for layout anyway). */
function loadingInView(image: HTMLImageElement): boolean {
  if (image.complete || image.loading === 'lazy') return false;
  const box = image.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
}

/**
 * Once the page has painted, its images on the first screen arrive and are painted before the scripts
 * start (the largest paint is often one of them, the first channel logo on `/tv-kanali`): a script
 * requested before that paint delays it, on a phone's connection and in Lighthouse's estimate (decision 031).
 * A slow image holds the scripts for a second at most.
 */
function afterImagesInView(): void {
  const loading = Array.from(document.images).filter(loadingInView);
  if (loading.length === 0) {
    start();
    return;
  }
  let left = loading.length;
  const arrived = () => {
    left -= 1;
    // The frame that paints the last of them, then the scripts.
    if (left === 0) requestAnimationFrame(() => setTimeout(start, 0));
  };
  for (const image of loading) {
    image.addEventListener('load', arrived, { once: true });
    image.addEventListener('error', arrived, { once: true });
  }
  setTimeout(start, IMAGES_WAIT_MS);
}

const canObservePaint =
  typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');
if (document.visibilityState !== 'visible' || !canObservePaint || performance.getEntriesByType('paint').length > 0) {
  start();
} else {
  new PerformanceObserver((_list, observer) => {
    observer.disconnect();
    // Out of the frame that painted.
    setTimeout(afterImagesInView, 0);
  }).observe({ type: 'paint' });
  document.addEventListener('visibilitychange', start, { once: true });
  // Should no paint be reported at all, the page still starts.
  setTimeout(start, 5000);
}
