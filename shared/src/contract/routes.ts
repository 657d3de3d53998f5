import type { RemoteName } from './common';

/**
 * Which remote owns which URL prefix. The host loads a remote only when a route under one of its
 * prefixes is first visited, so `/` never downloads account or onboarding code; the server names the
 * owner's first files in the page's `Link` header, so the browser fetches them beside the host's.
 */
export const REMOTE_PREFIXES: ReadonlyArray<{ prefix: string; remote: RemoteName }> = [
  { prefix: '/paketi', remote: 'catalogue' },
  { prefix: '/tv-kanali', remote: 'catalogue' },
  { prefix: '/videoteke', remote: 'catalogue' },
  { prefix: '/faq', remote: 'catalogue' },
  { prefix: '/uslovi-placanja', remote: 'catalogue' },
  { prefix: '/uslovi-koriscenja', remote: 'catalogue' },
  { prefix: '/privacy-policy', remote: 'catalogue' },
  { prefix: '/nalog', remote: 'account' },
  { prefix: '/kreiraj-nalog', remote: 'onboarding' },
  { prefix: '/zaboravljena-lozinka', remote: 'onboarding' },
  { prefix: '/pretplati-se', remote: 'onboarding' },
  { prefix: '/potvrdi-pretplatu', remote: 'onboarding' },
  { prefix: '/pretplata-uspjesna', remote: 'onboarding' },
  { prefix: '/pretplata-greska', remote: 'onboarding' },
];

/** The remote that owns a path, matching whole segments (`/nalogx` belongs to nobody). */
export function remoteFor(pathname: string): RemoteName | null {
  if (pathname === '/' || pathname === '') return 'catalogue';
  const hit = REMOTE_PREFIXES.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return hit?.remote ?? null;
}
