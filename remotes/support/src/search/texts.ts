/** The search's texts, and the subscription's statuses its results show. */
export const SEARCH_TEXTS = {
  title: 'Pretraga korisnika',
  label: 'Telefon, e-mail, ime, broj korisnika ili broj računa',
  submit: 'Traži',
  failed: 'Pretraga nije uspjela. Pokušaj ponovo.',
  none: 'Nijedan korisnik ne odgovara pretrazi.',
  found: (total: number) => `Pronađeno: ${total}`,
  caption: 'Pronađeni korisnici',
  name: 'Ime i prezime',
  contact: 'Kontakt',
  account: 'Broj korisnika',
  status: 'Status',
  plan: 'Paket',
  open: (name: string) => `Otvori korisnika ${name}`,
  previous: 'Prethodna',
  next: 'Sljedeća',
  pageOf: (page: number, pages: number) => `Stranica ${page} od ${pages}`,
} as const;

export const STATUS_TEXTS = {
  ACTIVE: 'Aktivna',
  DEACTIVATED: 'Deaktivirana',
  EXPIRED: 'Istekla',
  BLOCKED: 'Blokirana',
} as Record<string, string>;
