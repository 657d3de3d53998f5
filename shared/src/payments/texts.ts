import { messages } from '@portal/shared';

/** The payment screens' texts (product.md §2, The card dialog; product.md §8, §9). */
export const CARD_TEXTS = {
  title: messages.addCard,
  step: (n: number) => `Korak ${n} od 4`,
  holderIntro: 'Podaci o vlasniku kartice',
  fullName: 'Ime i prezime',
  address: 'Ulica i broj',
  city: 'Grad',
  zip: 'Poštanski broj',
  country: 'Država',
  email: 'E-mail',
  phone: 'Broj telefona',
  next: 'Nastavi',
  preparing: 'Pripremam…',
  save: 'Sačuvaj karticu',
  saving: 'Provjeravam karticu…',
  verification: 'Za provjeru kartice rezervisaćemo 0,10 KM. Iznos se vraća u roku od 30 dana, zavisno od banke.',
  successTitle: 'Čestitamo',
  success: 'Kartica je uspješno sačuvana.',
  errorTitle: 'Greška',
  error: 'Dogodila se greška prilikom unosa kartice. Molimo pokušaj ponovo...',
  helpIntro: 'Najčešći razlozi:',
  help: [
    'plaćanje putem interneta nije omogućeno na kartici',
    'nedovoljno sredstava na računu',
    'pogrešno uneseni podaci ili kod banke',
    'tehnički problemi',
  ],
  close: 'Zatvori',
  challengeTitle: '3-D Secure provjera',
  challenge: 'Tvoja banka traži da potvrdiš ovu transakciju. (Sandbox: odobri ili odbij provjeru.)',
  approve: 'Odobri',
  reject: 'Odbij',
  pay: 'Plati',
  paying: 'Plaćanje u toku…',
  securityTitle: 'Sigurnosni kod kartice',
  securityIntro: 'Za plaćanje unesi sigurnosni kod (CVC) s poleđine kartice.',
};

/** The sandbox processor's card fields. */
export const SANDBOX_TEXTS = {
  number: 'Broj kartice',
  expiry: 'Datum isteka (MM/GG)',
  cvc: 'CVC',
  expiryShort: 'Datum isteka', // Stripe's field shows the format itself
  expiryPlaceholder: 'MM/GG',
  securityCode: 'Sigurnosni kod (CVC)',
  badNumber: 'Broj kartice nije ispravan.',
  badBrand: 'Prihvatamo Visa, Mastercard i Maestro kartice.',
  badExpiry: 'Datum isteka nije ispravan.',
  badCvc: 'CVC ima 3 ili 4 cifre.',
};

/** "1 mjesec", "2 mjeseca", "5 mjeseci", "21 mjesec": a count of months as Bosnian declines it. */
const monthsOf = (n: number) =>
  n % 10 === 1 && n % 100 !== 11
    ? `${n} mjesec`
    : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)
      ? `${n} mjeseca`
      : `${n} mjeseci`;

/**
 * The voucher forms' texts on the account page and the subscribe page (docs/vouchers.md), beside the
 * forms, out of the shared singleton every page loads; the API's and the shared ones are VOUCHER_TEXTS.
 */
export const VOUCHER_FORM_TEXTS = {
  hint: 'Kod s vaučera, npr. ABCD-EFGH-JKLM-NPQR',
  redeemed: (months: number, plan: string) =>
    `Vaučer je iskorišten: tvom kreditu dodano je ${monthsOf(months)} paketa ${plan}.`,
  credit: (plan: string, left: string) => `Kredit za paket ${plan}: ${left.toLowerCase()}.`,
  /** The subscribe page's way to pay with a voucher, beside the card's. */
  payWith: 'Plaćanje vaučerom',
  offer: 'Imaš vaučer za ovaj paket? Unesi njegov kod i pretplati se bez kartice.',
} as const;
