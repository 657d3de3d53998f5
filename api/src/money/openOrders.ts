import type { Repositories, Store } from '../repositories';
import type { OrderKind } from '../repositories/orderColumns';
import type { PaymentGateway } from './processor/gateway';
import { cancelPayments } from './orders';

/*
 * An order a customer pays in the browser (a purchase, a package change, a gift) lives ORDER_TTL_MINUTES
 * (30 by default): it was priced when it was placed, so it is not paid at that price weeks later (an
 * order left in 3-D Secure, finished after a rise). Past it: the billing pass cancels it and its payment
 * at the processor (sweepOpenOrders); a payment the processor took anyway is given back when it is
 * settled (money/events.ts, money/giveBack.ts).
 */

/** How long an order may be paid when ORDER_TTL_MINUTES is not given. */
const ORDER_TTL_DEFAULT = 30;

/** The moment before which an order placed is too old to be paid, as of `at`. */
export const orderCutoff = (at: Date, ttlMinutes = ORDER_TTL_DEFAULT): Date =>
  new Date(at.getTime() - ttlMinutes * 60_000);

/** The billing pass's sweep: every open order past its time cancelled, with its payment at the processor. */
export async function sweepOpenOrders(
  deps: { store: Store; gateway: PaymentGateway; orderTtlMinutes?: number; log?: (line: string) => void },
  at: Date,
): Promise<number> {
  const payments = await deps.store.openOrders.lapse(orderCutoff(at, deps.orderTtlMinutes), at);
  await cancelPayments(deps.gateway, payments, { warn: (line) => deps.log?.(line) });
  return payments.length;
}

/**
 * The customer's open orders of `kind` cancelled, in the caller's transaction under the customer's row
 * lock (a promo started, a deactivation): their payments, to cancel at the processor once committed.
 */
export const cancelOpenOrders = (tx: Repositories, customerId: number, kind: OrderKind, at: Date): Promise<string[]> =>
  tx.orders.cancelOpen(customerId, kind, at);
