import { remoteFor, type DehydratedState, type RemoteName } from '@portal/shared';

type PrerenderedPage =
  | { remote: RemoteName; path: string; state: DehydratedState }
  /** The host's own 404 page, for a path no remote owns: nothing to load before hydrating. */
  | { remote: null; notFound: true };

/**
 * What the server says of the page it sent drawn (`<script id="portal-page">`, api/src/http/pages.ts):
 * which remote drew it and the answers it showed, or that it is the 404 page. Only for the address the
 * browser is at, and only when the element reads as such; anything else means the page is drawn anew.
 */
export function prerenderedPage(): PrerenderedPage | null {
  const element = document.getElementById('portal-page');
  if (!element) return null;
  try {
    const page = JSON.parse(element.textContent ?? '') as {
      remote?: RemoteName;
      path?: string;
      state?: DehydratedState;
      notFound?: unknown;
    };
    if (page.notFound === true)
      return remoteFor(window.location.pathname) === null ? { remote: null, notFound: true } : null;
    const url = new URL(page.path ?? '', window.location.origin);
    const here = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
    if (here(url.pathname) !== here(window.location.pathname)) return null;
    if (!page.remote || page.remote !== remoteFor(window.location.pathname) || typeof page.state !== 'object')
      return null;
    return { remote: page.remote, path: page.path ?? url.pathname, state: page.state as DehydratedState };
  } catch {
    return null;
  }
}
