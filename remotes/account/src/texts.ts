import { messages, PIN_RULE_TEXTS, WEAK_PASSWORD_MESSAGE, type SubscriptionStatus } from '@portal/shared';

/**
 * Texts of the account remote's pages; those product.md quotes are verbatim. Texts more than one app
 * uses are in @portal/shared's `messages`.
 */

// The account page (product.md §2, §8).
export const ACCOUNT_INFO_FAILED = 'Podaci o pretplati trenutno nisu dostupni. Pokušaj ponovo kasnije.';
export const PAYMENT_DATA_FAILED = 'Podaci o karticama trenutno nisu dostupni. Pokušaj ponovo kasnije.';

/** Status labels (product.md §4). */
export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  ACTIVE: 'AKTIVNA',
  DEACTIVATED: 'DEAKTIVIRANA',
  BLOCKED: 'BLOKIRANA',
  EXPIRED: 'ISTEKLA',
  PAUSED: 'PAUZIRANA', // product.md §10, A pause
};

export const CARDS_TEXTS = {
  title: 'Moje kartice',
  empty: messages.noCards,
  add: messages.addCard,
  primary: 'Glavna kartica',
  makePrimary: 'Postavi kao glavnu',
  remove: 'Obriši',
  confirmTitle: 'Obrisati karticu?',
  confirm: 'Da, obriši',
  cancel: messages.cancel,
  failed: 'Kartice trenutno nije moguće učitati.',
  changeFailed: 'Promjena nije uspjela. Pokušaj ponovo.',
};

export const PIN_TEXTS = {
  ...PIN_RULE_TEXTS,
  old: 'Stari PIN',
  new: 'Novi PIN',
  confirm: 'Potvrdi novi PIN',
  failed: 'PIN nije promijenjen. Pokušaj ponovo.',
  submit: messages.changePin,
} as const;

export const PASSWORD_TEXTS = {
  old: 'Stara lozinka',
  new: 'Nova lozinka',
  confirm: 'Potvrdi novu lozinku',
  hint: 'Najmanje 8 karaktera', // product.md §5: the hint says minimum 8 characters
  weak: WEAK_PASSWORD_MESSAGE,
  mismatch: 'Unesene lozinke se ne podudaraju', // product.md §5, New passwords: the change page's variant
  wrongOld: 'Unesena lozinka nije tačna', // product.md §8: a 400
  failed: 'Došlo je do nepoznate greške i lozinka nije promijenjena!', // product.md §8: any other error
  submit: messages.changePassword,
} as const;

export const DEVICES_TEXTS = {
  title: 'Uređaji',
  intro: 'Uređaji na kojima si prijavljen. Odjavi one koje ne prepoznaješ ili više ne koristiš.',
  limit: (plan: string, count: number) => `Paket ${plan} dozvoljava gledanje na ${count} uređaja istovremeno.`,
  thisDevice: 'Ovaj uređaj',
  signedIn: 'Prijava',
  lastUsed: 'Posljednja upotreba',
  signOut: 'Odjavi',
  signOutOthers: 'Odjavi sve ostale uređaje',
  confirmOne: (name: string) => `Odjaviti uređaj ${name}?`,
  confirmOneText: 'Uređaj će se morati ponovo prijaviti lozinkom.',
  confirmOthers: 'Odjaviti sve ostale uređaje?',
  confirmOthersText: 'Ostaješ prijavljen samo na ovom uređaju. Ostali će se morati ponovo prijaviti lozinkom.',
  confirm: 'Da, odjavi',
  cancel: messages.cancel,
  failed: 'Uređaje trenutno nije moguće učitati.',
  changeFailed: 'Odjava nije uspjela. Pokušaj ponovo.',
  types: { PHONE: 'Telefon ili tablet', TV: 'TV' } as Record<string, string>,
  browser: 'Preglednik',
};

