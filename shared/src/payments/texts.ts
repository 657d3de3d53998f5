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
