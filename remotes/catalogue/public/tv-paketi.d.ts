/**
 * Types of `<tv-paketi>` v1 for the operator's own TypeScript: put this file in the project (or
 * reference it) and `document.querySelector('tv-paketi')` is a TvPaketiElement whose events are
 * typed. For React's JSX, add tv-paketi-react.d.ts too. custom-elements.json describes the same.
 */
export interface TvPaketiPackage {
  code: string;
  name: string;
  /** The monthly price in KM with VAT; null when it could not be loaded. */
  priceKM: number | null;
}

export interface TvPaketiEventMap {
  'tv-paketi-load': CustomEvent<{ packages: TvPaketiPackage[] }>;
  'tv-paketi-error': CustomEvent<{ message: string }>;
  /** Cancelable: `preventDefault()` keeps the page. */
  'tv-paketi-select': CustomEvent<TvPaketiPackage>;
}

export interface TvPaketiElement extends HTMLElement {
  readonly portalUrl: string;
  readonly apiUrl: string;
  readonly ref: string | null;
  addEventListener<K extends keyof TvPaketiEventMap>(
    type: K,
    listener: (this: TvPaketiElement, event: TvPaketiEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof TvPaketiEventMap>(
    type: K,
    listener: (this: TvPaketiElement, event: TvPaketiEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

/** The element's attributes (what JSX takes, in tv-paketi-react.d.ts). */
export interface TvPaketiAttributes {
  'portal-url'?: string;
  'api-url'?: string;
  paket?: 'starton' | 'maxon';
  product?: string;
  /** `cirilica`: the texts in Cyrillic (the packages' names stay as they are); anything else, or none: Latin. */
  pismo?: 'latinica' | 'cirilica';
}

declare global {
  interface HTMLElementTagNameMap {
    'tv-paketi': TvPaketiElement;
  }
}
