/**
 * The support console's texts (docs/decisions/032-support-console.md), for the operator's staff. The
 * API's own messages (sign-in, refusals) come with its answers and the contract (STAFF_TEXTS). Here
 * the shell's; each page's catalogue is beside it (`signin/texts.ts`, `search/texts.ts`, …), the dialogs'
 * in `ui/texts.ts`.
 */
export const SUPPORT_TEXTS = {
  product: 'ON TV podrška',
  skipToContent: 'Preskoči na sadržaj',
  shell: {
    nav: 'Konzola podrške',
    search: 'Pretraga korisnika',
    audit: 'Zapisnik',
    prices: 'Paketi i cijene',
    vouchers: 'Vaučeri',
    reconciliation: 'Usklađivanje',
    passkeys: 'Pristupni ključevi',
    signOut: 'Odjavi se',
    role: { agent: 'agent', admin: 'administrator' } as Record<string, string>,
    signedInAs: (name: string, role: string) => `${name} (${role})`,
    notFound: 'Stranica nije pronađena.',
    notAllowed: 'Za ovu stranicu nemaš ovlaštenje.',
  },
} as const;
