import type { Repositories } from '../repositories';

/*
 * The one place that writes the ledger (`money_ledger`, migration 028): every movement of money is
 * appended here, in the transaction that decides it, tied to its order. The same movement written twice
 * (a webhook and the billing pass settling one payment) is one entry. `npm run reconcile` compares the
 * card entries with the processor's own records (money/reconcile.ts).
 */

/** The order a movement belongs to. */
interface OrderRef {
  orderNumber: string;
  customerId: number;
}

/** A card charged for the order: the processor's payment and the amount it took. */
export function recordCharge(tx: Repositories, order: OrderRef, paymentId: string, amountFening: number, at: Date) {
  return tx.ledger.append({ ...order, entry: 'CHARGE', amountFening, means: 'CARD', reference: paymentId }, at);
}

/** Money given back on the order's card payment: the refund's id and amount. */
export function recordRefund(tx: Repositories, order: OrderRef, refundId: string, amountFening: number, at: Date) {
  return tx.ledger.append({ ...order, entry: 'REFUND', amountFening, means: 'CARD', reference: refundId }, at);
}

/** Voucher credit paid the order (a renewal or a subscription from credit): the package's price of a month. */
export function recordCreditUsed(tx: Repositories, order: OrderRef, amountFening: number, at: Date) {
  return tx.ledger.append(
    { ...order, entry: 'CREDIT_USED', amountFening, means: 'VOUCHER', reference: order.orderNumber },
    at,
  );
}

/** A gift's credit sold: the months its code is worth, at the price paid for them. */
export function recordCreditIssued(tx: Repositories, order: OrderRef, amountFening: number, at: Date) {
  return tx.ledger.append(
    { ...order, entry: 'CREDIT_ISSUED', amountFening, means: 'VOUCHER', reference: order.orderNumber },
    at,
  );
}

/** A bank disputed the order's card payment: one entry per dispute, when first told (lost, a REFUND follows). */
export function recordDispute(tx: Repositories, order: OrderRef, disputeId: string, amountFening: number, at: Date) {
  return tx.ledger.append({ ...order, entry: 'DISPUTE', amountFening, means: 'CARD', reference: disputeId }, at);
}
