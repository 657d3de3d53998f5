import { paths, plansResponseSchema, type Plan } from '@portal/shared/contract';
import { formatKM, promoRibbon } from '@portal/shared/format';
import { plansInfo } from '../content/plansInfo';
import { mergePlans, type PackageOffer } from '../packages/plans';
import { channelCount, packageTexts, vodNote } from '../packages/texts';
import { WIDGET_CSS } from './styles';
import { h } from './dom';

/** The custom element's tag, for the operator's pages: `<tv-paketi>`. */
export const WIDGET_TAG = 'tv-paketi';
const DEFAULT_PRODUCT = 'ontv';

/** Where the loader script itself came from: the portal, unless the page says otherwise. */
const loaderOrigin = (() => {
  const script = typeof document !== 'undefined' ? document.currentScript : null;
  return script instanceof HTMLScriptElement && script.src ? new URL(script.src).origin : null;
})();

let sheet: CSSStyleSheet | null | undefined;
/** One constructed stylesheet for every widget on the page (and no inline style element, which a strict CSP would block). */
function sharedSheet(): CSSStyleSheet | null {
  if (sheet === undefined) {
    try {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(WIDGET_CSS);
    } catch {
      sheet = null;
    }
  }
  return sheet;
}

/**
 * `<tv-paketi api-url="https://portal/api" portal-url="https://portal" paket="maxon">`: the package
 * cards for the operator's own site, inside a shadow root so neither side's CSS reaches the other.
 * Attributes: `portal-url` (where its links go; default: the origin the script came from),
 * `api-url` (default: `{portal-url}/api`), `paket` (one package code; default: all), `product`.
 */
export class TvPaketiElement extends HTMLElement {
  static observedAttributes = ['api-url', 'portal-url', 'paket', 'product'];

  private readonly shadow: ShadowRoot;
  private request = 0;

  constructor() {
    super();
    this.shadow = this.attachShadow({ mode: 'open' });
    const styles = sharedSheet();
    if (styles && 'adoptedStyleSheets' in this.shadow) this.shadow.adoptedStyleSheets = [styles];
    else this.shadow.append(h('style', {}, WIDGET_CSS));
  }

  connectedCallback(): void {
    void this.load();
  }

  attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
    if (previous !== next && this.isConnected) void this.load();
  }

  get portalUrl(): string {
    const configured = this.getAttribute('portal-url')?.trim();
    return (configured || loaderOrigin || window.location.origin).replace(/\/+$/, '');
  }

  get apiUrl(): string {
    const configured = this.getAttribute('api-url')?.trim();
    return (configured || `${this.portalUrl}/api`).replace(/\/+$/, '');
  }

  private async load(): Promise<void> {
    const request = ++this.request;
    this.show(h('p', { class: 'status', role: 'status' }, 'Učitavam pakete…'));
    let plans: Plan[] | null = null;
    try {
      const product = this.getAttribute('product')?.trim() || DEFAULT_PRODUCT;
      const response = await fetch(`${this.apiUrl}/${encodeURIComponent(product)}/plans`, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      plans = plansResponseSchema.parse(await response.json());
    } catch (error) {
      console.warn('<tv-paketi>: plans could not be loaded', error);
    }
    if (request !== this.request) return; // a newer attribute change is already loading
    const only = this.getAttribute('paket')?.trim().toLowerCase();
    const offers = mergePlans(plansInfo, plans).filter((offer) => !only || offer.code === only);
    this.show(
      plans ? null : h('p', { class: 'notice', role: 'alert' }, packageTexts.plansFailed),
      h('div', { class: 'grid' }, ...offers.map((offer) => this.card(offer))),
      h('p', { class: 'note' }, vodNote(plansInfo)),
    );
  }

  private show(...children: Array<Node | null>): void {
    const root = h('div', { class: 'root', part: 'root' }, ...children);
    const previous = this.shadow.querySelector('.root');
    if (previous) previous.replaceWith(root);
    else this.shadow.append(root);
  }

  private link(path: string): string {
    return `${this.portalUrl}${path}`;
  }

  private card(offer: PackageOffer): HTMLElement {
    const titleId = `tv-paketi-${offer.code}`;
    return h(
      'article',
      { class: offer.planSpotlight ? 'card spotlight' : 'card', 'aria-labelledby': titleId },
      offer.promo && h('p', { class: 'ribbon' }, promoRibbon(offer.promo)),
      h(
        'div',
        { class: 'body' },
        offer.planSpotlight && h('p', { class: 'badge' }, packageTexts.spotlight),
        h('h3', { class: 'name', id: titleId }, offer.name),
        h('p', { class: 'channels' }, channelCount(offer.numChannels)),
        h('a', { href: this.link(paths.channels.href(offer.code)) }, packageTexts.channelList),
        h('ul', { class: 'services' }, ...offer.additionalServices.map((service) => h('li', {}, service.name))),
        h('p', { class: 'multiscreen' }, offer.multiscreenDescription),
        h(
          'div',
          { class: 'footer' },
          offer.price === null
            ? h('p', { class: 'price muted' }, packageTexts.priceUnavailable)
            : h('p', { class: 'price' }, h('strong', {}, formatKM(offer.price)), ' ', h('span', {}, packageTexts.perMonth)),
          h('a', { class: 'button', href: this.link(paths.subscribe.href(offer.code)), 'aria-label': `${packageTexts.subscribe}: ${offer.name}` }, packageTexts.subscribe),
        ),
      ),
    );
  }
}

/** Registers `<tv-paketi>` once per page (the loader script and a federated host may both ask). */
export function defineTvPaketi(): void {
  if (!customElements.get(WIDGET_TAG)) customElements.define(WIDGET_TAG, TvPaketiElement);
}
