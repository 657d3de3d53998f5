import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, saleRefOf, type Invoice, type PaymentOrderResponse, type PaymentRecord } from '@portal/shared/contract';
import { invoiceFileName } from './invoicePdf';
import { operatorOf } from '../portalConfig';
import type { ApiContext } from '../context';
import { lockCustomer } from '../auth/customers';
import type { Queryable } from '../db/db';
import { HttpError, tooManyRequests } from '../http/validate';
import { route } from '../http/route';
import { isoDay } from '../days';
import { canBuyWhere } from '../account/rules';
import { CARD_NOT_FOUND, ownCard, toCreditCard, type CardRow } from '../cards/routes';

interface PlanRow {
  code: string;
  name: string;
  price_fening: number;
}

interface OrderRow {
  order_number: string;
  customer_id: number;
  plan_code: string;
  plan_name: string;
  card_code: string | null;
  card_number: string;
  amount_fening: number;
  status: 'PENDING' | 'PAID' | 'FAILED';
  provider_payment_id: string | null;
  period_start: string | null;
  period_end: string | null;
  updated_at: Date;
  kind: 'PURCHASE' | 'RENEWAL' | 'UPGRADE';
  from_name: string | null;
}

const ORDER_COLUMNS = `o.order_number, o.customer_id, o.plan_code, p.name AS plan_name, o.card_code, o.card_number, o.amount_fening, o.status,
  o.provider_payment_id, to_char(o.period_start, 'YYYY-MM-DD') AS period_start, to_char(o.period_end, 'YYYY-MM-DD') AS period_end, o.updated_at,
  o.kind, f.name AS from_name`;
/** The orders' tables as ORDER_COLUMNS reads them. */
const ORDER_TABLES = 'payment_orders o JOIN plans p ON p.code = o.plan_code LEFT JOIN plans f ON f.code = o.from_plan_code';

/** How an upgrade's payment is named in the history and on its invoice. */
export const upgradeName = (plan: string, from: string) => `${plan} (promjena paketa sa ${from})`;

export const ALREADY_SUBSCRIBED = 'Tvoja pretplata je aktivna: novu možeš kupiti kada istekne.';
export const ACCOUNT_BLOCKED = 'Tvoj nalog je blokiran, pa pretplatu trenutno nije moguće kupiti. Obrati se korisničkoj podršci.';
export const PROMO_USED = 'Promo period za ovaj paket već si iskoristio. Paket možeš kupiti po redovnoj cijeni.';
const ORDER_REPLACED = 'Ovu narudžbu je zamijenila novija, otvorena u drugom prozoru. Pokušaj ponovo.';
const PRICE_CHANGED = 'Cijena paketa se promijenila. Osvježi stranicu i pokušaj ponovo.';
export const PLAN_NOT_FOUND = 'Paket nije pronađen.';
/** Invoice PDFs a customer may have rendered in a minute (each is rendered once; stored ones are read freely). */
const INVOICE_RENDERS_PER_MINUTE = 10;
export const NO_PROMO = 'Ovaj paket trenutno nema promo period.';
export const NEEDS_CARD = 'Za promo period potrebna je sačuvana kartica.';
const PAYMENT_NOT_FOUND = 'Uplata nije pronađena.';


/** Refuses, with the reason, a customer who may not buy a subscription today. */
export async function refuseUnlessMayBuy(db: Queryable, customerId: number, today: string): Promise<void> {
  const [row] = await db.query<{ status: string; may: boolean }>(`SELECT s.status, ${canBuyWhere('$2')} AS may FROM subscriptions s WHERE s.customer_id = $1`, [customerId, today]);
  if (row?.status === 'BLOCKED') throw new HttpError(409, ACCOUNT_BLOCKED, 'ACCOUNT_BLOCKED');
  if (row && !row.may) throw new HttpError(409, ALREADY_SUBSCRIBED, 'ALREADY_SUBSCRIBED');
}

