/** How long a one-time code works (docs/limits.md); the code's message says so (delivery/notices.ts). */
export const CODE_TTL_MINUTES = 10;

/** What the portal's hourly ceiling of new destinations counts apart (docs/limits.md, "Code messages"). */
type DestinationKind = 'phone' | 'email_domain';

/**
 * Where a code to `username` (in its stored form) goes, as the ceiling of new destinations sees it: a
 * phone number as it is, an e-mail by its domain (a new mailbox at a known domain is no new destination:
 * pumping is paid per number, and a made-up domain is what a flood of e-mails would use).
 */
export function destinationOf(username: string): { kind: DestinationKind; destination: string } {
  const at = username.lastIndexOf('@');
  return at < 0
    ? { kind: 'phone', destination: username }
    : { kind: 'email_domain', destination: username.slice(at + 1).toLowerCase() };
}
