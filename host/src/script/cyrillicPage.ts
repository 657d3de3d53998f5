import { SCRIPT_LANG } from '@portal/shared';
import { KEPT_ELEMENTS, READ_ATTRIBUTES, toCyrillic } from '@portal/shared/texts/script';
import { whenHydrated } from './hydration';
import { adoptServed, settleServedPage, type Remember } from './servedCyrillic';

/**
 * Where a text is not the portal's to transliterate (shared with the server's Cyrillic copy of a page): code
 * and data, what a visitor types, drawings, and what a component marks `translate="no"` (HTML's own mark for
 * "not to be translated": names of packages and channels, each script's name in the footer's switch).
 */
const KEEP_TEXT = [...KEPT_ELEMENTS, '[contenteditable]:not([contenteditable="false"])', '[translate="no"]'].join(', ');
const KEEP_ATTRIBUTES = 'svg, [translate="no"]';
const LATIN = /[a-zčćđšžǆǉǌ]/i;

/** A text or attribute as it was written, and as it is shown. */
type Shown = { latin: string; cyrillic: string };
let texts = new WeakMap<Text, Shown>();
let attributes = new WeakMap<Element, Map<string, Shown>>();
let observer: MutationObserver | null = null;

function showText(node: Text): void {
  const latin = node.data;
  const parent = node.parentElement;
  if (!parent || !LATIN.test(latin) || parent.closest(KEEP_TEXT)) return;
  const cyrillic = toCyrillic(latin);
  if (cyrillic === latin) return;
  texts.set(node, { latin, cyrillic });
  node.data = cyrillic;
}

function showAttribute(element: Element, name: string): void {
  const latin = element.getAttribute(name);
  if (latin === null || !LATIN.test(latin) || element.closest(KEEP_ATTRIBUTES)) return;
  const cyrillic = toCyrillic(latin);
  if (cyrillic === latin) return;
  const shown = attributes.get(element) ?? new Map<string, Shown>();
  shown.set(name, { latin, cyrillic });
  attributes.set(element, shown);
  element.setAttribute(name, cyrillic);
}

/** A text or attribute the server wrote in Cyrillic, with React's Latin of it: shown by this module from now on. */
const remember: Remember = (node, latin, attribute) => {
  if (attribute === undefined) {
    if (node instanceof Text && node.data !== latin && node.data === toCyrillic(latin))
      texts.set(node, { latin, cyrillic: node.data });
    return;
  }
  const cyrillic = (node as Element).getAttribute(attribute);
  if (cyrillic === null || cyrillic === latin || cyrillic !== toCyrillic(latin)) return;
  const shown = attributes.get(node as Element) ?? new Map<string, Shown>();
  shown.set(attribute, { latin, cyrillic });
  attributes.set(node as Element, shown);
};

/** Settles a page the server sent in Cyrillic once React has hydrated it, every 50 ms while a node waits. */
let settling: ReturnType<typeof setTimeout> | undefined;
function settleServed(all = false): void {
  clearTimeout(settling);
  if (settleServedPage(document.body, remember, all)) settling = setTimeout(settleServed, 50);
}

/** Every text node and element of `root`, `root` included. */
function* nodesOf(root: Node): Generator<Node> {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node: Node | null = root; node; node = walker.nextNode()) yield node;
}

function showTree(root: Node): void {
  for (const node of nodesOf(root)) {
    if (node instanceof Text) showText(node);
    else if (node instanceof Element) for (const name of READ_ATTRIBUTES) showAttribute(node, name);
  }
}

/** Puts back the Latin of every text and attribute still as this module wrote it; one React rewrote is its own. */
function restoreTree(root: Node): void {
  for (const node of nodesOf(root)) {
    if (node instanceof Text) {
      const shown = texts.get(node);
      if (shown && node.data === shown.cyrillic) node.data = shown.latin;
    } else if (node instanceof Element) {
      attributes.get(node)?.forEach((shown, name) => {
        if (node.getAttribute(name) === shown.cyrillic) node.setAttribute(name, shown.latin);
      });
    }
  }
}

function onChanges(records: MutationRecord[]): void {
  for (const record of records) {
    if (record.type === 'characterData') {
      if (record.target instanceof Text) showText(record.target);
    } else if (record.type === 'attributes') showAttribute(record.target as Element, record.attributeName!);
    else record.addedNodes.forEach(showTree);
  }
  // What this pass wrote is no change of the page's own.
  observer?.takeRecords();
}

const WATCHED: MutationObserverInit = {
  subtree: true,
  childList: true,
  characterData: true,
  attributes: true,
  attributeFilter: READ_ATTRIBUTES,
};

/** Shows the page in Cyrillic from now on: what it holds, the title included, and whatever is written later. */
function start(): void {
  if (observer) return;
  stopWatchingHead();
  settleServed();
  showTree(document.head);
  showTree(document.body);
  observer = new MutationObserver(onChanges);
  observer.observe(document.head, WATCHED);
  observer.observe(document.body, WATCHED);
  document.documentElement.lang = SCRIPT_LANG.cyrillic;
}

/** Back to Latin: the observer stops, and every text it showed in Cyrillic reads as it was written. */
function stop(): void {
  document.documentElement.lang = SCRIPT_LANG.latin;
  stopWatchingHead();
  settleServed(true);
  if (!observer) {
    // A page sent in Cyrillic whose scripts have not shown it yet: its Latin, as far as React has it.
    restoreTree(document.body);
    return;
  }
  observer.disconnect();
  observer = null;
  restoreTree(document.head);
  restoreTree(document.body);
  texts = new WeakMap();
  attributes = new WeakMap();
}

/** The head of a page sent in Cyrillic, watched until the page is shown in Cyrillic whole: React writes its title. */
let head: MutationObserver | null = null;
function stopWatchingHead(): void {
  head?.disconnect();
  head = null;
}

/**
 * Before React hydrates a page the server sent in Cyrillic (decision 056): its texts answer React as its Latin
 * (servedCyrillic.ts), and the title React writes in Latin when it commits is shown in Cyrillic at once.
 */
export function adoptServedPage(root: Element): void {
  adoptServed(root);
  head = new MutationObserver(() => showTree(document.head));
  head.observe(document.head, WATCHED);
}

/**
 * Shows the page in Cyrillic (docs/decisions/050-latin-and-cyrillic-pages.md) once React has hydrated what
 * the server drew, and from then on whatever React or anything else writes, in the same task, before the
 * browser paints it. Text nodes and attributes change in place: React never reads them back once it has
 * hydrated them, and what it writes later is Latin again, shown in Cyrillic at once. Answers the function
 * that puts the page back in Latin.
 */
export function showCyrillic(): () => void {
  const cancel = whenHydrated(document.body, start);
  return () => {
    cancel();
    stop();
  };
}