/** 'Pristupni ključevi' on the account page, and signing in with one (docs/passkeys.md). */
export const PASSKEYS_TEXTS = {
  intro: 'Pristupnim ključem se prijavljuješ otiskom prsta, licem ili PIN-om svog uređaja, bez lozinke.',
  confirmTitle: 'Ukloniti pristupni ključ?',
  confirmText: (name: string) => `Ključem ${name} se više nećeš moći prijaviti. Lozinka ostaje ista.`,
  confirm: 'Da, ukloni',
  cancel: messages.cancel,
  addFailed: 'Pristupni ključ nije dodan. Pokušaj ponovo.',
  removeFailed: 'Pristupni ključ nije uklonjen. Pokušaj ponovo.',
};
/** The login form's button; a refusal's text is the API's (docs/passkeys.md). */
export const PASSKEY_SIGN_IN = 'Prijavi se pristupnim ključem';

export const SERVICE_FAILED = 'Promjena trenutno nije moguća. Pokušaj ponovo kasnije.';

/** Changing the package (product.md §10, Changing the package). */
export const CHANGE_PLAN_TEXTS = {
  title: 'Promjena paketa',
  fromTo: (from: string, fromPrice: string, to: string, toPrice: string) =>
    `Sa paketa ${from} (${fromPrice} mjesečno) prelaziš na paket ${to} (${toPrice} mjesečno). Cijene uključuju PDV.`,
  upgrade: (days: number, periodDays: number, start: string, end: string) =>
    `Novi paket važi odmah. Sada plaćaš razliku u cijeni za preostale dane plaćenog perioda: ${days} od ${periodDays} dana, od ${start} do ${end}`,
  toPay: 'Za platiti sada',
  vatIncluded: 'PDV uključen',
  afterRenewal: (day: string, price: string) => `Od obnove ${day} mjesečna cijena je ${price}.`,
  downgrade: (to: string, day: string, from: string) =>
    `Paket ${to} počinje sa sljedećom obnovom, ${day} Do tada gledaš paket ${from}. Sada ne plaćaš ništa.`,
  promo: (from: string, end: string, to: string) =>
    `Tvoj besplatni promo period paketa ${from} traje do ${end} Paket ${to} počinje tada, s prvim plaćenim periodom. Sada ne plaćaš ništa.`,
  payWith: messages.payWithCard,
  addCard: messages.addCard,
  pay: (amount: string) => `Plati ${amount} i promijeni paket`,
  confirmDowngrade: 'Potvrdi promjenu',
  changed: (plan: string) => `Paket je promijenjen: sada gledaš paket ${plan}.`,
  paid: (plan: string) =>
    `Plaćanje je uspješno i paket je promijenjen: sada gledaš paket ${plan}. Račun nalaziš u istoriji uplata.`,
  scheduled: (plan: string, day: string) => `Promjena je zakazana: od ${day} tvoj paket je ${plan}.`,
  paymentFailed:
    'Plaćanje nije uspjelo i paket nije promijenjen. Pokušaj ponovo, ili se obrati svojoj banci ili našoj podršci ako se greška ponovi.',
  failed: 'Promjena paketa trenutno nije moguća. Pokušaj ponovo.',
  history: messages.paymentHistory,
  packages: 'Pogledaj pakete',
  /** 'Moj paket' on the account page while a downgrade waits for the renewal. */
  pending: (day: string, plan: string) => `Od ${day} paket ${plan}`,
  cancelPending: 'Otkaži promjenu',
  cancelFailed: 'Promjenu nije moguće otkazati. Pokušaj ponovo.',
  changeLink: 'Promijeni paket',
} as const;

/** The invoice as a PDF, on the invoice page and in the payment history. */
export const INVOICE_PDF_TEXTS = {
  download: 'Preuzmi PDF',
  downloading: 'Preuzimam…',
  failed: 'PDF računa trenutno nije moguće preuzeti. Pokušaj ponovo.',
} as const;

