import type { CardType } from '../contract/cards';
import mastercard from './cards/mastercard.svg';
import maestro from './cards/maestro.svg';
import visa from './cards/visa.svg';

/** The card schemes' logos (our own drawings), by the API's card type code (product.md §3). */
export const CARD_LOGOS: Record<CardType, { src: string; name: string }> = {
  master: { src: mastercard, name: 'Mastercard' },
  maestro: { src: maestro, name: 'Maestro' },
  visa: { src: visa, name: 'Visa' },
};

export function CardLogo({ type, height = 32 }: { type: CardType; height?: number }) {
  const logo = CARD_LOGOS[type];
  return <img src={logo.src} alt={logo.name} height={height} width={Math.round(height * 1.6)} />;
}
