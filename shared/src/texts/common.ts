/**
 * Bosnian texts used by more than one app. Texts quoted by the specification are verbatim;
 * `product.md §N` is a section of docs/product.md.
 */
export const messages = {
  loading: 'Učitavanje…',
  retry: 'Pokušaj ponovo',
  sending: 'Šaljem…',
  saving: 'Spremam…',
  noCards: 'Nemaš sačuvanih kartica', // product.md §2, §8
  notFoundTitle: 'Stranica nije pronađena', // product.md §2, Layout
  notFoundText: 'Stranica koju tražiš ne postoji ili je premještena.',
  backHome: 'Nazad na početnu',
  backToAccount: 'Nazad na moj nalog',
  cancel: 'Odustani',
  remoteUnavailableTitle: 'Ovaj dio portala trenutno nije dostupan',
  remoteUnavailableText: 'Provjeri internet vezu i pokušaj ponovo. Ostatak portala radi normalno.',
  configInvalidTitle: 'Portal nije ispravno podešen',
  configInvalidText: 'Konfiguracija portala (portal.config.json) nije ispravna. Obavijesti podršku:',
  networkError: 'Server nije dostupan. Provjeri internet vezu i pokušaj ponovo.',
  unknownError: 'Došlo je do greške. Pokušaj ponovo.',
  cannotLoad: (what: string) => `${what} trenutno nije moguće učitati. Provjeri internet vezu i pokušaj ponovo.`,
  // Login form, product.md §2 and 8
  loginUsername: 'E-mail ili broj telefona',
  loginPassword: 'Lozinka',
  loginSubmit: 'Prijavi se',
  loginFailed: 'Neuspješna prijava',
  loginTooMany: 'Previše pokušaja prijave. Pokušaj ponovo za nekoliko minuta.',
  forgotPassword: 'Zaboravljena lozinka?',
  noAccount: 'Nemaš nalog?',
  createAccount: 'Kreiraj nalog',
  logout: 'Odjavi se',
  accountLabel: 'Moj nalog',
  support: 'Korisnička podrška:', // the footer and every e-mail
  addCard: 'Dodaj karticu', // the card dialog's title and every button opening it
  changePassword: 'Promijeni lozinku',
  changePin: 'Promijeni PIN',
  choosePlan: 'Izaberi paket',
  getApp: 'Preuzmi aplikaciju',
  passwordChanged: 'Lozinka je promijenjena',
  payWithCard: 'Plaćanje karticom',
  perMonthVat: 'mjesečno, PDV uključen',
  paymentHistory: 'Istorija uplata',
  myCards: 'Moje kartice',
  faq: 'Česta pitanja',
  termsOfUse: 'Uslovi korištenja',
  termsOfPayment: 'Uslovi plaćanja',
  /** The sandbox's notice in every page's header (docs/product.md), and quoted in the API's settings help. */
  sandbox: 'Probno okruženje',
  sandboxNotice: ': plaćanja nisu stvarna.',
} as const;
