import type { CreditCard } from '../contract';

/** A saved card as the API lists it (the demo customer's Visa). */
export const savedCard: CreditCard = {
  code: 'c0ffee00-0000-4000-8000-000000000001',
  primaryCard: true,
  creditCardTypeCode: 'visa',
  cardNumber: '**** **** **** 4242',
  fullName: 'Amra Hodžić',
  address: 'Titova 1',
  city: 'Sarajevo',
  zip: '71000',
  phone: '+38761000001',
  country: 'BA',
  email: 'demo@ontv.ba',
  expirationDateMm: 12,
  expirationDateYy: 30,
};
