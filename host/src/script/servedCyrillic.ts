import { READ_ATTRIBUTES, toCyrillic } from '@portal/shared/texts/script';

/**
 * A page the server sent in Cyrillic (docs/decisions/056-prerendered-pages-in-the-chosen-script.md) hydrated as
 * it is. React renders our texts in Latin and, hydrating, compares each text node's `nodeValue` (an element's
 * `textContent`, when its one child is a string) with its own text, after it has put its fiber on the node. Until
 * React has claimed a node, the node answers React's Latin text when what it shows is exactly that text's
 * `toCyrillic`, and what it shows otherwise: a text that differs for any other reason still fails to hydrate.
 */
const CYRILLIC = /[\u0400-\u04ff]/;
const NODE_VALUE = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeValue')!;
const TEXT_CONTENT = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent')!;
/** How long a node may wait for React to claim it before it answers as it is anyway. */
const PATIENCE_MS = 10_000;

/** What React DOM keeps on a node it has claimed (`__reactFiber$…`, an element's `__reactProps$…`): its own detail. */
function reactValue(node: Node, prefix: '__reactFiber$' | '__reactProps$'): unknown {
  const key = Object.keys(node).find((name) => name.startsWith(prefix));
  return key === undefined ? undefined : (node as unknown as Record<string, unknown>)[key];
}

const propsOf = (node: Node) => reactValue(node, '__reactProps$') as Record<string, unknown> | undefined;

/** The text React renders at this node: a text node's own, or an element's one string child. */
function latinOf(node: Node): string | undefined {
  if (node instanceof Text) {
    const text = (reactValue(node, '__reactFiber$') as { memoizedProps?: unknown } | undefined)?.memoizedProps;
    if (typeof text === 'string') return text;
    return node.parentNode?.childNodes.length === 1 ? latinOf(node.parentNode) : undefined;
  }
  const children = propsOf(node)?.children;
  return ['string', 'number', 'bigint'].includes(typeof children) ? String(children) : undefined;
}

/** A served node, and what it answers for `nodeValue` or `textContent` until React has claimed it. */
type Served = { node: Node; property: 'nodeValue' | 'textContent' };
let served: Served[] = [];
let adoptedAt = 0;

function answerLatin(node: Node, property: Served['property']): void {
  const own = property === 'nodeValue' ? NODE_VALUE : TEXT_CONTENT;
  Object.defineProperty(node, property, {
    configurable: true,
    get(this: Node) {
      const shown = own.get!.call(this) as string;
      const latin = latinOf(this);
      return latin !== undefined && toCyrillic(latin) === shown ? latin : shown;
    },
    set(this: Node, value: string | null) {
      own.set!.call(this, value);
    },
  });
  served.push({ node, property });
}

/** Before React hydrates `root`: every text it shows in Cyrillic answers React's comparison with React's Latin. */
export function adoptServed(root: Element): void {
  adoptedAt = Date.now();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!CYRILLIC.test((node as Text).data)) continue;
    answerLatin(node, 'nodeValue');
    if (node.parentNode?.childNodes.length === 1) answerLatin(node.parentNode, 'textContent');
  }
}

/** What the browser's Cyrillic keeps of a text or attribute it did not write itself: React's Latin of it. */
export type Remember = (node: Text | Element, latin: string, attribute?: string) => void;

/** Pairs what an element shows with the Latin HTML React set in it (`dangerouslySetInnerHTML`: a legal text). */
function rememberInnerHtml(element: Element, html: string, remember: Remember): void {
  const template = document.createElement('template');
  template.innerHTML = html;
  const latin = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  const shown = document.createTreeWalker(element, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let from = latin.nextNode(), to = shown.nextNode(); from && to; from = latin.nextNode(), to = shown.nextNode()) {
    if (from instanceof Text && to instanceof Text) remember(to, from.data);
    else if (from instanceof Element && to instanceof Element)
      for (const name of READ_ATTRIBUTES) if (from.hasAttribute(name)) remember(to, from.getAttribute(name)!, name);
  }
}

/** The read attributes the server wrote in Cyrillic under `root`, each with React's Latin of it. */
function rememberAttributes(root: Element, remember: Remember): void {
  for (const element of root.querySelectorAll('*')) {
    const props = propsOf(element);
    if (!props) continue;
    for (const name of READ_ATTRIBUTES) if (typeof props[name] === 'string') remember(element, props[name], name);
    const inner = (props.dangerouslySetInnerHTML as { __html?: unknown } | undefined)?.__html;
    if (typeof inner === 'string') rememberInnerHtml(element, inner, remember);
  }
}

/**
 * Whether React has hydrated a node: its fiber is on it, or it is the content of the nearest element React
 * claimed (that element's one string, or the HTML React set in it), or React has taken it out.
 */
function claimed(node: Node): boolean {
  if (reactValue(node, '__reactFiber$') !== undefined || !node.isConnected) return true;
  for (let element = node.parentElement; element; element = element.parentElement) {
    const props = propsOf(element);
    if (props)
      return node instanceof Text && (props.dangerouslySetInnerHTML !== undefined || latinOf(element) !== undefined);
  }
  return false;
}

/**
 * Once React has hydrated the page (or it is to be Latin again: `all`): each node React has claimed answers as
 * it is again, and what the server wrote in Cyrillic is remembered with React's Latin of it, so the page can go
 * back to Latin. A node React has not claimed yet keeps answering (a boundary still hydrating), up to 10 s.
 * Answers whether nodes are left.
 */
export function settleServedPage(root: Element, remember: Remember, all = false): boolean {
  if (served.length === 0) return false;
  const patient = !all && Date.now() - adoptedAt < PATIENCE_MS;
  served = served.filter(({ node, property }) => {
    if (patient && !claimed(node)) return true;
    delete (node as unknown as Record<string, unknown>)[property];
    const latin = latinOf(node);
    if (node instanceof Text && latin !== undefined) remember(node, latin);
    return false;
  });
  if (served.length === 0) rememberAttributes(root, remember);
  return served.length > 0;
}
