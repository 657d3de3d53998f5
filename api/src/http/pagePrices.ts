import type { Plan } from '@portal/shared/contract';
import { activePromo, formatKM, freePeriodSpecification, promoRibbon } from '@portal/shared/format';

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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * An Offer's price components as the plan has them now: the monthly one (the build's, at the plan's
 * price) and, while a campaign runs, its free period; a campaign the build drew that has ended since is
 * gone. A free period is told from the monthly price by its price of 0 (a package never costs 0 KM).
 */
function currentSpecifications(value: unknown, plan: Plan, now: Date): unknown {
  const monthly = (Array.isArray(value) ? value : [value]).find((spec) => isRecord(spec) && spec.price !== '0.00');
  if (!isRecord(monthly)) return value;
  const priced = { ...monthly, price: plan.price.toFixed(2) };
  const promo = activePromo(plan.promos, now);
  return promo ? [priced, freePeriodSpecification(promo)] : priced;
}

/**
 * A JSON-LD node with each offer of a package (its `url` names `paket=<code>`) at the plan's price of
 * `plans`, with its running campaign's free period (currentSpecifications).
 */
function pricedJsonLd(node: unknown, plans: Map<string, Plan>, now: Date): unknown {
  if (Array.isArray(node)) return node.map((item) => pricedJsonLd(item, plans, now));
  if (!isRecord(node)) return node;
  const code = typeof node.url === 'string' ? /[?&]paket=([a-z0-9]+)/.exec(node.url)?.[1] : undefined;
  const plan = code ? plans.get(code) : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      plan && key === 'priceSpecification' ? currentSpecifications(value, plan, now) : pricedJsonLd(value, plans, now);
  }
  if (plan && typeof node.price === 'string') out.price = plan.price.toFixed(2);
  return out;
}

/**
 * A package card's opening tag (`<article … aria-labelledby="paket-maxon">`) and the promo ribbon drawn
 * first inside it, if it has one (remotes/catalogue's PlanCard: `<p class="…">Besplatan promo period …</p>`).
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
 * ribbon and its offers' free period as the running campaign has them on `now` (withCurrentRibbons,
 * currentSpecifications), and the plans read it hydrates with, so the page's first render in the
 * browser draws the same. A page that rendered no plans, or no current plans (null), is as built.
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
  // What the page shows of each plan: its HTML, JSON-LD and hydration state say the same.
  const shown = current.map((plan) =>
    ribbons.unchanged.has(plan.code)
      ? { ...plan, promos: rendered.plans.find((p) => p.code === plan.code)?.promos ?? [] }
      : plan,
  );
  const plans = new Map(shown.map((plan) => [plan.code, plan]));
  const state = structuredClone(page.state) as { queries: Query[] };
  const query = state.queries.find((q) => isPlans(q?.state?.data))!;
  query.state!.data = shown;
  return {
    ...page,
    html: ribbons.html,
    jsonLd: page.jsonLd.map((data) => pricedJsonLd(data, plans, now) as object),
    state,
  };
}
