import type { HeldAttempt } from '../vouchers/credit';
import type { BillingDeps, RenewalCharge } from './deps';
import { giveBack } from '../giveBack';
import { settle } from '../settle';

/**
 * The card paid a renewal: the attempt finished SUCCEEDED and the order settled by the one settle path
 * (money/settle.ts) in one transaction: its period given with the receipt, or, when its subscription can
 * no longer take it, the charge given back, asked of the processor after the transaction commits.
 */
export async function recordPaid(deps: BillingDeps, mine: HeldAttempt, charge: RenewalCharge, at: Date) {
  const { orderNumber, paymentId } = charge;
  const back = await deps.store.transaction(async (tx) => {
    const finished = await tx.billingAttempts.finish(
      mine,
      { status: 'SUCCEEDED', failureCode: null, orderNumber, paymentId },
      at,
    );
    // Not when another runner took the attempt over meanwhile (it settles the same payment).
    if (!finished) return null;
    return settle(
      tx,
      { now: () => at, notifier: deps.notifier },
      { orderNumber: orderNumber!, customerId: mine.customerId, kind: 'RENEWAL' },
      { card: paymentId!, amountFening: charge.priceFening },
      at,
    );
  });
  await giveBack(deps, [back], () => at);
}
