/**
 * The catalogue's prerender (node build: remotes/catalogue/build.ts, `pagesPrerender`): each public page of
 * PRERENDERED_PAGES rendered to HTML with React's static rendering, exactly as the browser's first render
 * of the same remote version will draw it, plus what that render read (dehydrated), so the browser
 * hydrates instead of drawing again. docs/decisions/031-prerendered-public-pages.md.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import {
  QueryClientProvider,
  Router,
  Routes,
  dehydrate,
  plansQuery,
  queryClient,
  type DehydratedState,
  type Plan,
} from '@portal/shared';
import { routes } from '../exposes/routes';
import { plansInfo } from '../content/plansInfo';
import { faqFileSchema } from '../content/schemas';
import { faqQuery } from '../faq/faqQuery';
import { legalTextQuery } from '../legal/legalText';
import { LEGAL_PAGES } from '../legal/LegalPage';
import { sanitizeLegalHtml } from '../legal/sanitize';
import { PRERENDERED_PAGES } from './pages';

export interface PrerenderInput {
  /** The plans' answer (`GET /{product}/plans`) the pages show until the browser asks again. */
  plans: Plan[];
  /** Reads a file of `content/resources/` as text. */
  readResource: (file: string) => string;
  /** A DOM for sanitising the legal texts as the browser does (jsdom's window). */
  view: Window;
}

export interface RenderedPage {
  path: string;
  title: string;
  description: string;
  jsonLd: object[];
  chunk: string | null;
  /** Head elements the page's render asked for (preloads of its first images). */
  head: string[];
  html: string;
  state: DehydratedState;
}

/**
 * A fragment's head elements: React writes them first (the page's <title>, preloads of its first
 * images). The browser would find them where the page goes and refuse to hydrate, so the page's own
 * HTML is what follows them, and its preloads go into the document's head (api/src/http/pages.ts).
 */
function splitHead(rendered: string): { head: string[]; html: string } {
  const head: string[] = [];
  let html = rendered;
  for (;;) {
    const element = /^(?:<title>[^<]*<\/title>|<(?:link|meta)\b[^>]*>)/.exec(html)?.[0];
    if (!element) return { head, html };
    if (element.startsWith('<link')) head.push(element);
    html = html.slice(element.length);
  }
}

/**
 * The reads as the browser should take them: shown at once, and asked again once the page has hydrated,
 * whenever that is (prices may have changed since the build).
 */
const asked = (state: DehydratedState): DehydratedState => ({
  ...state,
  queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: 0 } })),
});

async function toHtml(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={path}>
        <Routes routes={routes} />
      </Router>
    </QueryClientProvider>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

export async function prerender({ plans, readResource, view }: PrerenderInput): Promise<RenderedPage[]> {
  const faq = faqFileSchema.parse(JSON.parse(readResource('faq.json')));
  const data = { plans, faq, plansInfo };
  const pages: RenderedPage[] = [];
  for (const page of PRERENDERED_PAGES) {
    queryClient.clear();
    // Answered now, so the render asks nothing; the browser is told they are as old as can be (below).
    const seed = { updatedAt: Date.now() };
    if (page.reads.includes('plans')) queryClient.setQueryData(plansQuery.queryKey, plans, seed);
    if (page.reads.includes('faq')) queryClient.setQueryData(faqQuery.queryKey, faq, seed);
    const legal = LEGAL_PAGES[page.path.replace(/^\/|\/$/g, '') as keyof typeof LEGAL_PAGES];
    if (page.reads.includes('legal') && legal) {
      queryClient.setQueryData(
        legalTextQuery(legal.file).queryKey,
        sanitizeLegalHtml(readResource(legal.file), view),
        seed,
      );
    }
    const { head, html } = splitHead(await toHtml(page.path));
    pages.push({
      path: page.path,
      title: page.title,
      description: page.description,
      jsonLd: page.jsonLd ? [page.jsonLd(data)] : [],
      chunk: page.chunk ?? null,
      head,
      html,
      state: asked(dehydrate(queryClient)),
    });
  }
  queryClient.clear();
  return pages;
}
