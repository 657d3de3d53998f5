/**
 * Prepaid vouchers (mbons, docs/vouchers.md): what a customer reads when redeeming one and on the
 * account page, in the API's answers and on the pages alike. Quoted verbatim where the product names them.
 */
export const VOUCHER_TEXTS = {
  codeLabel: 'Kod vaučera',
  redeem: 'Iskoristi vaučer',
  subscribe: 'Pretplati se vaučerom',
  wrongCode: 'Kod vaučera nije ispravan.',
  used: 'Ovaj vaučer je već iskorišten.',
  expired: 'Ovaj vaučer je istekao.',
  cancelled: 'Ovaj vaučer je povučen. Obrati se prodajnom mjestu na kojem si ga kupio.',
  tooManyTries: 'Previše pokušaja unosa vaučera.',
  /** A voucher of another package than the subscription the customer has now: refused, not converted. */
  otherPackage: (voucherPlan: string, activePlan: string) =>
    `Ovaj vaučer je za paket ${voucherPlan}, a tvoja pretplata je ${activePlan}. Iskoristi ga kad pretplata na ${activePlan} istekne ili promijeni paket.`,
  noCredit: 'Nemaš vaučera za ovaj paket.',
  cannotSubscribe: 'Već imaš aktivnu pretplatu.',
  /** The means of payment on the invoice and in the payment history: "Vaučer …ABCD". */
  means: (lastFour: string) => `Vaučer …${lastFour}`,
  monthsLeft: (months: number) =>
    months === 1
      ? 'Preostao 1 mjesec'
      : months >= 2 && months <= 4
        ? `Preostala ${months} mjeseca`
        : `Preostalo ${months} mjeseci`,
  /** Buying a voucher as a gift (docs/vouchers.md, A gift). */
  gift: {
    title: 'Pokloni vaučer',
    intro:
      'Kupi vaučer karticom: kod šaljemo e-mailom ili SMS-om osobi koju navedeš, s tvojom porukom. Račun dobijaš ti.',
    plan: 'Paket',
    months: 'Broj mjeseci',
    to: 'E-mail ili broj mobitela primaoca',
    message: 'Tvoja poruka (nije obavezna)',
    open: 'Kupi vaučer na poklon',
    buy: 'Plati poklon',
    total: (amount: string) => `Ukupno: ${amount}`,
    failed: 'Plaćanje poklona nije uspjelo. Kartica nije terećena; pokušaj ponovo.',
    needsCard: 'Za kupovinu poklona treba ti sačuvana kartica.',
    sent: (to: string) => `Plaćeno. Kod vaučera je poslan na ${to}.`,
    wrongRecipient: 'Unesi ispravnu e-mail adresu ili broj mobitela (06…) primaoca.',
    smsNotAllowed: 'Na ovaj broj ne možemo poslati SMS. Unesi broj iz BiH ili e-mail adresu.',
    wrongMonths: 'Poklon može biti od 1 do 12 mjeseci.',
    messageTooLong: (max: number) => `Poruka može imati najviše ${max} znakova.`,
  },
} as const;

const MEANS = new RegExp(`^${VOUCHER_TEXTS.means('(\\S{4})')}$`);

/** The last four characters of the voucher an order's means names (`Vaučer …ABCD`), or null for a card's. */
export const voucherOfMeans = (means: string): string | null => MEANS.exec(means)?.[1] ?? null;
