import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CARD_VERIFICATION_AMOUNT, endpoints } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import { HttpError, tooManyRequests, UUID } from '../http/validate';
import { Limits, type Limit } from '../http/limits';
import { route } from '../http/route';
import { CARD_NOT_FOUND, ownCard, toCreditCard } from '../cards/cards';
import { ERROR_TEXTS, ORDER_TEXTS } from '../texts/errors';

const MAX_CARDS = 10;
const MAX_NEW_CARDS_PER_HOUR = 10;

/**
 * Cards (product.md §7). A new card is a PENDING row with the provider's setup; the
 * browser sends the card-holder data (PATCH) and confirms the setup with the provider, which reports
 * the card (brand, last four digits, expiry) back; only then is the card listed.
 */
export function cardRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.createCard, async ({ customer: { customerId } }) => {
    const hourAgo = new Date(ctx.now().getTime() - 3_600_000);
    const code = randomUUID();
    // The limits are decided under the customer's row lock, with the new setup's row written before it is released.
    await ctx.store.transaction(async (tx) => {
      await tx.customers.lock(customerId);
      // Setups never confirmed within an hour are abandoned.
      await tx.cards.dropAbandonedSetups(customerId, hourAgo);
      if ((await tx.cards.countSaved(customerId)) >= MAX_CARDS)
        throw new HttpError(409, ERROR_TEXTS.tooManyCards(MAX_CARDS), 'TOO_MANY_CARDS');
      // Every setup started counts, confirmed or not, deleted or kept: a card tester who saves and deletes
      // cards to check stolen numbers gets ten an hour. In this transaction: a refused setup counts nothing.
      const setups: Limit = { key: `card-setup:${customerId}`, max: MAX_NEW_CARDS_PER_HOUR, windowSeconds: 3600 };
      const taken = await new Limits(tx.rateLimits, ctx.now).take([setups]);
      if (!taken.ok) throw tooManyRequests(ERROR_TEXTS.tooManyCardAttempts, taken.retryAfter, 'TOO_MANY_ATTEMPTS');
      await tx.cards.startSetup(code, customerId, ctx.now());
    });
    let setup: { id: string; clientSecret: string };
    try {
      setup = await ctx.payments.gateway.createSetup({ customerRef: String(customerId), idempotencyKey: code });
    } catch (error) {
      // The provider did not answer: the attempt still counts (it stays FAILED for the hour).
      await ctx.store.cards.markFailed(code);
      throw error;
    }
    await ctx.store.cards.setSetupId(code, setup.id);
    return {
      code,
      paymentSecret: setup.clientSecret,
      card: null,
      orderInfo: { orderInfo: ORDER_TEXTS.cardVerification, amount: CARD_VERIFICATION_AMOUNT },
    };
  });

  const cardList = async (customerId: number) => (await ctx.store.cards.saved(customerId)).map(toCreditCard);

  route(app, ctx, endpoints.listCards, async ({ customer: { customerId } }) => cardList(customerId));

  route(app, ctx, endpoints.setPrimaryCard, async ({ customer: { customerId }, params: { code: id } }) => {
    await ctx.store.transaction(async (tx) => {
      if (!(await ownCard(tx.cards, customerId, id))) throw new HttpError(404, CARD_NOT_FOUND, 'NOT_FOUND');
      await tx.customers.lock(customerId);
      await tx.cards.makePrimary(customerId, id);
      // A new primary card while a renewal is failing: the next billing run tries it.
      await tx.subscriptions.retryNow(customerId);
    });
    return cardList(customerId);
  });

  route(app, ctx, endpoints.updateCardHolder, async ({ customer: { customerId }, body: holder, params: { code } }) => {
    const saved =
      UUID.test(code) &&
      (await ctx.store.cards.setHolder(customerId, code, {
        fullName: holder.fullName.trim(),
        address: holder.address.trim(),
        city: holder.city.trim(),
        zip: holder.zip.trim(),
        phone: holder.phone.trim(),
        country: holder.country,
        email: holder.email.trim(),
      }));
    if (!saved) throw new HttpError(404, CARD_NOT_FOUND, 'NOT_FOUND');
    return { code };
  });

  route(app, ctx, endpoints.deleteCard, async ({ customer: { customerId }, params: { code: id }, request }) => {
    const removed = await ctx.store.transaction(async (tx) => {
      const card = await ownCard(tx.cards, customerId, id);
      if (!card) throw new HttpError(404, CARD_NOT_FOUND, 'NOT_FOUND');
      await tx.customers.lock(customerId);
      await tx.cards.delete(customerId, id);
      // The customer keeps a primary card while any card is left: the newest one takes over.
      if (card.primary_card) await tx.cards.promoteNewest(customerId);
      return card;
    });
    if (removed.payment_method)
      await ctx.payments.gateway
        .detach(removed.payment_method)
        .catch((error: Error) => request.log.warn(`Detaching a card failed: ${error.message}`));
    return cardList(customerId);
  });
}
