import type { PaymentData } from '@portal/shared/contract';
import type { Store } from '../repositories';
import type { SessionKey } from '../repositories/sessions';
import { SESSION_EXPIRED } from '../auth/guard';
import { toCreditCard } from '../money/cards/cards';
import { DomainError } from '../errors';
import { mbonsOf } from '../money/vouchers/redeem';

/**
 * `GET /customer/payment-data` (product.md §7): the saved cards and the vouchers redeemed (docs/vouchers.md). On the account page's first load
 * beside account info, so one query that checks the session too (the route checks only the token).
 */
export async function paymentData(deps: { store: Store }, signedIn: SessionKey): Promise<PaymentData> {
  const cards = await deps.store.cards.savedOfSession(signedIn);
  if (!cards) throw new DomainError('unauthorized', SESSION_EXPIRED, 'UNAUTHORIZED');
  return { creditCards: cards.map(toCreditCard), mbons: await mbonsOf(deps, signedIn.customerId) };
}
