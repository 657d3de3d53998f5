/**
 * Texts of the host's shell (header, footer, error pages); those product.md quotes are verbatim. Texts
 * more than one app uses are in @portal/shared's `messages`.
 */
export const SHELL_TEXTS = {
  home: 'Početna',
  packages: 'Paketi',
  channels: 'TV kanali',
  libraries: 'Videoteke',
  homeLink: 'ON TV, početna',
  openMenu: 'Otvori meni',
  closeMenu: 'Zatvori meni',
  mainMenu: 'Glavni meni',
  skipToContent: 'Preskoči na sadržaj',
  toTop: 'Nazad na vrh stranice',
  footer: 'Podnožje',
  social: 'Društvene mreže',
  newWindow: (label: string) => `${label} (otvara se u novom prozoru)`,
  acceptedCards: 'Prihvaćene kartice',
  legal: 'ON TV. Gledanje je moguće samo na teritoriji Bosne i Hercegovine.',
  privacy: 'Politika privatnosti',
  /** The footer's switch of script; each script is named in itself (docs/decisions/050). */
  script: 'Pismo',
  latin: 'Latinica',
  cyrillic: 'Ћирилица',
  /** The page when the host's own start fails (a defect of the build). */
  cannotStart: 'Portal se trenutno ne može učitati. Osvježi stranicu za nekoliko trenutaka.',
} as const;

/** The slot of a remote built for another major release of @portal/shared (the specification has no text for it). */
export const OUTDATED_TEXTS = {
  title: 'Ovaj dio portala se upravo ažurira',
  text: 'Osvježi stranicu za nekoliko minuta. Ostatak portala radi normalno.',
  action: 'Osvježi stranicu',
} as const;
