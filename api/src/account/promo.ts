import { cancelOpenOrders } from '../money/openOrders';
import { saleRefOf } from '@portal/shared/contract';
import type { Store } from '../repositories';
import type { PaymentGateway } from '../money/processor/gateway';
import {
  ALREADY_SUBSCRIBED,
  cancelPayments,
  CARD_PROMO_USED,
  NEEDS_CARD,
  NO_PROMO,
  PLAN_NOT_FOUND,
  PROMO_USED,
  refuseUnlessMayBuy,
} from '../money/orders';
import { DomainError } from '../errors';
import { isoDay } from '../days';
import type { StatusAnswer } from './status';

/** What starting a free promo period needs: the repositories, the card processor, the clock and a log. */
interface PromoDeps {
  store: Store;
  gateway: PaymentGateway;
  now: () => Date;
  log: { warn(message: string): void };
}

/**
 * `POST /{product}/createSubscriptionInPromoPeriod` (product.md §4, Promo): the subscription starts at
 * once, with no payment. One transaction under the customer's row lock: the promo is used once per
 * customer and plan and once per card and plan (its row is the proof, docs/limits.md), the
 * subscription starts only if the customer may buy one now, and an order left open in another tab is
 * cancelled (at the processor after the commit) so it cannot be paid on top of the promo.
 */
export async function subscribeInPromo(
  deps: PromoDeps,
  customerId: number,
  planCode: string,
  ref: string | null | undefined,
): Promise<StatusAnswer> {
  const today = isoDay(deps.now());
  const noPromo = async () => {
    if (!(await deps.store.plans.find(planCode, today)))
      throw new DomainError('not-found', PLAN_NOT_FOUND, 'NOT_FOUND');
    return new DomainError('conflict', NO_PROMO, 'NO_PROMO');
  };
  if (!(await deps.store.plans.promoStartingOn(planCode, today))) throw await noPromo();
  if (!(await deps.store.cards.hasPrimary(customerId))) throw new DomainError('conflict', NEEDS_CARD, 'NO_CARD');
  const { row, cancelled } = await deps.store.transaction(async (tx) => {
    await tx.customers.lock(customerId);
    // The campaign read under the package's lock that ending it takes: one ended meanwhile is not started.
    await tx.prices.sharePlan(planCode);
    const promo = await tx.plans.promoStartingOn(planCode, today);
    if (!promo) throw await noPromo();
    await refuseUnlessMayBuy(tx, customerId, today);
    const card = await tx.cards.primaryForPromo(customerId);
    if (!card) throw new DomainError('conflict', NEEDS_CARD, 'NO_CARD');
    const use = await tx.plans.usePromo(customerId, planCode, card.fingerprint, deps.now(), saleRefOf(ref));
    if (use === 'customer') throw new DomainError('conflict', PROMO_USED, 'PROMO_USED');
    // Another account had this plan's promo with the same card: the plan is offered at its price.
    if (use === 'card') throw new DomainError('conflict', CARD_PROMO_USED, 'CARD_PROMO_USED');
    const started = await tx.subscriptions.startPromo(
      customerId,
      planCode,
      { type: promo.promo_type, ends: promo.ends, days: promo.duration_days },
      today,
      deps.now(),
    );
    if (!started) throw new DomainError('conflict', ALREADY_SUBSCRIBED, 'ALREADY_SUBSCRIBED');
    return { row: started, cancelled: await cancelOpenOrders(tx, customerId, 'PURCHASE', deps.now()) };
  });
  await cancelPayments(deps.gateway, cancelled, deps.log);
  return { status: row.status, nextPaymentOn: row.next_payment_on };
}