/** Marks the customer's open orders of a kind CANCELLED; answers their provider payments, to cancel once committed. */
export async function cancelOpenPurchases(tx: Queryable, customerId: number, now: Date, kind: 'PURCHASE' | 'UPGRADE' = 'PURCHASE'): Promise<string[]> {
  const rows = await tx.query<{ provider_payment_id: string | null }>(
    `UPDATE payment_orders SET status = 'CANCELLED', updated_at = $2 WHERE customer_id = $1 AND kind = $3 AND status = 'PENDING' RETURNING provider_payment_id`,
    [customerId, now, kind],
  );
  return rows.flatMap((r) => (r.provider_payment_id ? [r.provider_payment_id] : []));
}

/**
 * Cancels payments at the provider so that they cannot be confirmed any more. One the customer
 * managed to pay meanwhile is refunded when its event arrives (events.ts), as its order is no longer open.
 */
export async function cancelPayments(ctx: ApiContext, paymentIds: readonly string[], log: { warn(message: string): void }): Promise<void> {
  for (const id of paymentIds) {
    await ctx.payments.gateway.cancelPayment(id).catch((error: Error) => log.warn(`Cancelling payment ${id} failed: ${error.message}`));
  }
}

export async function findPlan(db: Queryable, code: string): Promise<PlanRow | null> {
  const [row] = await db.query<PlanRow>('SELECT code, name, price_fening FROM plans WHERE code = $1', [code]);
  return row ?? null;
}

function toRecord(order: OrderRow): PaymentRecord {
  return {
    orderNumber: order.order_number,
    updated: new Date(order.updated_at).toISOString(),
    periodStart: order.period_start ?? '',
    periodEnd: order.period_end ?? '',
    creditCardNumber: order.card_number,
    amount: order.amount_fening / 100,
    paymentData: { name: order.kind === 'UPGRADE' && order.from_name ? upgradeName(order.plan_name, order.from_name) : order.plan_name },
  };
}

/**
 * A paid order's invoice: the record plus what the invoice says about the customer. Only the order's
 * own customer's (`customerId`; null for the server's own use, such as an e-mailed receipt); null
 * when there is none.
 */
export async function loadInvoice(db: Queryable, orderNumber: string, customerId: number | null): Promise<Invoice | null> {
  if (!/^[0-9]{4}-[0-9]{6,}$/.test(orderNumber)) return null;
  const [order] = await db.query<OrderRow & { first_name: string; last_name: string; customer_number: string | null; email: string | null; phone_number: string | null }>(
    `SELECT ${ORDER_COLUMNS}, c.first_name, c.last_name, c.customer_number, c.email, c.phone_number
       FROM ${ORDER_TABLES} JOIN customers c ON c.id = o.customer_id
      WHERE o.order_number = $1 AND ($2::int IS NULL OR o.customer_id = $2) AND o.status = 'PAID'`,
    [orderNumber, customerId],
  );
  if (!order) return null;
  return {
    ...toRecord(order),
    issued: new Date(order.updated_at).toISOString(),
    customer: {
      fullName: `${order.first_name} ${order.last_name}`,
      accountNumber: order.customer_number,
      username: order.email ?? (order.phone_number ? `+${order.phone_number}` : ''),
    },
  };
}

/**
 * The stored idempotency key of a client's call, from its `Idempotency-Key` header (without one every
 * call is new): in a namespace of its own per kind of call (`order:…`, `plan-change:…`), apart from each
 * other and from the billing job's keys (`renewal-…`), so a key sent by a client can only ever find an
 * order the same kind of call made for the same customer.
 */
export function idempotencyKey(request: FastifyRequest, kind: 'order' | 'plan-change'): string {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return `${kind}:auto-${crypto.randomUUID()}`;
  if (typeof header !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(header)) {
    throw new HttpError(400, 'Neispravan zahtjev: Idempotency-Key mora imati 8 do 64 slova, broja, - ili _.', 'BAD_REQUEST');
  }
  return `${kind}:${header}`;
}

