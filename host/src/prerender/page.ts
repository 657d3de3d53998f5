import { remoteFor, type DehydratedState, type RemoteName } from '@portal/shared';

export interface PrerenderedPage {
  remote: RemoteName;
  path: string;
  state: DehydratedState;
}

/**
 * What the server says of the page it sent drawn (`<script id="portal-page">`, api/src/http/pages.ts):
 * which remote drew it and the answers it showed. Only for the address the browser is at, and only
 * when the element reads as such; anything else means the page is drawn anew.
 */
export function prerenderedPage(): PrerenderedPage | null {
  const element = document.getElementById('portal-page');
  if (!element) return null;
  try {
    const page = JSON.parse(element.textContent ?? '') as Partial<PrerenderedPage>;
    const url = new URL(page.path ?? '', window.location.origin);
    const here = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
    if (here(url.pathname) !== here(window.location.pathname)) return null;
    if (!page.remote || page.remote !== remoteFor(window.location.pathname) || typeof page.state !== 'object')
      return null;
    return page as PrerenderedPage;
  } catch {
    return null;
  }
}
