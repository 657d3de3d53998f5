import { WEAK_PASSWORD_MESSAGE } from '@portal/shared';

/** Texts of the onboarding screens; those the specification quotes are verbatim (section in the comment). Texts more than one app uses are in @portal/shared's `messages`. */
export const texts = {
  wrongCode: 'Unijeli ste neispravan aktivacioni kod.', // spec 5, 8
  codeRequired: 'Unesi kod koji smo ti poslali.',
  codeNumeric: 'Kod se sastoji samo od cifara.',
  resend: 'Pošalji kod ponovo', // spec 4, Resend-code link
  resendSent: 'Novi kod je uspješno poslat...', // spec 8
  resendFailed: 'Greška prilikom slanja novog koda...', // spec 8
  passwordsDiffer: 'Lozinke se ne poklapaju.', // spec 5
  passwordWeak: WEAK_PASSWORD_MESSAGE, // spec 5
  passwordHint: 'Minimalno 8 karaktera', // spec 5: the hint says minimum 8 characters
  firstNameRequired: 'Ime je obavezno.',
  lastNameRequired: 'Prezime je obavezno.',
} as const;
