/** What the customer's and the console's passkey lists both say (docs/passkeys.md); each page's own words are its app's. */
export const PASSKEY_TEXTS = {
  title: 'Pristupni ključevi',
  empty: 'Još nemaš pristupnih ključeva.',
  add: 'Dodaj pristupni ključ',
  added: 'Dodan',
  lastUsed: 'Zadnje korištenje',
  neverUsed: 'Još nije korišten',
  remove: 'Ukloni',
  failed: 'Pristupne ključeve trenutno nije moguće učitati.',
  unsupported: 'Ovaj preglednik ne podržava pristupne ključeve.',
} as const;
