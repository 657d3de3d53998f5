/** Texts of the package cards, shared by the /paketi page and the embed widget. */
import { formatDate } from '@portal/shared/format';
import type { PlansFile } from '../content/schemas';

export const planTexts = {
  subscribe: 'PRETPLATI SE',
  active: 'PAKET AKTIVIRAN',
  change: 'PROMIJENI PAKET',
  spotlight: 'Preporučujemo',
  channelList: 'Pogledaj listu kanala',
  perMonth: 'mjesečno, PDV uključen',
  priceLoading: 'Učitavam cijenu…',
  priceUnavailable: 'Cijena trenutno nije dostupna',
  plansFailed: 'Cijene i promocije trenutno nisu dostupne. Prikazujemo opis paketa; pokušaj ponovo za koji trenutak.',
} as const;

/** The embed widget's own states (it runs without @portal/shared, so `retry` is its own copy of messages.retry). */
export const WIDGET_TEXTS = {
  loading: 'Učitavam pakete…',
  retry: 'Pokušaj ponovo',
} as const;

export const channelCount = (n: number): string => `${n} TV kanala`;

/** `/paketi` (product.md §2, Public): one video-on-demand service included in the fee, promotionally until the date in the plan file. */
export const vodNote = (file: PlansFile): string =>
  `${file.vodNote.text}, promotivno do ${formatDate(file.vodNote.promoUntil)}`;
