/** The support console host's own texts: what it shows when the console cannot start. */
export const SUPPORT_HOST_TEXTS = {
  cannotStart: 'Konzola podrške se ne može pokrenuti. Osvježi stranicu ili se obrati administratoru.',
  configError: 'Konfiguracija konzole podrške (support.config.json) nije ispravna:',
  supportMissing: 'Konzola podrške trenutno nije dostupna. Pokušaj ponovo za nekoliko minuta.',
  retry: 'Pokušaj ponovo',
} as const;
