/** The dialogs' texts: the common ones and each action's title and explanation. */
export const DIALOG_TEXTS = {
  reason: 'Razlog',
  cancel: 'Odustani',
  blockTitle: (name: string) => `Blokirati korisnika ${name}?`,
  blockText: 'Korisnik se odmah odjavljuje sa svih uređaja i ne može se prijaviti dok ga ne odblokiraš.',
  unblockTitle: (name: string) => `Odblokirati korisnika ${name}?`,
  unblockText: 'Korisnik se ponovo može prijaviti; pretplata dobija status koji je imala prije blokade.',
  extendTitle: 'Produžiti period pretplate?',
  extendText: 'Period i datum sljedećeg plaćanja pomjeraju se za navedeni broj dana.',
  endPauseTitle: (name: string) => `Završiti pauzu korisnika ${name}?`,
  endPauseText:
    'Pauza završava odmah, kao kad korisnik klikne Nastavi pretplatu: pauza koja traje naplaćuje se od danas (vaučerom ili karticom), a pauza koja još nije počela se otkazuje.',
  days: 'Broj dana',
  refundTitle: (order: string) => `Povrat uplate ${order}`,
  refundText: (left: string) => `Najviše: ${left}. Korisniku se izdaje knjižna obavijest.`,
  refundAfter: 'Pretplata nakon povrata',
  refundAfterChoice: {
    'end-now': 'Prekini uslugu odmah (pretplata ističe danas)',
    'keep-to-period-end': 'Zadrži uslugu do kraja plaćenog perioda, bez obnove',
  },
  amount: 'Iznos (KM)',
  signOutTitle: (name: string) => `Odjaviti uređaj ${name}?`,
  signOutAllTitle: 'Odjaviti korisnika sa svih uređaja?',
  signOutText: 'Uređaj će tražiti novu prijavu.',
  confirm: 'Potvrdi',
} as const;
