/** What a field's rule tells a wrong value (product.md §5), in the forms and in the API's 400s alike. */
export const FIELD_TEXTS = {
  weakPassword: 'Lozinka mora sadržavati bar jedno veliko slovo, malo slovo, broj i specijalni karakter.',
  forging: 'Unesi običan tekst u jednom redu, bez posebnih nevidljivih znakova.',
  registrationPhone: 'Broj telefona mora biti u formatu 06x xxx xxx(x).',
  cardHolderPhone: 'Molimo unesite ispravan broj telefona',
  fullName: 'Molimo unesite ispravno ime i prezime',
  address: 'Molimo unesite ispravnu ulicu',
  city: 'Molimo unesite ispravan grad',
  zip: 'Molimo unesite ispravan poštanski broj',
  country: 'Molimo unesite ispravnu državu',
  email: 'Molimo unesite ispravan e-mail',
  saleRef: (max: number) => `ref: najviše ${max} znakova`,
  registrationId: 'Neispravan identifikator zahtjeva. Počni ispočetka.',
  codeDigits: 'Kod se sastoji samo od cifara.',
  billingYear: 'godina mora biti od 2000 do 9999',
} as const;
