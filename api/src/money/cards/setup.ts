import { randomUUID } from 'node:crypto';
import { CARD_VERIFICATION_AMOUNT, type NewCardResponse } from '@portal/shared/contract';
import type { Store } from '../../repositories';
import type { PaymentGateway } from '../processor/gateway';
import { DomainError, tooManyTries } from '../../errors';
import { Limits, type Limit } from '../../limits';
import { ERROR_TEXTS, ORDER_TEXTS } from '../../texts/errors';

const MAX_CARDS = 10;
const MAX_NEW_CARDS_PER_HOUR = 10;

/** What saving a card needs: the repositories, the card processor and the clock. */
interface CardSetupDeps {
  store: Store;
  gateway: PaymentGateway;
  now: () => Date;
}

/**
 * `POST /cards` (product.md §7): a new card is a PENDING row with the provider's setup; the browser
 * sends the card-holder data and confirms the setup with the provider, which reports the card back.
 * The limits are decided under the customer's row lock, with the new setup's row written before it is
 * released.
 */
export async function startCardSetup(deps: CardSetupDeps, customerId: number): Promise<NewCardResponse> {
  const hourAgo = new Date(deps.now().getTime() - 3_600_000);
  const code = randomUUID();
  await deps.store.transaction(async (tx) => {
    await tx.customers.lock(customerId);
    // Setups never confirmed within an hour are abandoned.
    await tx.cards.dropAbandonedSetups(customerId, hourAgo);
    if ((await tx.cards.countSaved(customerId)) >= MAX_CARDS)
      throw new DomainError('conflict', ERROR_TEXTS.tooManyCards(MAX_CARDS), 'TOO_MANY_CARDS');
    // Every setup started counts, confirmed or not, deleted or kept: a card tester who saves and deletes
    // cards to check stolen numbers gets ten an hour. In this transaction: a refused setup counts nothing.
    const setups: Limit = { key: `card-setup:${customerId}`, max: MAX_NEW_CARDS_PER_HOUR, windowSeconds: 3600 };
    const taken = await new Limits(tx.rateLimits, deps.now).take([setups]);
    if (!taken.ok) throw tooManyTries(ERROR_TEXTS.tooManyCardAttempts, taken.retryAfter, 'TOO_MANY_ATTEMPTS');
    await tx.cards.startSetup(code, customerId, deps.now());
  });
  let setup: { id: string; clientSecret: string };
  try {
    setup = await deps.gateway.createSetup({ customerRef: String(customerId), idempotencyKey: code });
  } catch (error) {
    // The provider did not answer: the attempt still counts (it stays FAILED for the hour).
    await deps.store.cards.markFailed(code);
    throw error;
  }
  await deps.store.cards.setSetupId(code, setup.id);
  return {
    code,
    paymentSecret: setup.clientSecret,
    card: null,
    orderInfo: { orderInfo: ORDER_TEXTS.cardVerification, amount: CARD_VERIFICATION_AMOUNT },
  };
}
