/** The sign-in's texts: the password, a new one, the authenticator app and its code. */
export const SIGN_IN_TEXTS = {
  title: 'Prijava u konzolu podrške',
  email: 'E-mail',
  password: 'Lozinka',
  submit: 'Prijavi se',
  failed: 'Prijava nije uspjela. Pokušaj ponovo.',
  newPasswordTitle: 'Nova lozinka',
  newPasswordIntro:
    'Prijavio si se jednokratnom lozinkom. Izaberi svoju lozinku: najmanje 12 znakova, veliko i malo slovo, broj i specijalni znak.',
  newPassword: 'Nova lozinka',
  confirmPassword: 'Ponovi novu lozinku',
  savePassword: 'Sačuvaj lozinku',
  totpSetupTitle: 'Aplikacija za autentifikaciju',
  totpSetupIntro:
    'Skeniraj QR kod aplikacijom za autentifikaciju (npr. Google Authenticator, Microsoft Authenticator ili FreeOTP), pa unesi kod koji ona prikaže.',
  qrAlt: 'QR kod za aplikaciju za autentifikaciju',
  secretLabel: 'Ako ne možeš skenirati, unesi ovaj ključ ručno:',
  totpTitle: 'Kod iz aplikacije',
  totpIntro: 'Unesi šestocifreni kod koji prikazuje tvoja aplikacija za autentifikaciju.',
  code: 'Kod',
  verify: 'Potvrdi',
  /** In place of the code (docs/passkeys.md). */
  withPasskey: 'Potvrdi pristupnim ključem',
  loadingSetup: 'Pripremam QR kod…',
  startOver: 'Počni ispočetka',
} as const;