/** The same Idempotency-Key with another body (plan, card or amount): nothing is ordered. */
export const keyReused = () => new HttpError(422, 'Ovaj ključ zahtjeva je već iskorišten za drugi zahtjev.', 'IDEMPOTENCY_MISMATCH');
/** The same Idempotency-Key as an order already paid: it is never paid again. */
export const alreadyPaid = () => new HttpError(409, 'Ova narudžba je već plaćena.', 'ORDER_PAID');

/**
 * The provider's payment of a placed order, which the customer confirms in the browser. It has the order
 * as its idempotency key, so a repeated order is the same payment; an order another tab replaced while
 * its payment was being made gets a payment that cannot be confirmed (409).
 */
export async function startOrderPayment(
  ctx: ApiContext,
  request: FastifyRequest,
  order: { orderNumber: string; customerId: number; amountFening: number; card: CardRow & { payment_method: string }; description: string },
): Promise<PaymentOrderResponse> {
  const { orderNumber, card } = order;
  const payment = await ctx.payments.gateway.createPayment({
    amountFening: order.amountFening,
    paymentMethod: card.payment_method,
    customerRef: String(order.customerId),
    idempotencyKey: `order-${orderNumber}`,
    description: order.description,
  });
  const [stored] = await ctx.db.query<{ status: string }>(
    'UPDATE payment_orders SET provider_payment_id = COALESCE(provider_payment_id, $2) WHERE order_number = $1 RETURNING status',
    [orderNumber, payment.id],
  );
  if (stored?.status === 'CANCELLED') {
    await cancelPayments(ctx, [payment.id], request.log);
    throw new HttpError(409, ORDER_REPLACED, 'ORDER_REPLACED');
  }
  return {
    orderNumber,
    paymentSecret: payment.clientSecret,
    panToken: card.payment_method,
    card: toCreditCard(card),
    orderInfo: { orderInfo: order.description, amount: order.amountFening / 100 },
  };
}

/**
 * Payments (product.md §7, Cards and payments; Service): the new-account payment info and order, the payment
 * history and one payment (the invoice). The order is paid in the browser
 * with the provider; its success event activates the subscription (see events.ts).
 */
