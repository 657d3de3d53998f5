import type { BillingReport } from '@portal/shared/contract';
import type { Store } from '../../repositories';
import type { DueRow } from '../../repositories/renewals';
import type { HeldAttempt } from '../vouchers/credit';
import type { PaymentState } from '../processor/gateway';
import { isoDay } from '../../days';
import { ORDER_TEXTS } from '../../texts/errors';
import { renewWithCredit } from '../vouchers/credit';
import type { BillingDeps, RenewalCharge } from './deps';
import { expireUnpaid } from './expire';
import { recordPaid } from './paid';
import { graceFrom, graceUntil, recordFailure } from './retry';
import { placeRenewalOrder } from './renewalOrder';

/** A PENDING attempt whose runner stopped (crash, lost connection) is taken over after this long. */
const ATTEMPT_LEASE_MINUTES = 10;

/**
 * One due subscription's renewal as of `at`: expired when its grace period is over, else one attempt
 * taken by this runner, paid with voucher credit or charged on the card, and its outcome recorded.
 */
export async function renewOne(
  every: BillingDeps,
  customerId: number,
  at: Date,
  runner: string,
  takeOver: boolean,
): Promise<keyof BillingReport> {
  // A renewal writes this customer's rows alone: other customers' kept reads stay (decision 051).
  const deps = { ...every, store: every.store.writingFor(String(customerId)) };
  const { store } = deps;
  const today = isoDay(at);
  // A downgrade waiting for this renewal is what the renewal charges and starts.
  const sub = await store.renewals.due(customerId, today);
  if (!sub) return 'skipped';

  // Not paid by the end of the grace period: the service ends and must be bought again (product.md §9).
  // Never before one attempt: a first attempt starts its grace period on its own day (graceFrom).
  const from = graceFrom(sub, today);
  if (today > graceUntil(from)) return expireUnpaid(deps, sub, at);

  // Take the attempt: one runner inserts it; a PENDING one left by a runner that stopped is taken over
  // after the lease, or at once by a pass that holds the billing lock (no other runner can be alive).
  const attempt = sub.failures;
  if (!(await store.billingAttempts.take(customerId, sub.due, attempt, runner, at, takeOver, ATTEMPT_LEASE_MINUTES)))
    return 'skipped';
  const mine = { customerId, due: sub.due, attempt, runner };

  // Voucher credit pays before the card (docs/vouchers.md): a month of it, the order paid at once.
  const credit = await renewWithCredit(deps, sub, mine, at);
  if (credit !== 'none') return credit === 'paid' ? 'charged' : 'skipped';

  const charge = await chargeCard(deps, sub, mine, at);
  if (!charge) return 'skipped';
  if (charge.state.status === 'succeeded') {
    await recordPaid(deps, mine, charge, at);
    return 'charged';
  }
  return (await recordFailure(deps, mine, charge, { from, today }, at)) ? 'failed' : 'skipped';
}

/**
 * The renewal charged off-session on the primary card, with the provider's idempotency key of this
 * attempt; without a card, a failure ('no_card') to record. Null when there is nothing to record: the
 * subscription is no longer ACTIVE for this period (deactivated meanwhile), or the provider did not
 * answer (the attempt stays PENDING and is taken over, with the same key, after the lease).
 */
async function chargeCard(deps: BillingDeps, sub: DueRow, mine: HeldAttempt, at: Date): Promise<RenewalCharge | null> {
  const { store } = deps;
  const { customerId, attempt } = mine;
  const card = await store.cards.chargeablePrimary(customerId);
  // What the notices name: the package and price the order decided under the lock, when there is one.
  if (!card) {
    const state: PaymentState = { status: 'failed', code: 'no_card' };
    return { orderNumber: null, paymentId: null, state, planName: sub.plan_name, priceFening: sub.price_fening };
  }
  const order = await renewalOrder(store, sub, card, at);
  if (!order) return null;
  let payment: { id: string; state: PaymentState };
  try {
    payment = await deps.gateway.createPayment({
      amountFening: order.priceFening,
      paymentMethod: card.payment_method,
      customerRef: String(customerId),
      idempotencyKey: `renewal-${customerId}-${sub.due}-${attempt}`,
      description: ORDER_TEXTS.renewal(order.planName, sub.due, order.orderNumber),
      offSession: true,
    });
  } catch (error) {
    deps.log?.(
      `Billing: charging customer ${customerId} for ${sub.due} failed at the provider: ${(error as Error).message}`,
    );
    return null;
  }
  const state: PaymentState =
    payment.state.status === 'pending' ? { status: 'failed', code: 'authentication_required' } : payment.state;
  await store.orders.setPendingPayment(order.orderNumber, payment.id);
  return { ...order, paymentId: payment.id, state };
}

/**
 * The period's renewal order, one per subscription and due day; a retry charges it with the card now
 * primary. What it charges (the package, or the downgrade waiting for it) is decided under the
 * customer's row lock, which a package change and its cancellation take too: a change acknowledged
 * before is charged; one asked after finds the order and is refused (money/planChange.ts).
 * Null when the subscription is no longer ACTIVE for this period.
 */
async function renewalOrder(
  store: Store,
  sub: DueRow,
  card: { code: string; masked_number: string },
  at: Date,
): Promise<{ orderNumber: string; priceFening: number; planName: string } | null> {
  return store.transaction(async (tx) => {
    await tx.customers.lock(sub.customer_id);
    // The price that applies to this subscriber: a rise only after its notice (docs/prices-and-promos.md).
    const plan = await tx.prices.renewalPlan(sub.customer_id, sub.due);
    if (!plan) return null;
    const charge = {
      cardCode: card.code,
      cardNumber: card.masked_number,
      amountFening: plan.price_fening,
      plan: plan.code,
    };
    return {
      orderNumber: await placeRenewalOrder(tx, sub, charge, at),
      priceFening: plan.price_fening,
      planName: plan.name,
    };
  });
}
