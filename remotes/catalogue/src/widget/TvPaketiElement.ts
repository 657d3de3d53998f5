import { paths, plansEndpoint, saleRefOf, type Plan } from '@portal/shared/contract';
import { formatKM, promoRibbon } from '@portal/shared/format';
import { plansInfo } from '../content/plansInfo';
import { mergePlans, type PlanOffer } from '../plans/plans';
import { channelCount, planTexts, vodNote, WIDGET_TEXTS } from '../plans/texts';
import { WIDGET_CSS } from './styles';
import { h } from './dom';
import { isCyrillic, textInScript, treeInScript } from './script';
// The shipped typings (public/tv-paketi.d.ts) are the one home of the events' shapes; the element follows them.
import type { TvPaketiElement as TvPaketiContract, TvPaketiEventMap, TvPaketiPackage } from '../../public/tv-paketi';

export type { TvPaketiEventMap, TvPaketiPackage };

/** The custom element's tag, for the operator's pages: `<tv-paketi>`. */
export const WIDGET_TAG = 'tv-paketi';
const DEFAULT_PRODUCT = 'ontv';

/** Where the loader script itself came from: the portal, unless the page says otherwise. */
const loaderOrigin = (() => {
  const script = typeof document !== 'undefined' ? document.currentScript : null;
  return script instanceof HTMLScriptElement && script.src ? new URL(script.src).origin : null;
})();

/**
 * An absolute `https:` or `http:` URL from an attribute, else null: a `javascript:` or `data:` one in
 * `portal-url` would make every link run script in the operator's page when clicked.
 */
