/**
 * The host's prerender (node build: host/build.ts, `shellsPrerender`): the shell (header, footer)
 * around each page a remote may prerender, drawn as the browser's first render draws it for an
 * anonymous visitor, with a marker where the page goes. The server puts a remote's prerendered page in
 * the marker's place (docs/decisions/031-prerendered-public-pages.md). The host's own page, the 404
 * page of a path no remote owns, is drawn whole.
 */
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClientProvider, Router, configurePortal, getProduct, paths, queryClient } from '@portal/shared';
import { Layout } from '../layout/Layout';
import { NotFound } from '../layout/NotFound';

/** What the server replaces with the page's own HTML. */
export const PAGE_MARKER = '<template data-portal-page=""></template>';

/** shells.json's entry for the 404 page (a key no path has): the whole of what `#root` holds. */
export const NOT_FOUND_SHELL = '404';

async function toHtml(path: string, content: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={path}>{content}</Router>
    </QueryClientProvider>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

async function shellOf(path: string): Promise<string> {
  const html = await toHtml(
    path,
    <Layout>
      <template data-portal-page="" />
    </Layout>,
  );
  if (!html.includes(PAGE_MARKER)) throw new Error(`The shell of ${path} has no place for its page`);
  return html;
}

/** A path no remote owns: the app draws the layout around the 404 page for it (RemoteOutlet). */
const UNKNOWN_PATH = '/nema-te-stranice';

export interface Shell {
  /** The shell of a portal in sandbox mode (its header says so), and of one that is not. */
  sandbox: string;
  live: string;
}

async function bothModes(render: () => Promise<string>): Promise<Shell> {
  const shell: Partial<Shell> = {};
  for (const sandbox of [true, false]) {
    configurePortal({ apiBaseUrl: '/api', product: getProduct(), sandbox });
    shell[sandbox ? 'sandbox' : 'live'] = await render();
  }
  return shell as Shell;
}

/**
 * The shell of every public page of the paths table (the catalogue's), keyed by path, and the 404 page
 * under `NOT_FOUND_SHELL`.
 */
export async function renderShells(): Promise<Record<string, Shell>> {
  const shells: Record<string, Shell> = {};
  const publicPages = Object.values(paths).filter((page) => page.remote === 'catalogue');
  for (const page of publicPages) shells[page.path] = await bothModes(() => shellOf(page.path));
  shells[NOT_FOUND_SHELL] = await bothModes(async () =>
    withoutHead(
      await toHtml(
        UNKNOWN_PATH,
        <Layout>
          <NotFound />
        </Layout>,
      ),
    ),
  );
  return shells;
}

/**
 * React writes a page's `<title>` first; the browser would find it inside `#root` and refuse to hydrate.
 * The server writes the 404 page's title into the document's head (api/src/http/pages.ts).
 */
function withoutHead(rendered: string): string {
  const html = rendered.replace(/^(?:<title>[^<]*<\/title>)+/, '');
  if (!html.startsWith('<div')) throw new Error(`The 404 page starts with more than its layout: ${html.slice(0, 80)}`);
  return html;
}
