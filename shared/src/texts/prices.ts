/**
 * Prices and promos run from the support console (docs/prices-and-promos.md): the texts both the
 * console and the API read. Imported through `@portal/shared/contract/support`, outside the customer pages' singleton.
 */
export const PRICE_TEXTS = {
  priceFormat: 'Unesi cijenu u KM, npr. 29,90 (od 0,01 do 10.000 KM).',
  dayNotPast: 'Datum od kojeg cijena važi ne može biti u prošlosti.',
  samePrice: 'Paket već ima tu cijenu od tog datuma.',
  promoShape: 'Promo traje do datuma ili određen broj dana (od 1 do 365): unesi jedno od to dvoje.',
  promoUntilPast: 'Datum kraja promocije mora biti u budućnosti.',
  planNotFound: 'Paket nije pronađen.',
  promoNotRunning: 'Ta promocija nije aktivna.',
} as const;