export function paymentRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const product = ctx.config.product;

  route(app, ctx, endpoints.paymentInfo, async ({ params }) => {
    const plan = await findPlan(ctx.db, params.planId);
    if (!plan) throw new HttpError(404, PLAN_NOT_FOUND, 'NOT_FOUND');
    const today = isoDay(ctx.now());
    const [period] = await ctx.db.query<{ end: string }>(`SELECT to_char(($1::date + interval '1 month')::date, 'YYYY-MM-DD') AS end`, [today]);
    return {
      [`${product}Plan` as const]: { id: plan.code, name: plan.name, price: plan.price_fening / 100 },
      periodStart: today,
      periodEnd: period!.end,
    };
  });

  route(app, ctx, endpoints.createOrder, async ({ customer: { customerId }, body, request }) => {
    const key = idempotencyKey(request, 'order');
    const planCode = body[`${product}PlanId`]!;

    const card = await ownCard(ctx.db, customerId, body.creditCardId);
    if (!card?.payment_method) throw new HttpError(404, CARD_NOT_FOUND, 'NOT_FOUND');
    const plan = await findPlan(ctx.db, planCode);
    if (!plan) throw new HttpError(404, PLAN_NOT_FOUND, 'NOT_FOUND');

    const today = isoDay(ctx.now());
    // Under the customer's row lock: one open purchase order per customer. The same order again (a
    // second tab, a reopened dialog) answers the open one, so its payment is the same and is paid once;
    // a different one cancels the open one first.
    const { orderNumber, cancelled } = await ctx.db.transaction(async (tx) => {
      await lockCustomer(tx, customerId);
      const [same] = await tx.query<{ order_number: string; plan_code: string; card_code: string | null; status: string }>(
        'SELECT order_number, plan_code, card_code, status FROM payment_orders WHERE customer_id = $1 AND idempotency_key = $2',
        [customerId, key],
      );
      if (same && (same.plan_code !== plan.code || same.card_code !== card.code)) throw keyReused();
      if (same?.status === 'PAID') throw alreadyPaid();
      if (same) return { orderNumber: same.order_number, cancelled: [] as string[] };
      await refuseUnlessMayBuy(tx, customerId, today);
      if (Math.round(body.amount * 100) !== plan.price_fening) throw new HttpError(409, PRICE_CHANGED, 'PRICE_CHANGED');
      const [open] = await tx.query<{ order_number: string; plan_code: string; card_code: string | null; amount_fening: number }>(
        `SELECT order_number, plan_code, card_code, amount_fening FROM payment_orders WHERE customer_id = $1 AND kind = 'PURCHASE' AND status = 'PENDING'`,
        [customerId],
      );
      if (open && open.plan_code === plan.code && open.card_code === card.code && open.amount_fening === plan.price_fening) {
        return { orderNumber: open.order_number, cancelled: [] as string[] };
      }
      const cancelled = await cancelOpenPurchases(tx, customerId, ctx.now());
      const [created] = await tx.query<{ order_number: string }>(
        `INSERT INTO payment_orders (order_number, customer_id, plan_code, card_code, card_number, amount_fening, status, idempotency_key, created_at, updated_at, ref)
         VALUES ($1 || '-' || lpad(nextval('order_numbers')::text, 6, '0'), $2, $3, $4, $5, $6, 'PENDING', $7, $8, $8, $9)
         RETURNING order_number`,
        [String(ctx.now().getUTCFullYear()), customerId, plan.code, card.code, card.masked_number, plan.price_fening, key, ctx.now(), saleRefOf(body.ref)],
      );
      return { orderNumber: created!.order_number, cancelled };
    });
    await cancelPayments(ctx, cancelled, request.log);
    return startOrderPayment(ctx, request, { orderNumber, customerId, amountFening: plan.price_fening, card: { ...card, payment_method: card.payment_method }, description: `${plan.name}, narudžba ${orderNumber}` });
  });

  route(app, ctx, endpoints.payments, async ({ customer: { customerId } }) => {
    const orders = await ctx.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM ${ORDER_TABLES}
        WHERE o.customer_id = $1 AND o.status = 'PAID' ORDER BY o.updated_at DESC, o.order_number DESC`,
      [customerId],
    );
    return orders.map(toRecord);
  });

  route(app, ctx, endpoints.invoice, async ({ customer: { customerId }, params: { orderNumber } }) => {
    const invoice = await loadInvoice(ctx.db, orderNumber, customerId);
    // Another customer's invoice is as absent as an unknown one.
    if (!invoice) throw new HttpError(404, PAYMENT_NOT_FOUND, 'NOT_FOUND');
    return invoice;
  });

  // The same invoice as a PDF (docs/messages.md), for 'Preuzmi PDF' and e-mailed receipts: rendered once,
  // off the request loop, then read; a customer starts at most INVOICE_RENDERS_PER_MINUTE renders.
  route(app, ctx, endpoints.invoicePdf, async ({ customer: { customerId }, params: { orderNumber }, reply }) => {
    const invoice = await loadInvoice(ctx.db, orderNumber, customerId);
    if (!invoice) throw new HttpError(404, PAYMENT_NOT_FOUND, 'NOT_FOUND');
    const pdf = await ctx.invoices.pdf(invoice, operatorOf(ctx.config), async () => {
      const taken = await ctx.limits.take([{ key: `invoice-render:${customerId}`, max: INVOICE_RENDERS_PER_MINUTE, windowSeconds: 60 }]);
      if (!taken.ok) throw tooManyRequests('Previše zahtjeva za PDF račune.', taken.retryAfter, 'TOO_MANY_RENDERS');
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${invoiceFileName(invoice.orderNumber)}"`)
      .send(pdf);
  });
}
