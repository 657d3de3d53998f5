import type { FastifyRequest } from 'fastify';
import {
  maySubscribe,
  type CreditNote,
  type Invoice,
  type PaymentOrderResponse,
  type PaymentRecord,
} from '@portal/shared/contract';
import type { Repositories, Store } from '../repositories';
import type { CardRow } from '../repositories/cards';
import type { OrderRow } from '../repositories/orderColumns';
import type { RefundRow } from '../repositories/refunds';
import { DomainError } from '../errors';
import { CARD_NOT_FOUND, ownCard, toCreditCard } from './cards/cards';
import { fromFening } from './amounts';
import type { PaymentGateway } from './processor/gateway';
import { ERROR_TEXTS, ORDER_TEXTS } from '../texts/errors';
import { CARD_BRANDS, INVOICE_TEXTS, shownPhone } from '@portal/shared/texts';
import { voucherOfMeans } from '@portal/shared/contract/vouchers';

export const ALREADY_SUBSCRIBED = ERROR_TEXTS.alreadySubscribed;
const ACCOUNT_BLOCKED = ERROR_TEXTS.accountBlocked;
export const PROMO_USED = ERROR_TEXTS.promoUsed;
export const CARD_PROMO_USED = ERROR_TEXTS.cardPromoUsed;
export const PLAN_NOT_FOUND = ERROR_TEXTS.planNotFound;
export const NO_PROMO = ERROR_TEXTS.noPromo;
export const NEEDS_CARD = ERROR_TEXTS.promoNeedsCard;
const ORDER_REPLACED = ERROR_TEXTS.orderReplaced;

/** How an upgrade's payment is named in the history and on its invoice. */
export const upgradeName = ORDER_TEXTS.upgradeName;

/** Refuses, with the reason, a customer who may not buy a subscription today. */
export async function refuseUnlessMayBuy(repos: Repositories, customerId: number, today: string): Promise<void> {
  const state = await repos.subscriptions.buyingState(customerId);
  if (state?.status === 'BLOCKED') throw new DomainError('conflict', ACCOUNT_BLOCKED, 'ACCOUNT_BLOCKED');
  if (state && !maySubscribe(state, today)) throw new DomainError('conflict', ALREADY_SUBSCRIBED, 'ALREADY_SUBSCRIBED');
}

/**
 * Cancels payments at the provider so that they cannot be confirmed any more. One the customer
 * managed to pay meanwhile is refunded when its event arrives (events.ts), as its order is no longer open.
 */
export async function cancelPayments(
  gateway: PaymentGateway,
  paymentIds: readonly string[],
  log: { warn(message: string): void },
): Promise<void> {
  for (const id of paymentIds) {
    await gateway
      .cancelPayment(id)
      .catch((error: Error) => log.warn(`Cancelling payment ${id} failed: ${error.message}`));
  }
}

/** The credit notes of refunds given back, by order number. */
function creditNotesByOrder(refunds: RefundRow[]): Map<string, CreditNote[]> {
  const notes = new Map<string, CreditNote[]>();
  for (const refund of refunds) {
    const list = notes.get(refund.order_number) ?? [];
    list.push({
      number: refund.credit_note_number,
      issued: new Date(refund.created_at).toISOString(),
      amount: fromFening(refund.amount_fening),
    });
    notes.set(refund.order_number, list);
  }
  return notes;
}

/**
 * The customer's payment history: paid orders, newest first, each with its refunds' credit notes and a
 * bank's dispute of its payment, if any.
 */
export async function paymentHistory(repos: Repositories, customerId: number): Promise<PaymentRecord[]> {
  const [orders, refunds, disputes] = await Promise.all([
    repos.invoices.paid(customerId),
    repos.refunds.succeeded(customerId),
    repos.disputes.ofCustomer(customerId),
  ]);
  const notes = creditNotesByOrder(refunds);
  const disputed = new Map(
    disputes.map((d) => [d.order_number, { status: d.status, amount: fromFening(d.amount_fening) }] as const),
  );
  return orders.map((order) => {
    const record = toRecord(order, notes.get(order.order_number));
    const dispute = disputed.get(order.order_number);
    return dispute ? { ...record, dispute } : record;
  });
}

function toRecord(order: OrderRow, creditNotes?: CreditNote[]): PaymentRecord {
  const gift = order.paid_by_gift ? voucherOfMeans(order.card_number) : null;
  return {
    ...(creditNotes?.length ? { creditNotes } : {}),
    ...(gift ? { giftVoucher: gift } : {}),
    orderNumber: order.order_number,
    updated: new Date(order.updated_at).toISOString(),
    periodStart: order.period_start ?? '',
    periodEnd: order.period_end ?? '',
    creditCardNumber: order.card_number,
    amount: fromFening(order.amount_fening),
    paymentData: {
      name:
        order.kind === 'UPGRADE' && order.from_name
          ? upgradeName(order.plan_name, order.from_name)
          : order.kind === 'GIFT'
            ? ORDER_TEXTS.giftName(order.plan_name)
            : order.plan_name,
    },
  };
}

