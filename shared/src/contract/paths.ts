import type { RemoteName } from './apps';

/**
 * Every page of the portal in one table: its path, the remote that owns it, and how the host draws
 * the header over it. Links and navigation use `href`, whose parameters are typed; the remotes' route
 * lists use `path`. A path's `{product}` is the configured product code (`/nalog/deaktiviraj-ontv`).
 *
 * Header: `transparent` over a hero image, `opaque` from the start, `none` (no header or footer: a
 * page that is printed).
 */
type HeaderStyle = 'transparent' | 'opaque' | 'none';

interface Page<P extends string, A extends unknown[]> {
  readonly path: P;
  readonly remote: RemoteName;
  readonly header: HeaderStyle;
  readonly href: (...args: A) => string;
}

function page<const P extends string>(path: P, remote: RemoteName, header: HeaderStyle): Page<P, []>;
function page<const P extends string, A extends unknown[]>(
  path: P,
  remote: RemoteName,
  header: HeaderStyle,
  href: (...args: A) => string,
): Page<P, A>;
function page(path: string, remote: RemoteName, header: HeaderStyle, href?: (...args: unknown[]) => string) {
  return { path, remote, header, href: href ?? (() => path) };
}

const query = (path: string, name: string, value: string | undefined) =>
  value ? `${path}?${name}=${encodeURIComponent(value)}` : path;
const forProduct = (path: string) => (product: string) => path.replace('{product}', product);

export const paths = {
  // Public (catalogue)
  home: page('/', 'catalogue', 'transparent'),
  packages: page('/paketi', 'catalogue', 'transparent'),
  /** `?paket=` opens the list filtered to one package's channels. */
  channels: page('/tv-kanali', 'catalogue', 'transparent', (plan?: string) => query('/tv-kanali', 'paket', plan)),
  libraries: page('/videoteke', 'catalogue', 'transparent'),
  faq: page('/faq', 'catalogue', 'opaque'),
  paymentTerms: page('/uslovi-placanja', 'catalogue', 'opaque'),
  termsOfUse: page('/uslovi-koriscenja', 'catalogue', 'opaque'),
  /** Linked with the trailing slash, as the operator's site has always linked it. */
  privacyPolicy: page('/privacy-policy', 'catalogue', 'opaque', () => '/privacy-policy/'),

  // Login and account
  account: page('/nalog', 'account', 'opaque'),
  changePin: page('/nalog/promijeni-pin', 'account', 'opaque'),
  changePinDone: page('/nalog/promijeni-pin/uspjesno', 'account', 'opaque'),
  changePassword: page('/nalog/promijeni-lozinku', 'account', 'opaque'),
  changePasswordDone: page('/nalog/promijeni-lozinku/uspjesno', 'account', 'opaque'),
  deactivate: page('/nalog/deaktiviraj-{product}', 'account', 'opaque', forProduct('/nalog/deaktiviraj-{product}')),
  deactivated: page(
    '/nalog/deaktiviraj-{product}/uspjesno',
    'account',
    'opaque',
    forProduct('/nalog/deaktiviraj-{product}/uspjesno'),
  ),
  reactivateFree: page(
    '/nalog/reaktiviraj-{product}-bez-placanja',
    'account',
    'opaque',
    forProduct('/nalog/reaktiviraj-{product}-bez-placanja'),
  ),
  reactivatePaid: page('/nalog/reaktiviraj-{product}', 'account', 'opaque', forProduct('/nalog/reaktiviraj-{product}')),
  reactivated: page(
    '/nalog/reaktiviraj-{product}/uspjesno',
    'account',
    'opaque',
    forProduct('/nalog/reaktiviraj-{product}/uspjesno'),
  ),
  paid: page('/nalog/placanje-uspjesno', 'account', 'opaque'),
  paymentFailed: page('/nalog/placanje-greska', 'account', 'opaque'),
  cards: page('/nalog/moje-kartice', 'account', 'opaque'),
  devices: page('/nalog/uredjaji', 'account', 'opaque'),
  /** `?paket=` names the package to change to. */
  changePlan: page('/nalog/promijeni-paket', 'account', 'opaque', (plan: string) =>
    query('/nalog/promijeni-paket', 'paket', plan),
  ),
  payments: page('/nalog/istorija-uplata', 'account', 'opaque'),
  invoice: page('/nalog/racun', 'account', 'none', (orderNumber: string) => query('/nalog/racun', 'no', orderNumber)),

  // Registration
  register: page('/kreiraj-nalog', 'onboarding', 'opaque'),
  registerPhone: page('/kreiraj-nalog/broj-telefona', 'onboarding', 'opaque'),
  registerEmail: page('/kreiraj-nalog/e-mail', 'onboarding', 'opaque'),
  confirmPhone: page('/kreiraj-nalog/potvrdi-broj-telefona', 'onboarding', 'opaque'),
  confirmEmail: page('/kreiraj-nalog/potvrdi-e-mail', 'onboarding', 'opaque'),
  createPassword: page('/kreiraj-nalog/kreiraj-lozinku', 'onboarding', 'opaque'),
  personalData: page('/kreiraj-nalog/licni-podaci', 'onboarding', 'opaque'),
  registered: page('/kreiraj-nalog/registracija-uspjesna', 'onboarding', 'opaque'),

  // Forgotten password
  forgotPassword: page('/zaboravljena-lozinka', 'onboarding', 'opaque'),
  forgotCodeEmail: page('/zaboravljena-lozinka/resetovanje-kod-potvrda-email', 'onboarding', 'opaque'),
  forgotCodePhone: page('/zaboravljena-lozinka/resetovanje-kod-potvrda-broj-telefona', 'onboarding', 'opaque'),
  forgotReset: page('/zaboravljena-lozinka/resetovanje-zaboravljene-lozinke', 'onboarding', 'opaque'),
  forgotDone: page('/zaboravljena-lozinka/resetovanje-lozinke-uspjesno', 'onboarding', 'opaque'),

  // Subscribing
  /** `?paket=` preselects a package. */
  subscribe: page('/pretplati-se', 'onboarding', 'opaque', (plan?: string) => query('/pretplati-se', 'paket', plan)),
  confirmSubscription: page('/potvrdi-pretplatu', 'onboarding', 'opaque', (plan: string) =>
    query('/potvrdi-pretplatu', 'plan', plan),
  ),
  subscribed: page('/pretplata-uspjesna', 'onboarding', 'opaque'),
  subscribeFailed: page('/pretplata-greska', 'onboarding', 'opaque'),
} as const;

