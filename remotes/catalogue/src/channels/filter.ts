import type { Channel } from '../content/schemas';
import { CHANNELS_TEXTS } from '../texts';

/** The three filters of `/tv-kanali` (product.md §2, Public): `?paket=starton|maxon` selects one, anything else shows all. */
export const CHANNEL_FILTERS = [
  { value: 'svi', label: CHANNELS_TEXTS.all },
  { value: 'starton', label: CHANNELS_TEXTS.startPlan },
  { value: 'maxon', label: CHANNELS_TEXTS.maxPlan },
] as const;
export type ChannelFilter = (typeof CHANNEL_FILTERS)[number]['value'];

export function filterFromQuery(paket: string | null): ChannelFilter {
  return paket === 'starton' || paket === 'maxon' ? paket : 'svi';
}

export function filterChannels(channels: readonly Channel[], filter: ChannelFilter): Channel[] {
  if (filter === 'starton') return channels.filter((c) => c.start);
  if (filter === 'maxon') return channels.filter((c) => c.max);
  return [...channels];
}
