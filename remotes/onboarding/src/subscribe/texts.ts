import { messages } from '@portal/shared';

export const SUBSCRIBE_TEXTS = {
  title: 'Pretplata',
  acceptUseTerms: 'Prihvatam',
  useTerms: 'uslove korištenja',
  acceptTerms: 'Prihvatam',
  terms: 'uslove plaćanja i politiku privatnosti',
  useTermsTitle: 'Uslovi korištenja',
  termsTitle: 'Uslovi plaćanja i politika privatnosti',
  promoSubmit: 'Pretplati se',
  submit: 'Nastavi',
  addCard: 'Unesi karticu',
  noCard: messages.noCards,
  confirmTitle: 'Potvrda pretplate',
  consent:
    'Saglasan/saglasna sam da se pretplata automatski naplaćuje s moje glavne kartice na početku svakog obračunskog perioda.',
  pay: 'Plati i potvrdi pretplatu',
  loadFailed: 'Podatke za pretplatu trenutno nije moguće učitati.',
  /** Shown when the API's refusal of an order for its price carries no message of its own. */
  priceChanged: 'Cijena paketa se promijenila. Provjeri novu cijenu i pokušaj ponovo.',
};

/** The chosen plan on the subscribe and confirm pages (product.md §2, Subscribing). */
export const SUBSCRIBE_PLAN_TEXTS = {
  plan: 'Paket',
  period: 'Period aktivacije',
  price: 'Cijena',
  card: 'Kartica',
  spotlight: 'Naš najtraženiji paket',
  channels: (n: number) => `${n} TV kanala`,
  services: 'Dodatne usluge',
  vod: (text: string, until: string) => `${text} (promotivno do ${until}).`,
  cardSection: 'Kartica za plaćanje',
  payWith: (card: string) => ` ${messages.payWithCard} ${card}`,
  textFailed: 'Tekst trenutno nije moguće učitati.',
} as const;
