/**
 * The support console's texts that both the console and the API read (docs/decisions/032): the
 * console is the operator's staff's, in Bosnian as the portal is.
 */
export const STAFF_TEXTS = {
  weakPassword:
    'Lozinka mora imati najmanje 12 znakova, te veliko i malo slovo, broj i specijalni znak (najviše 32 znaka).',
  codeFormat: 'Kod ima 6 cifara.',
  passwordsDiffer: 'Lozinke se ne podudaraju.',
  /** The issuer an authenticator app shows beside the account. */
  totpIssuer: 'ON TV podrška',
  reasonNeeded: 'Navedi razlog (najmanje 3 znaka).',
  searchTooShort: 'Unesi najmanje 2 znaka za pretragu.',
  loginFailed: 'Pogrešan e-mail ili lozinka.',
  tooManyLogins: 'Previše pokušaja prijave. Pokušaj ponovo kasnije.',
  wrongCode: 'Kod nije tačan ili je već iskorišten. Sačekaj sljedeći kod aplikacije.',
  tooManyCodes: 'Previše pogrešnih kodova. Prijavi se ponovo kasnije.',
  /** A passkey in place of the code (docs/passkeys.md). */
  wrongPasskey: 'Pristupni ključ nije prihvaćen. Pokušaj ponovo ili upiši kod aplikacije.',
  noPasskeys: 'Nemaš dodan pristupni ključ: upiši kod aplikacije.',
  passkeyNotAdded: 'Pristupni ključ nije dodan. Pokušaj ponovo.',
  passkeyExists: 'Ovaj pristupni ključ je već dodan.',
  passkeyNotFound: 'Pristupni ključ nije pronađen. Možda je već uklonjen.',
  tooManyPasskeys: 'Možeš dodati najviše 10 pristupnih ključeva. Ukloni ključ koji ne koristiš.',
  sessionOver: 'Sesija je istekla. Prijavi se ponovo.',
  notAllowed: 'Za ovu radnju nemaš ovlaštenje.',
  stepDone: 'Ovaj korak je već završen. Prijavi se ponovo.',
  customerNotFound: 'Korisnik nije pronađen.',
  alreadyBlocked: 'Korisnik je već blokiran.',
  notBlocked: 'Korisnik nije blokiran.',
  paymentNotFound: 'Uplata nije pronađena.',
  keyReused: 'Ovaj zahtjev za povrat već je poslan s drugim iznosom. Otvori povrat ponovo.',
  refundTooLarge: (left: number) =>
    `Povrat ne može biti veći od uplaćenog iznosa: preostalo je ${left.toFixed(2).replace('.', ',')} KM.`,
  refundFailed: 'Procesor plaćanja nije izvršio povrat. Pokušaj ponovo kasnije.',
  giftRedeemed: 'Poklonjeni vaučer je već iskorišten: njegovi mjeseci pripadaju primaocu, pa povrat nije moguć.',
  refundAfterNeeded: 'Odaberi šta biva s pretplatom: prekida se odmah ili traje do kraja perioda bez obnove.',
  daysRange: 'Broj dana je od 1 do 365.',
  notExtendable: 'Istekla pretplata se ne produžava: korisnik bira i plaća paket.',
  noSubscription: 'Korisnik nema pretplatu.',
  deviceNotFound: 'Uređaj nije pronađen ili je već odjavljen.',
  noOpenReset: 'Korisnik nema započetu promjenu lozinke: kod šalje stranica „Zaboravljena lozinka”.',
  /** The reset's code would go by a channel this server has no transport for (SMS_GATEWAY_URL or SMTP_URL unset). */
  codeChannelMissing: (channel: 'SMS' | 'EMAIL') =>
    channel === 'SMS'
      ? 'Server nema podešeno slanje SMS poruka (SMS_GATEWAY_URL), pa kod nije poslan. Korisnik može zatražiti novu lozinku e-mail adresom.'
      : 'Server nema podešeno slanje e-pošte (SMTP_URL), pa kod nije poslan. Korisnik može zatražiti novu lozinku brojem telefona.',
  dayFormat: 'Unesi datum kao GGGG-MM-DD.',
  customerIdFormat: 'ID korisnika je broj (vidi adresu stranice korisnika).',
  extendBlocked: 'Blokiranom korisniku se period ne produžava: prvo ga odblokiraj.',
  tooManyResends: 'Previše ponovnih slanja za ovog korisnika.',
  amountFormat: 'Unesi iznos u KM, npr. 12,45.',
} as const;

/**
 * The console's and the command's answers about voucher batches (staff read them, customers never do): here
 * with the console's texts, not with the vouchers' (texts/vouchers.ts), which the customer pages' first load carries.
 */
export const VOUCHER_STAFF_TEXTS = {
  planNotFound: 'Paket nije pronađen.',
  validUntilPast: 'Vaučeri moraju važiti bar do danas.',
  batchNotFound: 'Serija vaučera nije pronađena.',
  alreadyCancelled: 'Ta serija je već povučena.',
  lastCharacters: 'Unesi posljednja 4 znaka koda.',
  labelNeeded: 'Unesi oznaku serije (npr. prodajno mjesto), do 100 znakova.',
  /** The label of the one-code batch a paid gift makes (docs/vouchers.md, A gift). */
  giftLabel: (orderNumber: string) => `Poklon ${orderNumber}`,
} as const;