/** The account page's sections (product.md §2, Account). */
export const ACCOUNT_TEXTS = {
  title: messages.accountLabel,
  userData: 'Korisnički podaci',
  fullName: 'Ime i prezime',
  username: 'Korisničko ime',
  accountNumber: 'Korisnički broj',
  devices: 'Uređaji',
  myPackage: 'Moj paket',
  loadingAccount: 'Učitavam pretplatu…',
  payment: 'Plaćanje',
  loadingCards: 'Učitavam kartice…',
  deactivate: 'Deaktiviraj pretplatu',
  reactivate: 'Reaktiviraj pretplatu',
  plan: 'Paket',
  price: 'Cijena',
  perMonth: 'mjesečno (PDV uključen)',
  status: 'Status',
  validUntil: 'Važi do',
  payBy: 'Rok za plaćanje',
  renew: 'Obnovi pretplatu',
  noPlan: 'Nemaš aktiviran paket',
  renewalFailed: 'Naplata pretplate nije uspjela.',
  nextTry: (day: string) => `Sljedeći pokušaj naplate je ${day} `,
  graceUntil: (day: string) =>
    `Ako plaćanje ne uspije do ${day}, usluga će biti isključena. Kad promijeniš glavnu karticu, naplatu pokušavamo ponovo istog dana: `,
  changeCard: 'promijeni karticu',
  billingRule:
    'Pretplata se naplaćuje automatski na početku svakog obračunskog perioda sa tvoje glavne kartice. Ako naplata ne uspije, imaš 5 dana da je izmiriš; u tom roku period se računa od prvobitnog datuma.',
  primaryCard: 'Glavna kartica: ',
  nextPayment: 'Sljedeće plaćanje:',
  /** A rise the subscriber was told of (docs/prices-and-promos.md); the price as formatKM writes it ('27,90 KM'). */
  priceNotice: (day: string, price: string) => `Od ${day} cijena tvog paketa je ${price}`,
} as const;

/** A pause instead of a cancellation (product.md §10, A pause); the quoted texts verbatim. */
export const PAUSE_TEXTS = {
  pause: 'Pauziraj pretplatu',
  title: 'Pauziraj pretplatu',
  intro: (from: string) =>
    `Pauza počinje ${from}, kada ističe plaćeni period. Dok traje, usluga ne radi i ništa se ne naplaćuje, a sljedeća naplata se pomjera za trajanje pauze. Pauza je moguća jednom u 12 mjeseci.`,
  length: 'Trajanje pauze',
  months: { 1: '1 mjesec', 2: '2 mjeseca', 3: '3 mjeseca' } as Record<number, string>,
  confirm: 'Potvrdi pauzu',
  cancel: messages.cancel,
  failed: 'Pauza nije potvrđena. Pokušaj ponovo.',
  pausedUntil: (until: string) => `Pretplata je pauzirana do ${until}`,
  scheduled: (from: string, until: string) => `Pretplata će biti pauzirana od ${from} do ${until}`,
  resume: 'Nastavi pretplatu',
  cancelPause: 'Otkaži pauzu',
  resumeFailed: 'Pretplatu nije bilo moguće nastaviti. Pokušaj ponovo.',
} as const;

/** The saved cards' list (product.md §2, Account). */
export const CARD_LIST_TEXTS = {
  label: 'Sačuvane kartice',
  validUntil: 'Važi do',
  willBeRemoved: (card: string) => `Kartica ${card} bit će obrisana.`,
  primaryMoves: ' Glavna kartica postaje tvoja najnovija preostala kartica.',
} as const;

/** The pages after a change (product.md §2). */
export const DONE_TEXTS = {
  pinTitle: 'PIN je promijenjen',
  pin: 'Tvoj PIN je uspješno promijenjen.',
  passwordTitle: messages.passwordChanged,
  password: 'Tvoja lozinka je uspješno promijenjena. Na ostalim uređajima prijavi se novom lozinkom.',
} as const;

