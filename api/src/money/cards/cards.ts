import type { CreditCard } from '@portal/shared/contract';
import type { CardRow, CardsRepository } from '../../repositories/cards';
import { UUID } from '../../errors';
import { ERROR_TEXTS } from '../../texts/errors';

export const CARD_NOT_FOUND = ERROR_TEXTS.cardNotFound;

export function toCreditCard(c: CardRow): CreditCard {
  return {
    code: c.code,
    primaryCard: c.primary_card,
    creditCardTypeCode: c.card_type,
    cardNumber: c.masked_number,
    fullName: c.full_name,
    address: c.address,
    city: c.city,
    zip: c.zip,
    phone: c.phone,
    country: c.country,
    email: c.email,
    expirationDateMm: c.expiration_mm,
    expirationDateYy: c.expiration_yy,
  };
}

/** One of the customer's own saved cards; any other code (another customer's, unknown, malformed) is absent. */
export async function ownCard(cards: CardsRepository, customerId: number, code: string): Promise<CardRow | null> {
  return UUID.test(code) ? cards.own(customerId, code) : null;
}
