/**
 * React DOM's key on each node it has claimed (`internalInstanceKey`: `__reactFiber$` and a random suffix).
 * It is React's own detail: host/src/script/usePageScript.test.tsx hydrates a page to hold it.
 */
const CLAIMED = '__reactFiber$';
const claimed = (node: Node) => Object.keys(node).some((key) => key.startsWith(CLAIMED));

/** How long a page may take to hydrate before it is shown in Cyrillic anyway. */
const PATIENCE_MS = 10_000;

/**
 * Whether React has claimed every part of the server's HTML under `root`. React hydrates what a Suspense
 * boundary holds (between `<!--$-->` and `<!--/$-->`) once that boundary's code has arrived, after the
 * rest of the page has committed; a text changed before then no longer matches, and React throws the
 * boundary's HTML away with an error. A page the browser drew has no such boundary.
 */
function isHydrated(root: Node): boolean {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!(node as Comment).data.startsWith('$')) continue;
    const first = node.nextSibling;
    const empty = first instanceof Comment && first.data === '/$';
    if (first && !empty && !claimed(first)) return false;
  }
  return true;
}

/**
 * Calls `then` once the page under `root` is hydrated: at once for a page the browser drew, else when the
 * last boundary is (or after PATIENCE_MS). Answers the function that cancels the wait.
 */
export function whenHydrated(root: Node, then: () => void): () => void {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    if (isHydrated(root) || Date.now() - started > PATIENCE_MS) then();
    else timer = setTimeout(check, 50);
  };
  check();
  return () => clearTimeout(timer);
}
