import type { Repositories } from '../repositories';
import type { DisputeStatus, PaymentEvent } from './processor/gateway';
import { notifyCustomer, type Notifier } from '../delivery/notifier';
import { NOTICES } from '../texts/notices';
import { ORDER_TEXTS } from '../texts/errors';
import { recordDispute, recordRefund } from './ledger';
import { serviceAfterRefund } from './afterRefund';
import { portalRefund } from './giveBack';

/*
 * What the card processor does by itself, told by its events (Stripe's `charge.refunded` and
 * `charge.dispute.*`, the sandbox's dashboard): a refund made in its dashboard, and a bank's dispute.
 * Each in the event's transaction, once however often the event is told.
 */

/** What handling them needs: the clock and the customer's notices. */
interface ProcessorEventDeps {
  now: () => Date;
  notifier: Notifier;
}

type Refunded = Extract<PaymentEvent, { type: 'payment.refunded' }>;
type Disputed = Extract<PaymentEvent, { type: 'payment.disputed' }>;

/** A refund made in the processor's dashboard: recorded as the portal's own are, and the service ended. */
export async function processorRefunded(tx: Repositories, deps: ProcessorEventDeps, event: Refunded): Promise<void> {
  const order = await tx.orders.byPayment(event.paymentId);
  if (!order) return;
  await givenBackElsewhere(tx, deps, order, {
    key: `processor:${event.refundId}`,
    reference: event.refundId,
    amountFening: event.amountFening,
    reason: ORDER_TEXTS.processorRefund,
  });
}

/**
 * A bank's dispute opened, won or lost: kept for support (the payment history shows it) and in the
 * ledger; lost, its money has gone back to the card holder, recorded as a refund and the service ended.
 */
export async function processorDisputed(tx: Repositories, deps: ProcessorEventDeps, event: Disputed): Promise<void> {
  const order = await tx.orders.byPayment(event.paymentId);
  if (!order) return;
  const at = deps.now();
  const changed = await tx.disputes.record(
    {
      id: event.disputeId,
      order_number: order.order_number,
      customer_id: order.customer_id,
      amount_fening: event.amountFening,
      status: DISPUTE_STATES[event.status],
    },
    at,
  );
  if (!changed) return;
  const ref = { orderNumber: order.order_number, customerId: order.customer_id };
  await recordDispute(tx, ref, event.disputeId, event.amountFening, at);
  if (event.status !== 'lost') return;
  await givenBackElsewhere(tx, deps, order, {
    key: `dispute:${event.disputeId}`,
    reference: event.disputeId,
    amountFening: event.amountFening,
    reason: ORDER_TEXTS.disputeLost,
  });
}

const DISPUTE_STATES: Record<DisputeStatus, 'OPEN' | 'WON' | 'LOST'> = { open: 'OPEN', won: 'WON', lost: 'LOST' };

/**
 * Money the processor gave back without the portal asking: a SUCCEEDED refund with its credit note (no
 * member of staff), its ledger entry under the processor's reference, the service the order paid ended
 * as an admin's 'end now' would (a gift's code voided instead), and the customer's notice. Nothing when
 * it was recorded already (the same key).
 */
async function givenBackElsewhere(
  tx: Repositories,
  deps: ProcessorEventDeps,
  order: { order_number: string; customer_id: number; kind: string },
  refund: { key: string; reference: string; amountFening: number; reason: string },
): Promise<void> {
  const at = deps.now();
  await tx.customers.lock(order.customer_id);
  if (await tx.refunds.byKey(order.order_number, refund.key)) return;
  const made = await portalRefund(
    tx,
    {
      orderNumber: order.order_number,
      customerId: order.customer_id,
      amountFening: refund.amountFening,
      reason: refund.reason,
      key: refund.key,
    },
    at,
  );
  await tx.refunds.settle(made.id, 'SUCCEEDED', at);
  const ref = { orderNumber: order.order_number, customerId: order.customer_id };
  await recordRefund(tx, ref, refund.reference, refund.amountFening, at);
  if (order.kind === 'GIFT') await tx.vouchers.voidGift(order.order_number, 'processor', at);
  else await serviceAfterRefund(tx, deps.notifier, order.customer_id, 'end-now', at);
  const notice = {
    amountFening: refund.amountFening,
    orderNumber: order.order_number,
    creditNote: made.credit_note_number,
  };
  await notifyCustomer(tx, deps.notifier, order.customer_id, NOTICES.refunded(notice));
}
