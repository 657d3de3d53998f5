import { randomUUID } from 'node:crypto';
import { maySubscribe, type ServiceStatus } from '@portal/shared/contract';
import { VOUCHER_TEXTS } from '@portal/shared/contract/vouchers';
import type { Store } from '../../repositories';
import type { DueRow } from '../../repositories/renewals';
import { placeRenewalOrder } from '../billing/renewalOrder';
import type { Notifier } from '../../delivery/notifier';
import { DomainError } from '../../errors';
import { isoDay } from '../../days';
import { NotServed, settle } from '../settle';

/*
 * Voucher credit pays before the card (docs/vouchers.md): a renewal takes a month of the package's
 * credit when there is one, and a customer who may buy subscribes with a month of it, without a card.
 * The order is written as a card's is, its means of payment "Vaučer …ABCD" and its amount the
 * package's price (VAT included, as for cards), so invoices and the payment history show it as paid.
 */

/** The attempt a billing runner holds (billingAttempts.take), finished in the transaction that pays it. */
export interface HeldAttempt {
  customerId: number;
  due: string;
  attempt: number;
  runner: string;
}

class AttemptLost extends Error {}

/**
 * The renewal due paid with a month of voucher credit, under the customer's row lock: the month taken,
 * the period's renewal order written with the voucher as its means, the attempt finished and the order
 * settled by `settle` (money/billing/paid.ts's, with its receipt; false when the subscription can no longer take
 * the period), all in one transaction. 'none' when the customer has no credit for the package the renewal
 * charges (the card pays), 'lost' when another runner finished the attempt first or the period is no
 * longer wanted (nothing taken).
 */
export async function renewWithCredit(
  { store, notifier }: { store: Store; notifier: Notifier },
  sub: DueRow,
  attempt: HeldAttempt,
  at: Date,
): Promise<'paid' | 'none' | 'lost'> {
  try {
    return await store.transaction(async (tx) => {
      await tx.customers.lock(sub.customer_id);
      const plan = await tx.prices.renewalPlan(sub.customer_id, sub.due);
      if (!plan) return 'none';
      const taken = await tx.vouchers.takeMonth(sub.customer_id, plan.code);
      if (!taken) return 'none';
      const charge = {
        cardCode: null,
        cardNumber: VOUCHER_TEXTS.means(taken.lastFour),
        amountFening: plan.price_fening,
        plan: plan.code,
      };
      const orderNumber = await placeRenewalOrder(tx, sub, charge, at);
      if (taken.giftOrder) await tx.orders.markPaidByGift(orderNumber, taken.giftOrder);
      const outcome = { status: 'SUCCEEDED' as const, failureCode: null, orderNumber, paymentId: null };
      if (!(await tx.billingAttempts.finish(attempt, outcome, at))) throw new AttemptLost();
      // The subscription could not take the period any more (ended or deactivated meanwhile): NotServed.
      await settle(
        tx,
        { now: () => at, notifier },
        { orderNumber, customerId: sub.customer_id, kind: 'RENEWAL' },
        { creditFening: plan.price_fening },
        at,
      );
      return 'paid';
    });
  } catch (error) {
    if (error instanceof AttemptLost || error instanceof NotServed) return 'lost';
    throw error;
  }
}

/** What subscribing with a voucher needs. */
interface VoucherSubscribeDeps {
  store: Store;
  notifier: Notifier;
  now: () => Date;
}

/**
 * `POST /{product}/subscribe-with-voucher` ('Pretplati se vaučerom'): a customer who may buy (no
 * subscription, or EXPIRED) subscribes to a package with a month of its voucher credit, from today,
 * with its invoice and receipt, under the customer's row lock; the next months renew from the credit
 * left, then from a card.
 */
export async function subscribeWithVoucher(
  deps: VoucherSubscribeDeps,
  customerId: number,
  planCode: string,
): Promise<ServiceStatus> {
  const at = deps.now();
  const today = isoDay(at);
  return deps.store.transaction(async (tx) => {
    await tx.customers.lock(customerId);
    const state = await tx.subscriptions.buyingState(customerId);
    if (state && !maySubscribe(state, today))
      throw new DomainError('conflict', VOUCHER_TEXTS.cannotSubscribe, 'CONFLICT');
    const plan = await tx.plans.find(planCode, today);
    const taken = plan ? await tx.vouchers.takeMonth(customerId, plan.code) : null;
    if (!plan || !taken) throw new DomainError('conflict', VOUCHER_TEXTS.noCredit, 'NO_VOUCHER_CREDIT');
    const orderNumber = await tx.orders.createPurchase(
      {
        customerId,
        plan: plan.code,
        cardCode: null,
        cardNumber: VOUCHER_TEXTS.means(taken.lastFour),
        amountFening: plan.price_fening,
        key: `voucher-${randomUUID()}`,
        ref: null,
      },
      at,
    );
    if (taken.giftOrder) await tx.orders.markPaidByGift(orderNumber, taken.giftOrder);
    await settle(
      tx,
      { now: () => at, notifier: deps.notifier },
      { orderNumber, customerId, kind: 'PURCHASE' },
      { creditFening: plan.price_fening },
      at,
    );
    const paid = (await tx.invoices.receipt(orderNumber))!;
    return { status: 'ACTIVE', nextPaymentOn: paid.period_end };
  });
}