/** The real means an order was paid with: a card by its brand, or a voucher (`Vaučer …ABCD` on the order). */
function meansOf(order: OrderRow): string {
  const voucher = voucherOfMeans(order.card_number);
  if (voucher) return INVOICE_TEXTS.meansByVoucher(voucher);
  const brand = order.card_type ? (CARD_BRANDS[order.card_type] ?? null) : null;
  return INVOICE_TEXTS.meansByCard(brand, order.card_number.slice(-4));
}

/**
 * A paid order's invoice: the record plus what the invoice says about the customer. Only the order's
 * own customer's (`customerId`; null for the server's own use, such as an e-mailed receipt); null
 * when there is none.
 */
export async function invoiceOf(
  repos: Repositories,
  orderNumber: string,
  customerId: number | null,
): Promise<Invoice | null> {
  if (!/^[0-9]{4}-[0-9]{6,}$/.test(orderNumber)) return null;
  const order = await repos.invoices.invoice(orderNumber, customerId);
  if (!order) return null;
  const notes = creditNotesByOrder(
    (await repos.refunds.succeeded(order.customer_id)).filter((refund) => refund.order_number === orderNumber),
  );
  return {
    ...toRecord(order, notes.get(orderNumber)),
    means: meansOf(order),
    issued: new Date(order.updated_at).toISOString(),
    customer: {
      fullName: `${order.first_name} ${order.last_name}`,
      accountNumber: order.customer_number,
      username: order.email ?? (order.phone_number ? shownPhone(order.phone_number) : ''),
    },
  };
}

/**
 * The stored idempotency key of a client's call, from its `Idempotency-Key` header (without one every
 * call is new): in a namespace of its own per kind of call (`order:…`, `plan-change:…`, `gift:…`), apart from each
 * other and from the billing job's keys (`renewal-…`), so a key sent by a client can only ever find an
 * order the same kind of call made for the same customer.
 */
export function idempotencyKey(request: FastifyRequest, kind: 'order' | 'plan-change' | 'gift'): string {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return `${kind}:auto-${crypto.randomUUID()}`;
  if (typeof header !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(header)) {
    throw new DomainError('invalid', ERROR_TEXTS.badIdempotencyKey, 'BAD_REQUEST');
  }
  return `${kind}:${header}`;
}

/** The same Idempotency-Key with another body (plan, card or amount): nothing is ordered. */
export const keyReused = () => new DomainError('unprocessable', ERROR_TEXTS.keyReused, 'IDEMPOTENCY_MISMATCH');
/** The same Idempotency-Key as an order already paid: it is never paid again. */
export const alreadyPaid = () => new DomainError('conflict', ERROR_TEXTS.orderPaid, 'ORDER_PAID');

/**
 * The provider's payment of a placed order, which the customer confirms in the browser. It has the order
 * as its idempotency key, so a repeated order is the same payment; an order another tab replaced while
 * its payment was being made gets a payment that cannot be confirmed (409).
 */
export async function startOrderPayment(
  deps: { repos: Repositories; gateway: PaymentGateway; log: { warn(message: string): void } },
  order: {
    orderNumber: string;
    customerId: number;
    amountFening: number;
    card: CardRow & { payment_method: string };
    description: string;
  },
): Promise<PaymentOrderResponse> {
  const { orderNumber, card } = order;
  const payment = await deps.gateway.createPayment({
    amountFening: order.amountFening,
    paymentMethod: card.payment_method,
    customerRef: String(order.customerId),
    idempotencyKey: `order-${orderNumber}`,
    description: order.description,
  });
  if ((await deps.repos.orders.attachPayment(orderNumber, payment.id)) === 'CANCELLED') {
    await cancelPayments(deps.gateway, [payment.id], deps.log);
    throw new DomainError('conflict', ORDER_REPLACED, 'ORDER_REPLACED');
  }
  return {
    orderNumber,
    paymentSecret: payment.clientSecret,
    panToken: card.payment_method,
    card: toCreditCard(card),
    orderInfo: { orderInfo: order.description, amount: fromFening(order.amountFening) },
  };
}

/** A card an order can be paid with: one saved at the provider. */
type PayingCard = CardRow & { payment_method: string };

/** The customer's card a new order is paid with (a purchase, a gift): their own, saved at the provider; else 404. */
export async function payingCard(repos: Repositories, customerId: number, code: string): Promise<PayingCard> {
  const card = await ownCard(repos.cards, customerId, code);
  if (!card?.payment_method) throw new DomainError('not-found', CARD_NOT_FOUND, 'NOT_FOUND');
  return { ...card, payment_method: card.payment_method };
}

/**
 * The payment of an order a customer placed with their card (a purchase, a gift), started as
 * startOrderPayment does, with the store, provider and log the order was placed with.
 */
export function payPlacedOrder(
  deps: { store: Store; gateway: PaymentGateway; log: { warn(message: string): void } },
  customerId: number,
  card: PayingCard,
  placed: { orderNumber: string; amountFening: number; description: string },
): Promise<PaymentOrderResponse> {
  return startOrderPayment(
    { repos: deps.store, gateway: deps.gateway, log: deps.log },
    {
      orderNumber: placed.orderNumber,
      customerId,
      amountFening: placed.amountFening,
      card,
      description: placed.description,
    },
  );
}
