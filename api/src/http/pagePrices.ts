import type { Plan } from '@portal/shared/contract';
import { activePromo, formatKM, promoRibbon } from '@portal/shared/format';

/** What of a prerendered page carries prices: its HTML, its JSON-LD and the reads it rendered with. */
interface PricedPage {
  html: string;
  jsonLd: object[];
  state: unknown;
}

type Query = { state?: { data?: unknown } };

const isPlans = (data: unknown): data is Plan[] =>
  Array.isArray(data) &&
  data.length > 0 &&
  data.every((p) => typeof p === 'object' && p !== null && 'code' in p && 'price' in p && 'promos' in p);

/** The plans read the page was rendered with (its dehydrated query), if it had one. */
function renderedPlans(state: unknown): { query: Query; plans: Plan[] } | null {
  const queries = (state as { queries?: Query[] } | null)?.queries;
  const query = Array.isArray(queries) ? queries.find((q) => isPlans(q?.state?.data)) : undefined;
  return query ? { query, plans: query.state!.data as Plan[] } : null;
}

/** A JSON-LD node with each offer of a package (its `url` names `paket=<code>`) at the price of `prices`. */
function pricedJsonLd(node: unknown, prices: Map<string, number>): unknown {
  if (Array.isArray(node)) return node.map((item) => pricedJsonLd(item, prices));
  if (typeof node !== 'object' || node === null) return node;
  const record = node as Record<string, unknown>;
  const code = typeof record.url === 'string' ? /[?&]paket=([a-z0-9]+)/.exec(record.url)?.[1] : undefined;
  const price = code ? prices.get(code) : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    out[key] =
      price !== undefined && key === 'priceSpecification' && typeof value === 'object' && value !== null
        ? { ...(value as object), price: price.toFixed(2) }
        : pricedJsonLd(value, prices);
  }
  if (price !== undefined && typeof record.price === 'string') out.price = price.toFixed(2);
  return out;
}

/**
 * A package card's opening tag (`<article … aria-labelledby="paket-maxon">`) and the promo ribbon drawn
 * first inside it, if it has one (remotes/catalogue's PackageCard: `<p class="…">Besplatan promo period …</p>`).
 */
const CARD = /(<article\b[^>]*\baria-labelledby="paket-([a-z0-9]+)"[^>]*>)(?:<p class="([^"]*)">[^<]*<\/p>)?/g;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The ribbon a visitor's browser draws for a plan now: its running campaign's (product.md §4, Promo), or none. */
const ribbonOf = (plan: Plan | undefined, now: Date) => {
  const promo = plan ? activePromo(plan.promos, now) : null;
  return promo ? promoRibbon(promo) : null;
};

/**
 * The cards' promo ribbons as the database's campaigns have them now: a ribbon's text changed (a new end
 * date), dropped (a campaign ended or past its day) or added (a campaign started since the build), so a
 * crawler and a visitor without JavaScript see the campaign as it is. A ribbon is added in the class of
 * another ribbon of the page; with none to copy, the plans whose ribbon cannot be drawn are answered in
 * `unchanged`, and keep the promos they were rendered with in the hydration state (the page hydrates what
 * its HTML shows, and its next read of the plans draws the ribbon).
 */
function withCurrentRibbons(html: string, current: Plan[], now: Date): { html: string; unchanged: Set<string> } {
  const ribbonClass = [...html.matchAll(CARD)].find((card) => card[3] !== undefined)?.[3];
  const unchanged = new Set<string>();
  const out = html.replace(CARD, (whole, open: string, code: string, drawnClass: string | undefined) => {
    const plan = current.find((p) => p.code === code);
    if (!plan) return whole;
    const ribbon = ribbonOf(plan, now);
    const className = drawnClass ?? ribbonClass;
    if (!ribbon) return open;
    if (className === undefined) {
      unchanged.add(code);
      return whole;
    }
    return `${open}<p class="${className}">${escapeText(ribbon)}</p>`;
  });
  return { html: out, unchanged };
}

/**
 * A prerendered page with the database's prices instead of the build's (docs/prices-and-promos.md):
 * each package's price in the HTML (`<strong>24,90 KM</strong>`) and in its JSON-LD offers, its promo
 * ribbon as the running campaign has it on `now` (withCurrentRibbons), and the plans read it hydrates
 * with, so the page's first render in the browser draws the same. A page that rendered no plans, or no
 * current plans (null), is as built.
 */
export function withCurrentPrices<P extends PricedPage>(page: P, current: Plan[] | null, now = new Date()): P {
  const rendered = current ? renderedPlans(page.state) : null;
  if (!current || !rendered) return page;
  let html = page.html;
  for (const plan of current) {
    const before = rendered.plans.find((p) => p.code === plan.code);
    if (before && before.price !== plan.price) {
      html = html.split(`>${formatKM(before.price)}<`).join(`>${formatKM(plan.price)}<`);
    }
  }
  const ribbons = withCurrentRibbons(html, current, now);
  const prices = new Map(current.map((plan) => [plan.code, plan.price]));
  const state = structuredClone(page.state) as { queries: Query[] };
  const query = state.queries.find((q) => isPlans(q?.state?.data))!;
  query.state!.data = current.map((plan) =>
    ribbons.unchanged.has(plan.code)
      ? { ...plan, promos: rendered.plans.find((p) => p.code === plan.code)?.promos ?? [] }
      : plan,
  );
  return {
    ...page,
    html: ribbons.html,
    jsonLd: page.jsonLd.map((data) => pricedJsonLd(data, prices) as object),
    state,
  };
}
