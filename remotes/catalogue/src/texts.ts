/**
 * Texts of the catalogue's public pages (product.md §1, §2, Public); the package cards' texts, shared
 * with the embed widget, are in plans/texts.ts. Texts more than one app uses are in @portal/shared's `messages`.
 */

/** The home page claims of product.md §1 as seven benefits; watching only in BiH is a condition, said under them. */
export const BENEFITS = [
  {
    figure: '150+',
    title: 'Više od 150 TV kanala',
    text: 'Domaći, regionalni i svjetski kanali: informativni, sportski, filmski, dječiji i muzički.',
  },
  {
    figure: '72 h',
    title: '72 sata unazad',
    text: 'Propustio si emisiju? Pogledaj je i do tri dana nakon emitovanja.',
  },
  { figure: 'REC', title: 'Snimač', text: 'Snimi omiljene emisije i gledaj ih kad tebi odgovara.' },
  { figure: '★', title: 'Omiljeni i preporuke', text: 'Sačuvaj omiljene kanale i otkrij sadržaj po svom ukusu.' },
  {
    figure: '1000+',
    title: 'Hiljade naslova u videotekama',
    text: 'Filmovi i serije na zahtjev u videotekama Epic Drama, Viasat World i AXN Now.',
  },
  {
    figure: '2 / 4',
    title: '2 ili 4 uređaja istovremeno',
    text: 'Uz StartON gledaš na 2, a uz MaxON na 4 uređaja u isto vrijeme.',
  },
  { figure: '0', title: 'Bez ugovora', text: 'Bez ugovorne obaveze: otkaži pretplatu kad god želiš.' },
] as const;

export const HOME_TEXTS = {
  title: 'Početna',
  heading: 'ON TV: online televizija za Bosnu i Hercegovinu',
  about: 'Televizija koja ide s tobom',
  aboutText:
    'ON TV donosi više od 150 TV kanala, 72 sata unazad, snimač i hiljade naslova u videotekama na tvoj mobitel, tablet, Android TV i računar. Izaberi paket, pretplati se karticom i gledaj za nekoliko minuta.',
  subscribe: 'Pretplati se',
  why: 'Zašto ON TV',
  region: 'Usluga je dostupna za gledanje samo na teritoriji Bosne i Hercegovine.',
  apps: 'Nakon pretplate gledaj u aplikaciji za mobitel, tablet ili Android TV.',
  featured: 'Istaknuto',
  previous: 'Prethodni slajd',
  next: 'Sljedeći slajd',
} as const;

export const CHANNELS_TEXTS = {
  title: 'TV kanali',
  lead: 'Više od 150 TV kanala, sa 72 sata unazad i snimačem.',
  filters: 'Prikaži kanale',
  shown: 'Prikazano kanala:',
  list: 'Kanali',
  all: 'Svi kanali',
  start: 'StartON',
  max: 'MaxON',
  startPlan: 'StartON paket',
  maxPlan: 'MaxON paket',
} as const;

/** `/videoteke` (product.md §2, Public): the three video libraries. */
export const LIBRARIES_TEXTS = {
  title: 'Videoteke',
  lead: 'Hiljade filmova i serija na zahtjev. Sve tri videoteke besplatne su u okviru oba paketa, StartON i MaxON.',
  free: 'Besplatno uz StartON i MaxON',
  epicDrama:
    'Velike historijske i kostimirane drame, romanse i sage o porodicama, kraljevima i osvajačima, sa prevodom na naš jezik.',
  viasat:
    'Kriminalističke serije, trileri i dokumentarci iz cijelog svijeta: od skandinavskog noira do istinitih priča.',
  axn: 'Akcija, krimi i avantura: omiljene serije i filmovi AXN-a, kad god ti odgovara.',
} as const;

export const PLANS_TEXTS = {
  title: 'Paketi',
  lead: 'Izaberi paket koji ti odgovara. Bez ugovora, otkaži kad god želiš.',
} as const;

export const LEGAL_TEXTS = { privacy: 'Politika privatnosti' } as const;

/** What search engines and shared links show of each prerendered page (its title is the page's own). */
export const SEO_TEXTS = {
  home: 'ON TV: online televizija u Bosni i Hercegovini. Više od 150 TV kanala, 72 sata unazad, snimač i videoteke. Bez ugovora.',
  packages:
    'Paketi ON TV: StartON i MaxON. Cijene u KM sa PDV-om, promo period, broj kanala i uređaja. Bez ugovora, otkaži kad god želiš.',
  channels: 'Lista TV kanala ON TV: više od 150 domaćih, regionalnih i svjetskih kanala u paketima StartON i MaxON.',
  channelsOf: (plan: string) => `TV kanali u paketu ${plan}: lista kanala ON TV za Bosnu i Hercegovinu.`,
  libraries:
    'Videoteke Epic Drama, Viasat World i AXN Now: hiljade filmova i serija na zahtjev, besplatno uz oba paketa.',
  faq: 'Česta pitanja o ON TV: pretplata, plaćanje karticom, uređaji, gledanje i otkazivanje.',
  paymentTerms: 'Uslovi plaćanja usluge ON TV: plaćanje karticom, automatska obnova pretplate i povrat sredstava.',
  termsOfUse: 'Uslovi korištenja usluge ON TV.',
  privacy: 'Politika privatnosti ON TV: koje podatke prikupljamo i kako ih štitimo.',
  shareImageAlt: 'ON TV: online televizija za Bosnu i Hercegovinu',
  offerName: (plan: string) => `ON TV paket ${plan}`,
  offerDescription: (channels: number, devices: number) =>
    `${channels} TV kanala, 72 sata unazad, snimač, gledanje na ${devices} uređaja istovremeno.`,
} as const;
