import { WEAK_PASSWORD_MESSAGE } from '@portal/shared';

/** Texts of the onboarding screens; those the specification quotes are verbatim (section in the comment). Texts more than one app uses are in @portal/shared's `messages`. */
export const texts = {
  wrongCode: 'Unijeli ste neispravan aktivacioni kod.', // product.md §5, §8
  codeRequired: 'Unesi kod koji smo ti poslali.',
  codeNumeric: 'Kod se sastoji samo od cifara.',
  resend: 'Pošalji kod ponovo', // product.md §4, Resend link
  resendSent: 'Novi kod je uspješno poslat...', // product.md §8
  resendFailed: 'Greška prilikom slanja novog koda...', // product.md §8
  passwordsDiffer: 'Lozinke se ne poklapaju.', // product.md §5
  passwordWeak: WEAK_PASSWORD_MESSAGE, // product.md §5
  passwordHint: 'Minimalno 8 karaktera', // product.md §5: the hint says minimum 8 characters
  firstNameRequired: 'Ime je obavezno.',
  lastNameRequired: 'Prezime je obavezno.',
} as const;
