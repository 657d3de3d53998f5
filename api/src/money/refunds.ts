import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { STAFF_TEXTS, type RefundAfter } from '@portal/shared/contract/support';
import type { Repositories, Store } from '../repositories';
import type { RefundRow } from '../repositories/refunds';
import type { CustomerSummaryRow } from '../repositories/customers';
import type { StaffSession } from '../repositories/staff';
import type { PaymentGateway } from './processor/gateway';
import { DomainError } from '../errors';
import { fromFening, type Fening } from './amounts';
import type { Notifier } from '../delivery/notifier';
import { askProvider } from './giveBack';
import { serviceAfterRefund } from './afterRefund';

interface RefundDeps {
  store: Store;
  gateway: PaymentGateway;
  notifier: Notifier;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * An admin's refund of a paid order, in full or in part (decision 032), in three steps:
 * 1. under the order's row lock, in one transaction with its audit entry: the same key again answers the
 *    refund made for it (twice clicked is once); otherwise the amount must fit in what was paid less what
 *    is refunded or being refunded, and a PENDING refund with its credit note number is written;
 * 2. the payment provider is asked, with the refund's id as its idempotency key;
 * 3. the refund is SUCCEEDED, with the customer's notice, or FAILED (its amount may be refunded again) with a 502.
 * What becomes of the subscription the order paid is the admin's choice (`after`), made in step 1 with the
 * refund and recorded in its audit entry: neither choice renews (money/afterRefund.ts). A gift paid no
 * subscription of the buyer's: its refund voids the gift's code instead, or is refused (409) once the
 * code is redeemed.
 * The same key again (a second click, a replayed request) answers the refund as it stands and asks the
 * provider nothing; a FAILED one is asked of the provider again (with the same idempotency key), or
 * answered 502 again, never as if it were done. A server stopped between 1 and 3 leaves it PENDING: counted against what may be
 * refunded, never refunded twice, until the billing pass settles it (money/giveBack.ts, settleStaleRefunds).
 */
export async function refundOrder(deps: RefundDeps, staff: StaffSession, request: RefundRequest): Promise<RefundRow> {
  const { store, gateway, notifier, now, log } = deps;
  const { refund, paymentId } = await store.transaction((tx) => recordRefund(tx, { notifier, now }, staff, request));
  if (!paymentId) return refund;

  const outcome = await askProvider({ store, gateway, notifier }, refund, paymentId, now);
  if (!outcome.given) {
    log.warn({ refundId: refund.id, err: outcome.error }, 'the payment provider refused a refund');
    throw new DomainError('upstream', STAFF_TEXTS.refundFailed, 'REFUND_FAILED');
  }
  return outcome.settled ?? (await store.refunds.byKey(refund.order_number, request.key)) ?? refund;
}

/** An admin's refund as asked: of which order, how much, why, under which key, and the subscription after it. */
interface RefundRequest {
  customerId: number;
  orderNumber: string;
  amountFening: Fening;
  reason: string;
  key: string;
  after: RefundAfter;
}

/** A refund as recorded in step 1, and the payment the provider is to refund (null: nothing to ask). */
interface Recorded {
  refund: RefundRow;
  paymentId: string | null;
}

/**
 * Step 1, in the transaction: the refund the key made already, that one asked of the provider again when
 * it FAILED, or a new PENDING refund that fits in what is left of the payment.
 */
async function recordRefund(
  tx: Repositories,
  deps: { notifier: Notifier; now: () => Date },
  staff: StaffSession,
  request: RefundRequest,
): Promise<Recorded> {
  // The customer's row lock first (as the renewal and a deactivation take it), then the order's.
  const customer = await tx.customers.lockedSummary(request.customerId);
  const order = customer && (await tx.refunds.lockPaid(request.orderNumber, request.customerId));
  if (!order || !order.provider_payment_id)
    throw new DomainError('not-found', STAFF_TEXTS.paymentNotFound, 'NOT_FOUND');
  const known = await tx.refunds.byKey(request.orderNumber, request.key);
  if (known && known.amount_fening !== request.amountFening)
    throw new DomainError('unprocessable', STAFF_TEXTS.keyReused, 'IDEMPOTENCY_MISMATCH');
  if (known && known.status !== 'FAILED') return { refund: known, paymentId: null };
  const { refunded, count } = await tx.refunds.totals(request.orderNumber);
  const left = order.amount_fening - refunded;
  if (request.amountFening > left) {
    throw new DomainError('conflict', STAFF_TEXTS.refundTooLarge(fromFening(left)), 'REFUND_TOO_LARGE');
  }
  const at = deps.now();
  const paid = {
    customer,
    paymentId: order.provider_payment_id,
    amountFening: order.amount_fening,
    refunded,
    count,
    gift: order.kind === 'GIFT',
  };
  return known
    ? retryRefund(tx, staff, request, known, paid.paymentId, at)
    : newRefund(tx, deps.notifier, staff, request, paid, at);
}

/**
 * Refused by the provider, and asked for again: the provider is asked once more with the same
 * idempotency key (the refund's id), so a refund it did make after all is not made twice.
 */
async function retryRefund(
  tx: Repositories,
  staff: StaffSession,
  request: RefundRequest,
  known: RefundRow,
  paymentId: string,
  at: Date,
): Promise<Recorded> {
  const again = await tx.refunds.retry(known.id, at);
  await tx.audit.record(
    {
      staffId: staff.staffId,
      staffName: staff.name,
      action: 'payment.refund.retry',
      customerId: request.customerId,
      reason: request.reason,
      before: { creditNote: known.credit_note_number, status: known.status },
      after: { creditNote: known.credit_note_number, status: 'PENDING' },
    },
    at,
  );
  return { refund: again ?? known, paymentId: again ? paymentId : null };
}

/** The paid order a new refund is made on: its customer as locked, its payment, amount, refunds so far, and whether it bought a gift. */
interface PaidOrder {
  customer: Pick<CustomerSummaryRow, 'status' | 'next_payment_on'>;
  paymentId: string;
  amountFening: number;
  refunded: number;
  count: number;
  gift: boolean;
}

/**
 * A new PENDING refund with the next credit note number, the subscription as the admin chose
 * (periodAfterRefund), and the audit entry saying both.
 */
async function newRefund(
  tx: Repositories,
  notifier: Notifier,
  staff: StaffSession,
  request: RefundRequest,
  { customer, paymentId, amountFening, refunded, count, gift }: PaidOrder,
  at: Date,
): Promise<Recorded> {
  // A gift's money back voids its code, unless the person it was for has redeemed it (decided on the
  // code's own row, so a redemption at the same moment either wins or finds it void).
  if (gift && (await tx.vouchers.voidGift(request.orderNumber, staff.name, at)) === 'redeemed')
    throw new DomainError('conflict', STAFF_TEXTS.giftRedeemed, 'GIFT_REDEEMED');
  const created = await tx.refunds.create({
    id: randomUUID(),
    creditNoteNumber: `${request.orderNumber}-P${count + 1}`,
    orderNumber: request.orderNumber,
    customerId: request.customerId,
    amountFening: request.amountFening,
    staffId: staff.staffId,
    reason: request.reason,
    idempotencyKey: request.key,
    at,
  });
  // 'End now' or 'keep to the period's end' is for the subscription the order paid; a gift paid none.
  const period = gift ? null : await serviceAfterRefund(tx, notifier, request.customerId, request.after, at);
  await tx.audit.record(
    {
      staffId: staff.staffId,
      staffName: staff.name,
      action: 'payment.refund',
      customerId: request.customerId,
      reason: request.reason,
      before: {
        orderNumber: request.orderNumber,
        paid: fromFening(amountFening),
        refunded: fromFening(refunded),
        status: customer.status,
        nextPaymentOn: customer.next_payment_on,
      },
      after: {
        orderNumber: request.orderNumber,
        creditNote: created.credit_note_number,
        refunded: fromFening(refunded + request.amountFening),
        ...(gift ? { voucher: 'voided' } : { period: request.after }),
        status: period?.status ?? customer.status,
        nextPaymentOn: period?.next_payment_on ?? customer.next_payment_on,
      },
    },
    at,
  );
  return { refund: created, paymentId };
}
