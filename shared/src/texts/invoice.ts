/** The invoice's labels and sentences (product.md §9): the printable page and the API's PDF print the same. */
export const INVOICE_TEXTS = {
  complaints: 'Reklamacije na iznos računa primaju se do 30. u mjesecu za prethodni mjesec.',
  line: (plan: string) => `Pretplata na paket ${plan}`,
  total: 'Ukupno za platiti (sa PDV-om)',
  title: (orderNumber: string) => `Račun br. ${orderNumber}`,
  idNumber: (value: string) => `ID broj: ${value}`,
  vatNumber: (value: string) => `PDV broj: ${value}`,
  bankAccount: (value: string) => `Transakcijski račun: ${value}`,
  issued: (day: string) => `Datum izdavanja: ${day}`,
  paid: (time: string) => `Vrijeme plaćanja: ${time}`,
  /** How it was paid, the real means: `meansByCard` or `meansByVoucher`. */
  paidWith: (means: string) => `Način plaćanja: ${means}`,
  /** A card, by its brand (`CARD_BRANDS`; none when unknown) and last four digits: "Karticom Visa …4242". */
  meansByCard: (brand: string | null, lastFour: string) => `Karticom ${brand ? `${brand} ` : ''}…${lastFour}`,
  /** A month of voucher credit, by its code's last four characters: "Vaučerom …ABCD". */
  meansByVoucher: (lastFour: string) => `Vaučerom …${lastFour}`,
  customer: 'Kupac',
  accountNumber: (value: string) => `Korisnički broj: ${value}`,
  description: 'Opis',
  period: 'Period',
  net: 'Iznos bez PDV-a',
  vat: 'PDV 17%',
  gross: 'Ukupno',
  support: (phone: string, email: string) => `Podrška: ${phone}, ${email}`,
  /** Money given back on this payment (decision 032): each refund's credit note. */
  creditNotes: 'Povrat novca',
  creditNote: (number: string, day: string, amount: string) =>
    `Knjižna obavijest br. ${number} od ${day}: vraćeno ${amount}`,
} as const;

/** The card brands as invoices name them, by the brand the processor reports (credit_cards.card_type). */
export const CARD_BRANDS: Record<string, string> = { visa: 'Visa', master: 'Mastercard', maestro: 'Maestro' };
