declare const __webpack_public_path__: string;

/**
 * The address of a file the catalogue ships beside its code (`images/...`, `resources/...`). The
 * remote is deployed on its own, so its files live wherever its `remoteEntry.js` was loaded from.
 */
export function publicUrl(path: string): string {
  const base =
    typeof __webpack_public_path__ === 'string' && __webpack_public_path__ !== 'auto' ? __webpack_public_path__ : '/';
  // On the page's own origin, the path alone: as a prerendered page names it, so hydrating changes nothing.
  const here = typeof location === 'undefined' ? null : `${location.origin}/`;
  return (here && base.startsWith(here) ? base.slice(here.length - 1) : base) + path;
}
