/**
 * The host's prerender (node build: webpack.config.ts `host-prerender`): the shell (header, footer)
 * around each page a remote may prerender, drawn as the browser's first render draws it for an
 * anonymous visitor, with a marker where the page goes. The server puts a remote's prerendered page in
 * the marker's place (docs/decisions/031-prerendered-public-pages.md).
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClientProvider, Router, configurePortal, getProduct, paths, queryClient } from '@portal/shared';
import { Layout } from '../layout/Layout';

/** What the server replaces with the page's own HTML. */
export const PAGE_MARKER = '<template data-portal-page=""></template>';

async function toHtml(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={path}>
        <Layout>
          <template data-portal-page="" />
        </Layout>
      </Router>
    </QueryClientProvider>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (!html.includes(PAGE_MARKER)) throw new Error(`The shell of ${path} has no place for its page`);
  return html;
}

export interface Shell {
  /** The shell of a portal in sandbox mode (its header says so), and of one that is not. */
  sandbox: string;
  live: string;
}

/** The shell of every public page of the paths table (the catalogue's), keyed by path. */
export async function renderShells(): Promise<Record<string, Shell>> {
  const shells: Record<string, Shell> = {};
  const publicPages = Object.values(paths).filter((page) => page.remote === 'catalogue');
  for (const page of publicPages) {
    const shell: Partial<Shell> = {};
    for (const sandbox of [true, false]) {
      configurePortal({ apiBaseUrl: '/api', product: getProduct(), sandbox });
      shell[sandbox ? 'sandbox' : 'live'] = await toHtml(page.path);
    }
    shells[page.path] = shell as Shell;
  }
  return shells;
}
