import { randomUUID } from 'node:crypto';
import type { Repositories, Store } from '../repositories';
import type { RefundRow } from '../repositories/refunds';
import type { PaymentGateway } from './processor/gateway';
import { notifyCustomer, type Notifier } from '../delivery/notifier';
import { NOTICES } from '../texts/notices';
import { ORDER_TEXTS } from '../texts/errors';
import { recordRefund } from './ledger';

/*
 * Money going back, by one path: an admin's refund (money/refunds.ts) and a charge the portal gives back
 * because it can no longer buy service are both a `refunds` row with its credit note, written PENDING in
 * the transaction that decided it, then asked of the processor with the refund's id as its idempotency
 * key, then SUCCEEDED (with the customer's notice) or FAILED. A process stopped in between leaves it
 * PENDING for the billing pass (settleStaleRefunds).
 */

/** A refund decided in a transaction, to ask of the processor once that transaction has committed. */
export interface RefundToAsk {
  refund: Pick<RefundRow, 'id' | 'amount_fening' | 'credit_note_number'>;
  paymentId: string;
}

/**
 * A charge that succeeded for an order that can no longer give service (refunded, ended, deactivated,
 * cancelled or lapsed meanwhile): the order REFUNDED with the payment that charged it, and a refund of
 * the whole amount with its credit note, made by no member of staff. Null when the order was settled
 * already (PAID, or given back by the other of two paths settling the same payment).
 */
export async function chargeWithoutService(
  tx: Repositories,
  charge: { orderNumber: string; paymentId: string },
  at: Date,
): Promise<RefundToAsk | null> {
  const order = await tx.refunds.refundUnserved(charge.orderNumber, charge.paymentId, at);
  if (!order) return null;
  const refund = await portalRefund(
    tx,
    {
      orderNumber: charge.orderNumber,
      customerId: order.customer_id,
      amountFening: order.amount_fening,
      reason: ORDER_TEXTS.unservedRefund,
      key: `unserved:${charge.paymentId}`,
    },
    at,
  );
  return { refund, paymentId: charge.paymentId };
}

/**
 * A PENDING refund the portal makes without a member of staff (a charge that bought no service, a refund
 * or lost dispute at the processor), with the order's next credit note number.
 */
export async function portalRefund(
  tx: Repositories,
  refund: { orderNumber: string; customerId: number; amountFening: number; reason: string; key: string },
  at: Date,
): Promise<RefundRow> {
  const { count } = await tx.refunds.totals(refund.orderNumber);
  return tx.refunds.create({
    id: randomUUID(),
    creditNoteNumber: `${refund.orderNumber}-P${count + 1}`,
    orderNumber: refund.orderNumber,
    customerId: refund.customerId,
    amountFening: refund.amountFening,
    staffId: null,
    reason: refund.reason,
    idempotencyKey: refund.key,
    at,
  });
}

/** The log line of a refund the processor refused (left FAILED). */
const refusedLine = (creditNote: string, error: unknown) =>
  `Refund ${creditNote}: the payment provider refused it (${(error as Error).message}): FAILED`;

/** What asking the processor for a refund needs. */
interface GiveBackDeps {
  store: Store;
  gateway: PaymentGateway;
  notifier: Notifier;
}

/**
 * A decided refund asked of the processor, with the refund's id as its idempotency key (a refund it made
 * already is answered as made, not made twice); a refusal settles the refund FAILED, a refund given
 * settles it SUCCEEDED with the customer's notice. `settled` is null when another request or pass settled
 * it first; `failed` says whether this call wrote the FAILED.
 */
export async function askProvider(
  deps: GiveBackDeps,
  refund: Pick<RefundRow, 'id' | 'amount_fening'>,
  paymentId: string,
  now: () => Date,
): Promise<{ given: true; settled: RefundRow | null } | { given: false; error: unknown; failed: boolean }> {
  try {
    await deps.gateway.refund(paymentId, { amountFening: refund.amount_fening, idempotencyKey: refund.id });
  } catch (error) {
    return { given: false, error, failed: Boolean(await deps.store.refunds.settle(refund.id, 'FAILED', now())) };
  }
  return { given: true, settled: await settleGiven(deps.store, deps.notifier, refund.id, now()) };
}

/**
 * Refunds decided in a committed transaction, asked of the processor one by one; one it refuses is
 * logged and left FAILED (an admin sees it in the console and may refund the amount again).
 */
export async function giveBack(
  deps: GiveBackDeps & { log?: (line: string) => void },
  decided: ReadonlyArray<RefundToAsk | null>,
  now: () => Date,
): Promise<void> {
  for (const pending of decided) {
    if (!pending) continue;
    const outcome = await askProvider(deps, pending.refund, pending.paymentId, now);
    if (!outcome.given) deps.log?.(refusedLine(pending.refund.credit_note_number, outcome.error));
  }
}

/**
 * The provider gave the refund back: SUCCEEDED once, with the customer's notice in the same transaction,
 * so a refund answered again (or settled by the billing pass and a request at once) tells nobody twice.
 * Null when it was settled already.
 */
async function settleGiven(store: Store, notifier: Notifier, refundId: string, at: Date): Promise<RefundRow | null> {
  return store.transaction(async (tx) => {
    const settled = await tx.refunds.settle(refundId, 'SUCCEEDED', at);
    if (!settled) return null;
    const order = { orderNumber: settled.order_number, customerId: settled.customer_id };
    await recordRefund(tx, order, settled.id, settled.amount_fening, at);
    await notifyCustomer(
      tx,
      notifier,
      settled.customer_id,
      NOTICES.refunded({
        amountFening: settled.amount_fening,
        orderNumber: settled.order_number,
        creditNote: settled.credit_note_number,
      }),
    );
    return settled;
  });
}

/** A PENDING refund whose request stopped (the process was killed, the connection lost) is settled after this long. */
const REFUND_LEASE_MINUTES = 10;

/**
 * Settles the refunds a stopped process left PENDING (asked, answer never written): the billing pass
 * runs it, one pass at a time across processes. Each is asked of the provider again with its own
 * idempotency key, so one the provider made before the stop is answered as made, not made twice; then it
 * is SUCCEEDED with the customer's notice, or FAILED (its amount may be refunded again), as a request
 * would have settled it. A refund younger than the lease may still be in its request's hands: left alone.
 */
export async function settleStaleRefunds(
  deps: GiveBackDeps & { log?: (line: string) => void },
  at: Date,
): Promise<{ succeeded: number; failed: number }> {
  const { store, log } = deps;
  const counts = { succeeded: 0, failed: 0 };
  const stale = await store.refunds.pendingSince(new Date(at.getTime() - REFUND_LEASE_MINUTES * 60_000));
  for (const refund of stale) {
    const outcome = await askProvider(deps, refund, refund.provider_payment_id, () => at);
    if (outcome.given) {
      if (outcome.settled) counts.succeeded += 1;
      continue;
    }
    log?.(refusedLine(refund.credit_note_number, outcome.error));
    if (outcome.failed) counts.failed += 1;
  }
  return counts;
}