function webUrl(value: string | null): string | null {
  try {
    const url = new URL(value ?? '');
    return /^https?:$/.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

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
 * `api-url` (default: `{portal-url}/api`), both absolute `https:` or `http:` URLs (anything else: the
 * default, and a console warning), `paket` (one package code; default: all), `product`,
 * `ref` (where the sale came from, passed on as `?ref=`), `pismo="cirilica"` (its texts in Cyrillic; any
 * other value or none: Latin). No `lang`: the widget is Bosnian only.
 * Events, parts and custom properties: custom-elements.json beside the script (v1).
 */
export class TvPaketiElement extends HTMLElement implements Pick<TvPaketiContract, 'portalUrl' | 'apiUrl' | 'ref'> {
  static observedAttributes = ['api-url', 'portal-url', 'paket', 'product', 'ref', 'pismo'];

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

  attributeChangedCallback(name: string, previous: string | null, next: string | null): void {
    if (name.endsWith('-url') && next?.trim() && !webUrl(next))
      console.warn(`<tv-paketi>: ${name} must be an https: or http: URL; the default is used`);
    if (previous !== next && this.isConnected) void this.load();
  }

  get portalUrl(): string {
    return (webUrl(this.getAttribute('portal-url')) || loaderOrigin || window.location.origin).replace(/\/+$/, '');
  }

  /** Where the sale came from, passed on to the portal's subscribe page as `?ref=` (at most 200 characters). */
  get ref(): string | null {
    return saleRefOf(this.getAttribute('ref'));
  }

  get apiUrl(): string {
    return (webUrl(this.getAttribute('api-url')) || `${this.portalUrl}/api`).replace(/\/+$/, '');
  }

  private async load(): Promise<void> {
    const request = ++this.request;
    this.setAttribute('aria-busy', 'true');
    // The cards at once, from the bundled descriptions, with their prices and promo bands held: when
    // the prices arrive nothing below the widget moves (no layout shift).
    const only = () => this.getAttribute('paket')?.trim().toLowerCase();
    const pending = mergePlans(plansInfo, null).filter((offer) => !only() || offer.code === only());
    this.show(
      h('p', { class: 'visually-hidden', role: 'status' }, WIDGET_TEXTS.loading),
      h('div', { class: 'grid' }, ...pending.map((offer) => this.card(offer, true))),
      h('p', { class: 'note' }, vodNote(plansInfo)),
    );
    let plans: Plan[] | null = null;
    try {
      const product = this.getAttribute('product')?.trim() || DEFAULT_PRODUCT;
      // The contract's entry for the call: its method, path and answer's schema.
      const path = plansEndpoint.path.replace('{product}', encodeURIComponent(product));
      const response = await fetch(`${this.apiUrl}${path}`, {
        method: plansEndpoint.method,
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      plans = plansEndpoint.answer.parse(await response.json());
    } catch (error) {
      console.warn('<tv-paketi>: plans could not be loaded', error);
    }
    if (request !== this.request) return; // a newer attribute change is already loading
    const offers = mergePlans(plansInfo, plans).filter((offer) => !only() || offer.code === only());
    // Never an empty box: without the API the descriptions show, with a message and a retry.
    const failure = plans
      ? null
      : h(
          'div',
          { class: 'notice', role: 'alert', part: 'notice' },
          h('p', {}, planTexts.plansFailed),
          this.button(WIDGET_TEXTS.retry, () => void this.load()),
        );
    this.show(
      failure,
      h('div', { class: 'grid' }, ...offers.map((offer) => this.card(offer))),
      h('p', { class: 'note' }, vodNote(plansInfo)),
    );
    this.removeAttribute('aria-busy');
    if (plans) this.emit('tv-paketi-load', { packages: offers.map(describe) });
    else this.emit('tv-paketi-error', { message: planTexts.plansFailed });
  }

  private emit<K extends keyof TvPaketiEventMap>(
    type: K,
    detail: TvPaketiEventMap[K]['detail'],
    cancelable = false,
  ): boolean {
    return this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));
  }

  private button(label: string, onClick: () => void): HTMLElement {
    const button = h('button', { type: 'button', class: 'retry', part: 'retry' }, label);
    button.addEventListener('click', onClick);
    return button;
  }

  /** Whether its texts are shown in Cyrillic (`pismo="cirilica"`). */
  private get cyrillic(): boolean {
    return isCyrillic(this.getAttribute('pismo'));
  }

  private show(...children: Array<Node | null>): void {
    const root = treeInScript(h('div', { class: 'root', part: 'root' }, ...children), this.cyrillic);
    const previous = this.shadow.querySelector('.root');
    if (previous) previous.replaceWith(root);
    else this.shadow.append(root);
  }

  private link(path: string): string {
    return `${this.portalUrl}${path}`;
  }

  /** 'PRETPLATI SE': tells the page first (`tv-paketi-select`, cancelable), then goes to the portal with the `ref`. */
  private subscribeLink(offer: PlanOffer): HTMLElement {
    const path = paths.subscribe.href(offer.code);
    const href = this.ref ? `${path}&ref=${encodeURIComponent(this.ref)}` : path;
    const link = h(
      'a',
      {
        class: 'button',
        href: this.link(href),
        part: 'button',
        // The package's name as it is, in either script.
        'aria-label': `${textInScript(planTexts.subscribe, this.cyrillic)}: ${offer.name}`,
      },
      planTexts.subscribe,
    );
    link.addEventListener('click', (event) => {
      if (!this.emit('tv-paketi-select', describe(offer), true)) event.preventDefault();
    });
    return link;
  }

  private card(offer: PlanOffer, pending = false): HTMLElement {
    const titleId = `tv-paketi-${offer.code}`;
    return h(
      'article',
      {
        class: offer.planSpotlight ? 'card spotlight' : 'card',
        'aria-labelledby': titleId,
        part: offer.planSpotlight ? 'card card-spotlight' : 'card',
      },
      offer.promo && h('p', { class: 'ribbon', part: 'ribbon' }, promoRibbon(offer.promo)),
      // Held with a promo text of the usual length, so the real one takes the same lines.
      pending && h('p', { class: 'ribbon held', 'aria-hidden': 'true' }, 'Besplatan promo period do 31.12.2099.'),
      h(
        'div',
        { class: 'body' },
        offer.planSpotlight && h('p', { class: 'badge' }, planTexts.spotlight),
        h('h3', { class: 'name', id: titleId, part: 'name', translate: 'no' }, offer.name),
        h('p', { class: 'channels' }, channelCount(offer.numChannels)),
        h('a', { href: this.link(paths.channels.href(offer.code)), part: 'channel-link' }, planTexts.channelList),
        h('ul', { class: 'services' }, ...offer.additionalServices.map((service) => h('li', {}, service.name))),
        h('p', { class: 'multiscreen' }, offer.multiscreenDescription),
        h(
          'div',
          { class: 'footer' },
          pending
            ? h(
                'p',
                { class: 'price', 'aria-hidden': 'true' },
                h('strong', { class: 'held' }, formatKM(99.99)),
                ' ',
                h('span', { class: 'held' }, planTexts.perMonth),
              )
            : offer.price === null
              ? h('p', { class: 'price muted', part: 'price' }, planTexts.priceUnavailable)
              : h(
                  'p',
                  { class: 'price', part: 'price' },
                  h('strong', {}, formatKM(offer.price)),
                  ' ',
                  h('span', {}, planTexts.perMonth),
                ),
          pending
            ? h('span', { class: 'button held', 'aria-hidden': 'true' }, planTexts.subscribe)
            : this.subscribeLink(offer),
        ),
      ),
    );
  }
}

const describe = (offer: PlanOffer): TvPaketiPackage => ({
  code: offer.code,
  name: offer.name,
  priceKM: offer.price,
});

/** Registers `<tv-paketi>` once per page (the loader script and a federated host may both ask). */
export function defineTvPaketi(): void {
  if (!customElements.get(WIDGET_TAG)) customElements.define(WIDGET_TAG, TvPaketiElement);
}