const PAGES: ReadonlyArray<Page<string, never[]>> = Object.values(paths);
const firstSegment = (path: string) => `/${path.split('/')[1] ?? ''}`;

/**
 * Which remote owns which first path segment. The host loads a remote only when a route under one of
 * its prefixes is first visited, so `/` never downloads account or onboarding code; the server names
 * the owner's first files in the page's `Link` header, so the browser fetches them beside the host's.
 */
export const REMOTE_PREFIXES: ReadonlyArray<{ prefix: string; remote: RemoteName }> = [
  ...new Map(PAGES.filter((p) => p.path !== '/').map((p) => [firstSegment(p.path), p.remote])),
].map(([prefix, remote]) => ({ prefix, remote }));

/** `path` is `prefix` or lies under it, by whole segments (`/nalogx` is not under `/nalog`). */
const under = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

/** The remote that owns a path, matching whole segments (`/nalogx` belongs to nobody). */
export function remoteFor(pathname: string): RemoteName | null {
  if (pathname === '/' || pathname === '') return 'catalogue';
  return REMOTE_PREFIXES.find(({ prefix }) => under(pathname, prefix))?.remote ?? null;
}

/** Each page's path as a pattern matching it and the paths under it; `{product}` matches any product code. */
const MATCHERS = PAGES.map((p) => ({
  page: p,
  pattern:
    p.path === '/'
      ? /^\/?$/
      : new RegExp(
          `^${p.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{product}', '[a-z][a-z0-9]{1,19}')}(?:/|$)`,
        ),
}));

/** Each page's path as a pattern matching it alone (a trailing slash allowed: `/privacy-policy/`). */
const EXACT = PAGES.map(
  (p) => new RegExp(`^${p.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{product}', '[a-z][a-z0-9]{1,19}')}/?$`),
);

/** Whether a path is one of the table's pages: the server answers any other with status 404 (its page says so). */
export const isPagePath = (pathname: string): boolean => EXACT.some((pattern) => pattern.test(pathname));

/**
 * The page a path shows: the table's longest path it lies under, by whole segments.
 */
function pageFor(pathname: string): Page<string, never[]> | null {
  let best: Page<string, never[]> | null = null;
  for (const { page: candidate, pattern } of MATCHERS) {
    if (pattern.test(pathname) && (!best || candidate.path.length > best.path.length)) best = candidate;
  }
  return best;
}

/** How the header is drawn over a path; a path outside the table (a 404) has the hero's transparent header. */
export const headerStyleFor = (pathname: string): HeaderStyle => pageFor(pathname)?.header ?? 'transparent';
