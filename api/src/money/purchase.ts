import { saleRefOf, type PaymentOrderResponse } from '@portal/shared/contract';
import type { Repositories, Store } from '../repositories';
import type { CardRow } from '../repositories/cards';
import type { PaymentGateway } from './processor/gateway';
import { DomainError } from '../errors';
import { addMonth, isoDay } from '../days';
import { fromFening, toFening, type Fening } from './amounts';
import {
  alreadyPaid,
  cancelPayments,
  keyReused,
  payingCard,
  payPlacedOrder,
  PLAN_NOT_FOUND,
  refuseUnlessMayBuy,
} from './orders';
import { ERROR_TEXTS, ORDER_TEXTS } from '../texts/errors';
import { orderCutoff } from './openOrders';

/** What buying a subscription needs: the repositories, the card processor, a log for its failures, and the clock. */
interface PurchaseDeps {
  store: Store;
  gateway: PaymentGateway;
  log: { warn(message: string): void };
  now: () => Date;
  /** ORDER_TTL_MINUTES (money/openOrders.ts). */
  orderTtlMinutes?: number;
}

/** A customer's order of a package: its plan, the card, the price shown, the sale's `ref` and the call's idempotency key. */
interface PurchaseRequest {
  planCode: string;
  cardCode: string;
  amount: number;
  ref: string | undefined;
  key: string;
}

const planNotFound = () => new DomainError('not-found', PLAN_NOT_FOUND, 'NOT_FOUND');

/**
 * `GET /{product}-payments/new-account/{planId}` (product.md §7): the package and the first period a
 * purchase today pays for; the answer names the plan after the product (`ontvPlan`).
 */
export async function purchaseInfo(deps: { store: Store; now: () => Date }, product: string, planCode: string) {
  const today = isoDay(deps.now());
  const plan = await deps.store.plans.find(planCode, today);
  if (!plan) throw planNotFound();
  return {
    [`${product}Plan` as const]: { id: plan.code, name: plan.name, price: fromFening(plan.price_fening) },
    periodStart: today,
    periodEnd: addMonth(today),
  };
}

/**
 * The purchase order decided under the customer's row lock: one open purchase order per customer. The
 * same order again (a second tab, a reopened dialog) answers the open one, so its payment is the same and
 * is paid once; a different one cancels the open one first. The price charged is the one the customer was
 * shown and the list price now, read under the package's row lock that a price change takes too: an
 * order placed while the price changes is charged the price it was shown or refused, never a third amount.
 */
async function decideOrder(
  tx: Repositories,
  customerId: number,
  order: PurchaseRequest & { card: CardRow; today: string; cutoff: Date },
  now: () => Date,
): Promise<{ orderNumber: string; amountFening: Fening; cancelled: string[] }> {
  const { planCode, card, key, today } = order;
  await tx.customers.lock(customerId);
  // The customer's orders past ORDER_TTL_MINUTES are cancelled first: none is paid, or reused, at its old price.
  const lapsed = await tx.openOrders.lapse(order.cutoff, now(), customerId);
  const same = await tx.orders.byKey(customerId, key);
  const asked = toFening(order.amount);
  if (same && (same.plan_code !== planCode || same.card_code !== card.code || same.amount_fening !== asked))
    throw keyReused();
  if (same?.status === 'PAID') throw alreadyPaid();
  // Its payment has the order as its idempotency key: the processor answers the payment already made, of
  // the order's own amount, whatever the list price is now.
  if (same) return { orderNumber: same.order_number, amountFening: same.amount_fening, cancelled: lapsed };
  await refuseUnlessMayBuy(tx, customerId, today);
  const listed = await tx.prices.priceForOrder(planCode, today);
  if (!listed || asked !== listed.price_fening)
    throw new DomainError('conflict', ERROR_TEXTS.priceChanged, 'PRICE_CHANGED');
  const amountFening = listed.price_fening;
  const open = await tx.orders.openPurchase(customerId);
  if (open && open.plan_code === planCode && open.card_code === card.code && open.amount_fening === amountFening)
    return { orderNumber: open.order_number, amountFening, cancelled: lapsed };
  const cancelled = [...lapsed, ...(await tx.orders.cancelOpen(customerId, 'PURCHASE', now()))];
  const created = await tx.orders.createPurchase(
    {
      customerId,
      plan: planCode,
      cardCode: card.code,
      cardNumber: card.masked_number,
      amountFening,
      key,
      ref: saleRefOf(order.ref),
    },
    now(),
  );
  return { orderNumber: created, amountFening, cancelled };
}

/**
 * `POST /{product}-payments/new-account/order` (product.md §3): the order placed, then its payment started
 * with the card, which the customer confirms in the browser; its success event activates the
 * subscription (money/events.ts).
 */
export async function placeOrder(
  deps: PurchaseDeps,
  customerId: number,
  order: PurchaseRequest,
): Promise<PaymentOrderResponse> {
  const card = await payingCard(deps.store, customerId, order.cardCode);
  const today = isoDay(deps.now());
  const plan = await deps.store.plans.find(order.planCode, today);
  if (!plan) throw planNotFound();
  const decided = await deps.store.transaction((tx) =>
    decideOrder(
      tx,
      customerId,
      { ...order, card, today, cutoff: orderCutoff(deps.now(), deps.orderTtlMinutes) },
      deps.now,
    ),
  );
  await cancelPayments(deps.gateway, decided.cancelled, deps.log);
  return payPlacedOrder(deps, customerId, card, {
    orderNumber: decided.orderNumber,
    amountFening: decided.amountFening,
    description: ORDER_TEXTS.order(plan.name, decided.orderNumber),
  });
}
