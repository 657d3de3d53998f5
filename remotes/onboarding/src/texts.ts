import { FIELD_TEXTS, WEAK_PASSWORD_MESSAGE } from '@portal/shared';

/** Texts of the onboarding screens; those the specification quotes are verbatim (section in the comment). Texts more than one app uses are in @portal/shared's `messages`. */
export const texts = {
  wrongCode: 'Unijeli ste neispravan aktivacioni kod.', // product.md §5, §8
  codeRequired: 'Unesi kod koji smo ti poslali.',
  codeNumeric: FIELD_TEXTS.codeDigits,
  resend: 'Pošalji kod ponovo', // product.md §4, Resend link
  resendSent: 'Novi kod je uspješno poslat...', // product.md §8
  resendFailed: 'Greška prilikom slanja novog koda...', // product.md §8
  passwordsDiffer: 'Lozinke se ne poklapaju.', // product.md §5
  passwordWeak: WEAK_PASSWORD_MESSAGE, // product.md §5
  passwordHint: 'Minimalno 8 karaktera', // product.md §5: the hint says minimum 8 characters
  firstNameRequired: 'Ime je obavezno.',
  lastNameRequired: 'Prezime je obavezno.',
} as const;

/** The wizards' steps: registration (product.md §4) and the forgotten password. */
export const WIZARD_TEXTS = {
  step: (n: number) => `Korak ${n} od 4`,
  sendCode: 'Pošalji kod',
  sentTo: 'Poslali smo kod na',
  enterIt: '. Unesi ga da potvrdiš nalog.',
  code: 'Kod',
  approveCode: 'Potvrdi',
  checkingCode: 'Provjeravam…',
  password: 'Lozinka',
  confirmPassword: 'Potvrdi lozinku',
  enterPassword: 'Unesi lozinku.',
  repeatPassword: 'Ponovi lozinku.',
  confirmCode: 'Potvrdi kod',
  confirmPhone: 'Potvrdi broj telefona',
  confirmEmail: 'Potvrdi e-mail adresu',
  createPassword: 'Kreiraj lozinku',
  next: 'Dalje',
  phoneTitle: 'Registracija brojem telefona',
  phoneLabel: 'Broj mobilnog telefona',
  emailTitle: 'Registracija e-mail adresom',
  emailLabel: 'E-mail adresa',
  personalData: 'Lični podaci',
  passwordLost: 'Zbog sigurnosti lozinku ne pamtimo nakon osvježavanja stranice. Unesi je ponovo.',
  enterPasswordAgain: 'Unesi lozinku ponovo',
  firstName: 'Ime',
  lastName: 'Prezime',
  creating: 'Kreiram nalog…',
  congratulations: 'Čestitamo!',
  created: 'Tvoj nalog je kreiran. Ovo je tvoj PIN za aplikacije; sačuvaj ga:',
  start: 'Izaberi kako želiš kreirati nalog.',
  byPhone: 'Putem broja telefona',
  byEmail: 'Putem e-mail adrese',
  haveAccount: 'Već imaš nalog?',
  forgotTitle: 'Zaboravljena lozinka',
  forgotLead: 'Unesi e-mail adresu ili broj telefona s kojim si kreirao nalog. Poslat ćemo ti kod za promjenu lozinke.',
  newPassword: 'Nova lozinka',
  passwordChanged: 'Lozinka je uspješno promijenjena. Prijavi se novom lozinkom; na ostalim uređajima smo te odjavili.',
} as const;

/**
 * A free promo period refused on the subscribe page (docs/product.md §4, Promo): why, by the API's
 * code, and the paid subscription offered in its place.
 */
export const PROMO_REFUSED_TEXTS = {
  CARD_PROMO_USED: 'Ova kartica je već iskoristila besplatni period za ovaj paket.',
  PROMO_USED: 'Besplatni period za ovaj paket već si iskoristio.',
  paidOffer: (plan: string, price: string) =>
    `Paket ${plan} možeš kupiti po redovnoj cijeni od ${price} mjesečno: klikni Nastavi.`,
} as const;

/** After the payment (product.md §2, §8). */
export const RESULT_TEXTS = {
  subscribedTitle: 'Pretplata je aktivirana',
  subscribed: 'Čestitamo! Tvoja pretplata je aktivirana.',
  watch:
    'Gledaj u aplikaciji ON TV na mobitelu, tabletu ili Android TV-u: preuzmi je i prijavi se istim podacima kao na portalu.',
  failedTitle: 'Pretplata nije uspjela',
  failed: 'Plaćanje nije uspjelo, pa pretplata nije aktivirana.',
  reasonsIntro: 'Mogući razlozi:',
  reasons: [
    'banka nije odobrila transakciju (neuspješna autorizacija)',
    'previše pokušaja plaćanja karticom u kratkom vremenu',
    'nedovoljno sredstava na računu',
  ],
  bank: 'Za više informacija obrati se banci koja je izdala tvoju karticu.',
  see: 'Pogledaj',
  faq: 'česta pitanja',
  orWrite: 'ili piši našoj podršci na',
  backToPackages: 'Nazad na pakete',
} as const;
