declare const __webpack_public_path__: string;

/**
 * The address of a file the catalogue ships beside its code (`images/...`, `resources/...`). The
 * remote is deployed on its own, so its files live wherever its `remoteEntry.js` was loaded from.
 */
export function publicUrl(path: string): string {
  const base =
    typeof __webpack_public_path__ === 'string' && __webpack_public_path__ !== 'auto' ? __webpack_public_path__ : '/';
  return base + path;
}