/** The payment history (product.md §2, §8). */
export const HISTORY_TEXTS = {
  title: messages.paymentHistory,
  failed: 'Uplate trenutno nije moguće učitati.',
  empty: 'Nema uplata', // product.md §8
  caption: 'Tvoje uplate, najnovije prve',
  number: 'Broj računa',
  paid: 'Vrijeme plaćanja',
  period: 'Period pretplate',
  card: 'Kartica',
  amount: 'Iznos',
  invoice: 'Račun',
  invoiceOf: (orderNumber: string) => `Račun ${orderNumber}`,
  show: 'Prikaži račun',
  print: 'Štampaj račun',
  pdfOf: (download: string, orderNumber: string) => `${download}: račun ${orderNumber}`,
  /** A refund of the payment, under its amount. */
  refunded: (amount: string, creditNote: string) => `Vraćeno ${amount} (knjižna obavijest ${creditNote})`,
  /** A month a gift's voucher paid, in place of its invoice: the gift's sale was invoiced. */
  paidByGift: (lastFour: string) => `Plaćeno vaučerom …${lastFour}`,
} as const;

/** Page titles. */
export const TITLES = {
  login: 'Prijava',
  changePassword: 'Promjena lozinke',
  changePin: 'Promjena PIN-a',
  reactivate: 'Reaktivacija pretplate',
  deactivate: 'Deaktivacija pretplate',
} as const;

/** Deactivating and reactivating (product.md §2, §10). */
export const SERVICE_TEXTS = {
  expired: 'Plaćeni period paketa',
  expiredRest: 'je istekao. Reaktivacijom plaćaš novi mjesečni period koji počinje danas.',
  price: 'Cijena:',
  perMonth: 'mjesečno, PDV uključen.',
  cardsFailed: 'Podatke o karticama trenutno nije moguće učitati.',
  payWith: (card: string) => ` Plaćanje karticom ${card}`,
  payAndReactivate: 'Plati i reaktiviraj',
  paidTitle: 'Plaćanje uspješno',
  paid: 'Plaćanje je uspješno i pretplata je produžena. Hvala!',
  failedTitle: 'Plaćanje nije uspjelo',
  failed: 'Produženje pretplate nije uspjelo: plaćanje nije prošlo.',
  failedHelp: 'Pokušaj ponovo, ili se obrati svojoj banci ili našoj podršci ako se greška ponovi.',
  deactivateConfirm: 'Deaktiviraj',
  deactivateQuestion: (plan: string, until: string) =>
    `Da li želiš deaktivirati pretplatu na paket ${plan}? Uslugu možeš koristiti do kraja obračunskog perioda${until}; nakon toga se pretplata više ne naplaćuje.`,
  reactivateConfirm: 'Reaktiviraj',
  reactivateFree: (plan: string, day: string) =>
    `Plaćeni period paketa ${plan} traje do ${day}, pa reaktivacija ne zahtijeva plaćanje. Pretplata će se nakon toga ponovo automatski naplaćivati.`,
  deactivatedTitle: 'Pretplata je deaktivirana',
  deactivated: (day: string | null) =>
    `Pretplata je deaktivirana. Usluga ostaje aktivna ${day ? `do ${day}` : 'do kraja obračunskog perioda'}.`,
  reactivatedTitle: 'Pretplata je ponovo aktivna',
  reactivated: 'Pretplata je ponovo aktivna. Hvala što si ostao s nama!',
} as const;

/** Prepaid vouchers on the account page (docs/vouchers.md); the redeem form's and the API's texts are VOUCHER_TEXTS. */
export const ACCOUNT_VOUCHER_TEXTS = {
  heading: 'Vaučeri',
  none: 'Nemaš iskorištenih vaučera.',
  item: (lastFour: string, plan: string) => `Vaučer …${lastFour}, paket ${plan}`,
  creditFirst: 'Obnova pretplate prvo troši mjesec kredita; kartica se tereti tek kad kredita nestane.',
  subscribed: 'Pretplata je aktivna, plaćena mjesecom kredita s vaučera.',
  /** When the card is charged once the credit is gone (accountInfo.creditUntil); a date ends its sentence with its own dot. */
  cardFrom: (date: string) => `Kad se kredit potroši, kartica će biti terećena ${date}`,
} as const;
