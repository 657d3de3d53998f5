/** The member's own passkeys (docs/passkeys.md): the console's second factor beside the app's code. */
export const PASSKEY_TEXTS = {
  title: 'Pristupni ključevi',
  intro:
    'Pristupnim ključem potvrđuješ prijavu u konzolu umjesto koda iz aplikacije: otiskom prsta, licem ili PIN-om uređaja.',
  empty: 'Još nemaš pristupnih ključeva.',
  add: 'Dodaj pristupni ključ',
  added: 'Dodan',
  lastUsed: 'Zadnje korištenje',
  neverUsed: 'Još nije korišten',
  remove: 'Ukloni',
  failed: 'Pristupne ključeve trenutno nije moguće učitati.',
  changeFailed: 'Promjena nije uspjela. Pokušaj ponovo.',
  unsupported: 'Ovaj preglednik ne podržava pristupne ključeve.',
} as const;
