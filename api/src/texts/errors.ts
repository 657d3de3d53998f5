/**
 * The API's answers a customer reads (the `message` of a 4xx/5xx, shown by the pages as it comes);
 * those product.md quotes are verbatim. Messages for developers stay English beside their code.
 */
export const ERROR_TEXTS = {
  generic: 'Došlo je do greške na serveru. Pokušaj ponovo.',
  /** 503: the database cannot be reached (http/unavailable.ts). */
  unavailable: 'Usluga je trenutno nedostupna. Pokušaj ponovo za nekoliko minuta.',
  /** 503: the card processor cannot be reached; nothing was charged by this request. */
  processorUnavailable: 'Plaćanje karticom trenutno nije moguće. Pokušaj ponovo za nekoliko minuta.',
  tooLarge: 'Zahtjev je prevelik.',
  unsupported: 'Nepodržan format zahtjeva.',
  notFound: 'Nije pronađeno.',
  badRequest: 'Neispravan zahtjev.',
  notBuilt: 'Portal nije izgrađen: pokreni npm run build.',
  sessionExpired: 'Sesija je istekla. Prijavi se ponovo.',
  loginFailed: 'Pogrešno korisničko ime ili lozinka.',
  tooManyLogins: 'Previše pokušaja prijave.',
  /** A customer the operator's staff blocked, at sign-in: the support contact to call or write to. */
  signInBlocked: (phone: string, email: string) =>
    `Tvoj nalog je blokiran, pa prijava trenutno nije moguća. Obrati se korisničkoj podršci: ${phone} ili ${email}.`,
  tooManyAttempts: 'Previše pokušaja.',
  tooManyRequests: 'Previše zahtjeva.',
  tooManyCardAttempts: 'Previše pokušaja dodavanja kartice.',
  tooManyPdfs: 'Previše zahtjeva za PDF račune.',
  wrongPassword: 'Unesena lozinka nije tačna', // product.md §8: a 400
  deviceNotFound: 'Uređaj nije pronađen. Možda je već odjavljen.',
  thisDevice: 'Ovaj uređaj odjavljuješ dugmetom Odjavi se na stranici Moj nalog.',
  cardNotFound: 'Kartica nije pronađena.',
  // Passkeys (docs/passkeys.md)
  /** A passkey sign-in refused: an unknown or removed key, a wrong signature, a used or expired challenge. */
  passkeyLoginFailed: 'Prijava pristupnim ključem nije uspjela. Pokušaj ponovo ili se prijavi lozinkom.',
  passkeyNotAdded: 'Pristupni ključ nije dodan. Pokušaj ponovo.',
  passkeyExists: 'Ovaj pristupni ključ je već dodan.',
  passkeyNotFound: 'Pristupni ključ nije pronađen. Možda je već uklonjen.',
  tooManyPasskeys: (max: number) => `Možeš dodati najviše ${max} pristupnih ključeva. Ukloni ključ koji ne koristiš.`,
  tooManyCards: (max: number) => `Možeš sačuvati najviše ${max} kartica. Obriši karticu koju ne koristiš.`,
  retryIn: (lead: string, minutes: number) => `${lead} Pokušaj ponovo za ${minutes} min.`,
  billingBusy: 'Obračun već radi u drugom procesu. Pokušaj ponovo za koji trenutak.',
  // Codes (product.md §5, Codes)
  codeExpired: 'Kod je istekao. Zatraži novi kod.',
  codeSpent: 'Previše pogrešnih pokušaja. Zatraži novi kod.',
  tooManyWrongCodes: 'Previše pogrešnih kodova za ovaj nalog.',
  tooManyResends: 'Previše zahtjeva za novi kod.',
  /** More codes asked for from one client address than CODE_LIMIT_CLIENT an hour (docs/limits.md, Code messages). */
  tooManyCodesFromClient: 'Previše zatraženih kodova s ove mreže.',
  /** The portal's hourly ceiling of new destinations is reached: codes to known ones still go out. */
  newDestinationsPaused: (kind: 'phone' | 'email_domain') =>
    kind === 'phone'
      ? 'Slanje kodova na nove brojeve telefona je privremeno zaustavljeno. Možeš se registrovati e-mail adresom.'
      : 'Slanje kodova na nove e-mail adrese je privremeno zaustavljeno.',
  /** A number outside SMS_ALLOWED_PREFIXES: no SMS goes there. */
  phoneNotAllowed: (prefixes: readonly string[]) =>
    `Kod šaljemo SMS-om samo na brojeve s pozivnim brojem ${prefixes.map((p) => `+${p}`).join(', ')}. Unesi takav broj ili e-mail adresu.`,
  /** No SMS gateway on a server that is no sandbox: a code by SMS would never arrive (delivery/channels.ts). */
  smsUnavailable: 'Slanje SMS poruka trenutno nije moguće. Koristi e-mail adresu ili se obrati korisničkoj podršci.',
  /** No SMTP server on a server that is no sandbox: a code by e-mail would never arrive. */
  emailUnavailable: 'Slanje e-pošte trenutno nije moguće. Koristi broj telefona ili se obrati korisničkoj podršci.',
  registrationNotReady: 'Registracija nije potvrđena. Počni ispočetka.',
  emailFormat: 'Unesi ispravnu e-mail adresu.',
  phoneTaken: 'Nalog s ovim brojem telefona već postoji. Prijavi se ili zatraži novu lozinku.',
  emailTaken: 'Nalog s ovom e-mail adresom već postoji. Prijavi se ili zatraži novu lozinku.',
  alreadyRegistered: 'Nalog s ovim podacima već postoji. Prijavi se.',
  usernameMissing: 'Unesi e-mail adresu ili broj telefona.',
  codeNotApproved: 'Kod nije potvrđen. Zatraži novi kod.',
  outboxRecipient: 'Navedi primaoca: ?to=<telefon ili e-mail>',
  // Subscriptions and orders
  alreadySubscribed: 'Tvoja pretplata je aktivna: novu možeš kupiti kada istekne.',
  accountBlocked: 'Tvoj nalog je blokiran, pa pretplatu trenutno nije moguće kupiti. Obrati se korisničkoj podršci.',
  promoUsed: 'Promo period za ovaj paket već si iskoristio. Paket možeš kupiti po redovnoj cijeni.',
  cardPromoUsed:
    'Ova kartica je već iskoristila besplatni period za ovaj paket. Paket možeš kupiti po redovnoj cijeni.',
  planNotFound: 'Paket nije pronađen.',
  noPromo: 'Ovaj paket trenutno nema promo period.',
  promoNeedsCard: 'Za promo period potrebna je sačuvana kartica.',
  orderReplaced: 'Ovu narudžbu je zamijenila novija, otvorena u drugom prozoru. Pokušaj ponovo.',
  priceChanged: 'Cijena paketa se promijenila. Osvježi stranicu i pokušaj ponovo.',
  paymentNotFound: 'Uplata nije pronađena.',
  notActive: 'Deaktivirati je moguće samo aktivnu pretplatu.',
  notReactivatable: 'Reaktivacija bez plaćanja moguća je samo za deaktiviranu pretplatu čiji plaćeni period još traje.',
  // A pause (product.md §10, A pause)
  pauseNotActive: 'Pauzirati je moguće samo aktivnu pretplatu.',
  pausePromo: 'Tokom besplatnog promo perioda pretplatu nije moguće pauzirati.',
  pauseRenewal: 'Pretplata se upravo obnavlja ili čeka uplatu: pauzirati je možeš kada obnova bude plaćena.',
  pauseAlready: 'Pretplata je već pauzirana.',
  pauseOncePerYear: (from: string) => `Pauza je moguća jednom u 12 mjeseci: sljedeća može početi od ${from}`,
  notPaused: 'Pretplata nije pauzirana.',
  changePaused: 'Pretplata je pauzirana: paket možeš promijeniti kada se pretplata nastavi.',
  // Changing the package (product.md §10, Changing the package)
  changeDeactivated: 'Deaktiviranu pretplatu prvo reaktiviraj, pa onda promijeni paket.',
  changeBlocked: 'Tvoj nalog je blokiran, pa paket trenutno nije moguće promijeniti. Obrati se korisničkoj podršci.',
  changeExpired: 'Pretplata nije aktivna: paket izaberi i kupi na stranici Paketi.',
  samePlan: 'To je već tvoj paket.',
  renewalDue: 'Pretplata se upravo obnavlja: paket možeš promijeniti kada obnova bude plaćena.',
  amountChanged: 'Iznos za promjenu paketa se promijenio. Osvježi stranicu i pokušaj ponovo.',
  changedMeanwhile: 'Pretplata se u međuvremenu promijenila. Osvježi stranicu i pokušaj ponovo.',
  changeNeedsCard: 'Za promjenu paketa potrebna je sačuvana kartica.',
  // Idempotency keys of orders
  badIdempotencyKey: 'Neispravan zahtjev: Idempotency-Key mora imati 8 do 64 slova, broja, - ili _.',
  keyReused: 'Ovaj ključ zahtjeva je već iskorišten za drugi zahtjev.',
  orderPaid: 'Ova narudžba je već plaćena.',
} as const;

/** What the card processor shows of an order (the bank statement, the 3-D Secure page). */
export const ORDER_TEXTS = {
  upgradeName: (plan: string, from: string) => `${plan} (promjena paketa sa ${from})`,
  order: (what: string, orderNumber: string) => `${what}, narudžba ${orderNumber}`,
  renewal: (plan: string, due: string, orderNumber: string) => `${plan}, obnova ${due}, narudžba ${orderNumber}`,
  cardVerification: 'Verifikacija kartice',
  /** A voucher bought as a gift, in the payment history and on its invoice. */
  giftName: (plan: string) => `Poklon vaučer, paket ${plan}`,
  /** Why the portal itself gave a charge back: it could no longer buy the service it was for. */
  unservedRefund: 'Automatski povrat: naplata za uslugu koja više nije tražena',
  /** A refund made in the card processor's dashboard, not through the console. */
  processorRefund: 'Povrat napravljen kod procesora plaćanja',
  /** A bank's dispute (chargeback) the operator lost: the money went back to the card holder. */
  disputeLost: 'Izgubljen spor s bankom (chargeback)',
} as const;
