/** Route prefixes whose header is opaque from the start (spec 2, Layout). */
export const OPAQUE_HEADER_PREFIXES = [
  '/nalog',
  '/kreiraj-nalog',
  '/pretplati-se',
  '/pretplata-uspjesna',
  '/pretplata-greska',
  '/potvrdi-pretplatu',
  '/zaboravljena-lozinka',
  '/uslovi',
  '/privacy',
  '/faq',
] as const;

/** The invoice page is printed: no header or footer. */
export const CHROMELESS_PREFIX = '/nalog/racun';

export const hasOpaqueHeader = (pathname: string): boolean =>
  OPAQUE_HEADER_PREFIXES.some((prefix) => pathname.startsWith(prefix));

export const isChromeless = (pathname: string): boolean =>
  pathname === CHROMELESS_PREFIX || pathname.startsWith(`${CHROMELESS_PREFIX}/`);

/** The scroll-to-top button appears past this many pixels (spec 9). */
export const SCROLL_TOP_THRESHOLD = 400;
