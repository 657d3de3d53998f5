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
import { faqFileSchema, type FaqItem } from '../content/schemas';
import { FAQ_FILE, faqQuery } from '../faq/faqQuery';
import { legalTextQuery } from '../legal/legalText';
import { LEGAL_PAGES } from '../legal/LegalPage';
import { sanitizeLegalHtml } from '../legal/sanitize';
import { PRERENDERED_PAGES } from './pages';
import { aroundList, aroundText, digestOf, mark, type Editable } from './editable';

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
  /** Where it shows an editor's file, which the server fills with the file as it is now. */
  editable?: Editable;
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

/** The answers a page's render shows: the plans, the FAQ, and the legal text of its path, if any. */
interface Reads {
  plans: Plan[];
  faq: FaqItem[];
  legal: { file: string; text: string } | null;
}

/** Renders a page with `reads` answered now, so the render asks nothing. */
async function renderWith(page: (typeof PRERENDERED_PAGES)[number], reads: Reads) {
  queryClient.clear();
  // The browser is told they are as old as can be (`asked`).
  const seed = { updatedAt: Date.now() };
  if (page.reads.includes('plans')) queryClient.setQueryData(plansQuery.queryKey, reads.plans, seed);
  if (page.reads.includes('faq')) queryClient.setQueryData(faqQuery.queryKey, reads.faq, seed);
  if (page.reads.includes('legal') && reads.legal) {
    queryClient.setQueryData(legalTextQuery(reads.legal.file).queryKey, reads.legal.text, seed);
  }
  return splitHead(await toHtml(page.path));
}

/**
 * Where the page shows an editor's file (faq.json, a legal text), for the server to fill with the file
 * as it is when the page is asked for (editable.ts): the page rendered again with marks in its place.
 */
async function editableOf(
  page: (typeof PRERENDERED_PAGES)[number],
  reads: Reads,
  readResource: (file: string) => string,
): Promise<Editable | undefined> {
  if (page.reads.includes('faq')) {
    const entry = (second: boolean) => ({ q: mark('q', second), a: mark('a', second) });
    const empty = await renderWith(page, { ...reads, faq: [] });
    const two = await renderWith(page, { ...reads, faq: [entry(false), entry(true)] });
    const list = aroundList(empty.html, two.html, ['q', 'a']);
    return { file: FAQ_FILE, digest: digestOf(readResource(FAQ_FILE)), ...list };
  }
  if (!reads.legal) return undefined;
  const marked = await renderWith(page, { ...reads, legal: { ...reads.legal, text: mark('text') } });
  return { file: reads.legal.file, digest: digestOf(readResource(reads.legal.file)), around: aroundText(marked.html) };
}

export async function prerender({ plans, readResource, view }: PrerenderInput): Promise<RenderedPage[]> {
  const faq = faqFileSchema.parse(JSON.parse(readResource(FAQ_FILE)));
  const data = { plans, faq, plansInfo };
  const pages: RenderedPage[] = [];
  for (const page of PRERENDERED_PAGES) {
    const legal = LEGAL_PAGES[page.path.replace(/^\/|\/$/g, '') as keyof typeof LEGAL_PAGES];
    const reads: Reads = {
      plans,
      faq,
      legal:
        page.reads.includes('legal') && legal
          ? { file: legal.file, text: sanitizeLegalHtml(readResource(legal.file), view) }
          : null,
    };
    const editable = await editableOf(page, reads, readResource);
    const { head, html } = await renderWith(page, reads);
    pages.push({
      path: page.path,
      title: page.title,
      description: page.description,
      jsonLd: page.jsonLd ? [page.jsonLd(data)] : [],
      chunk: page.chunk ?? null,
      head,
      html,
      state: asked(dehydrate(queryClient)),
      ...(editable ? { editable } : {}),
    });
  }
  queryClient.clear();
  return pages;
}
