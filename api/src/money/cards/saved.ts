import type { CardHolder, CreditCard } from '@portal/shared/contract';
import type { Store } from '../../repositories';
import type { PaymentGateway } from '../processor/gateway';
import { DomainError, UUID } from '../../errors';
import { CARD_NOT_FOUND, ownCard, toCreditCard } from './cards';

/** What the saved cards' use cases need: the repositories, and the card processor a deleted card leaves. */
export interface SavedCardsDeps {
  store: Store;
  gateway: PaymentGateway;
  log: { warn(message: string): void };
}

const notFound = () => new DomainError('not-found', CARD_NOT_FOUND, 'NOT_FOUND');

/** `GET /credit-card` (product.md §7): the customer's confirmed cards. */
export async function listCards(deps: Pick<SavedCardsDeps, 'store'>, customerId: number): Promise<CreditCard[]> {
  return (await deps.store.cards.saved(customerId)).map(toCreditCard);
}

/** `PATCH /credit-card/primary/{code}`: the card becomes the primary one; a failing renewal tries it next. */
export async function setPrimaryCard(
  deps: Pick<SavedCardsDeps, 'store'>,
  customerId: number,
  code: string,
): Promise<CreditCard[]> {
  await deps.store.transaction(async (tx) => {
    if (!(await ownCard(tx.cards, customerId, code))) throw notFound();
    await tx.customers.lock(customerId);
    await tx.cards.makePrimary(customerId, code);
    // A new primary card while a renewal is failing: the next billing run tries it.
    await tx.renewals.retryNow(customerId);
  });
  return listCards(deps, customerId);
}

/** `PATCH /credit-card/{code}`: the card-holder data the browser sends before it confirms the setup, trimmed. */
export async function updateCardHolder(
  deps: Pick<SavedCardsDeps, 'store'>,
  customerId: number,
  code: string,
  holder: CardHolder,
): Promise<{ code: string }> {
  const saved =
    UUID.test(code) &&
    (await deps.store.cards.setHolder(customerId, code, {
      fullName: holder.fullName.trim(),
      address: holder.address.trim(),
      city: holder.city.trim(),
      zip: holder.zip.trim(),
      phone: holder.phone.trim(),
      country: holder.country,
      email: holder.email.trim(),
    }));
  if (!saved) throw notFound();
  return { code };
}

/**
 * `DELETE /credit-card/{code}`: the card is removed; the customer keeps a primary card while any card is
 * left (the newest one takes over). The processor forgets it afterwards, a failure there only logged.
 */
export async function deleteCard(deps: SavedCardsDeps, customerId: number, code: string): Promise<CreditCard[]> {
  const removed = await deps.store.transaction(async (tx) => {
    const card = await ownCard(tx.cards, customerId, code);
    if (!card) throw notFound();
    await tx.customers.lock(customerId);
    await tx.cards.delete(customerId, code);
    if (card.primary_card) await tx.cards.promoteNewest(customerId);
    return card;
  });
  if (removed.payment_method)
    await deps.gateway
      .detach(removed.payment_method)
      .catch((error: Error) => deps.log.warn(`Detaching a card failed: ${error.message}`));
  return listCards(deps, customerId);
}
