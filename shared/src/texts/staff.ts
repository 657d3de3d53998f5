/**
 * The support console's texts that both the console and the API read (docs/decisions/032): the
 * console is the operator's staff's, in Bosnian as the portal is.
 */
export const STAFF_TEXTS = {
  weakPassword:
    'Lozinka mora imati najmanje 12 znakova, te veliko i malo slovo, broj i specijalni znak (najviše 32 znaka).',
  codeFormat: 'Kod ima 6 cifara.',
  reasonNeeded: 'Navedi razlog (najmanje 3 znaka).',
  searchTooShort: 'Unesi najmanje 2 znaka za pretragu.',
  loginFailed: 'Pogrešan e-mail ili lozinka.',
  tooManyLogins: 'Previše pokušaja prijave. Pokušaj ponovo kasnije.',
  wrongCode: 'Kod nije tačan ili je već iskorišten. Sačekaj sljedeći kod aplikacije.',
  tooManyCodes: 'Previše pogrešnih kodova. Prijavi se ponovo kasnije.',
  sessionOver: 'Sesija je istekla. Prijavi se ponovo.',
  notAllowed: 'Za ovu radnju nemaš ovlaštenje.',
  stepDone: 'Ovaj korak je već završen. Prijavi se ponovo.',
  customerNotFound: 'Korisnik nije pronađen.',
  alreadyBlocked: 'Korisnik je već blokiran.',
  notBlocked: 'Korisnik nije blokiran.',
} as const;
