import type { FastifyInstance } from 'fastify';
import { endpoints, type PlanChangeQuote } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import type { Queryable } from '../db/db';
import { lockCustomer } from '../auth/customers';
import { HttpError } from '../http/validate';
import { route } from '../http/route';
import { isoDay } from '../days';
import { ownCard, savedCards } from '../cards/routes';
import { alreadyPaid, cancelOpenPurchases, cancelPayments, findPlan, idempotencyKey, keyReused, PLAN_NOT_FOUND, startOrderPayment, upgradeName } from '../payments/routes';

const NOT_ACTIVE: Record<string, string> = {
  DEACTIVATED: 'Deaktiviranu pretplatu prvo reaktiviraj, pa onda promijeni paket.',
  BLOCKED: 'Tvoj nalog je blokiran, pa paket trenutno nije moguće promijeniti. Obrati se korisničkoj podršci.',
  EXPIRED: 'Pretplata nije aktivna: paket izaberi i kupi na stranici Paketi.',
};
const SAME_PLAN = 'To je već tvoj paket.';
const RENEWAL_DUE = 'Pretplata se upravo obnavlja: paket možeš promijeniti kada obnova bude plaćena.';
const AMOUNT_CHANGED = 'Iznos za promjenu paketa se promijenio. Osvježi stranicu i pokušaj ponovo.';
const CHANGED_MEANWHILE = 'Pretplata se u međuvremenu promijenila. Osvježi stranicu i pokušaj ponovo.';
const NEEDS_PRIMARY_CARD = 'Za promjenu paketa potrebna je sačuvana kartica.';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The upgrade's price (product.md §10, Changing the package): the monthly prices' difference (VAT
 * included) for the days left of the paid period, rounded to the fening. Today counts as a day left: on
 * the period's first day the whole difference, on its last day one day's share.
 */
export function prorate(differenceFening: number, daysLeft: number, periodDays: number): number {
  return Math.round((differenceFening * daysLeft) / periodDays);
}

interface Quote extends PlanChangeQuote {
  amountFening: number;
}

/**
 * The renewal of the subscription's current period is due, or has decided what it charges (its order
 * exists, waiting for the charge): from then on the renewal, not a package change, decides the period.
 */
async function renewalUnderWay(db: Queryable, customerId: number, today: string): Promise<boolean> {
  const [row] = await db.query<{ under_way: boolean }>(
    `SELECT s.next_payment_on <= $2::date OR EXISTS (
              SELECT 1 FROM payment_orders o WHERE o.customer_id = s.customer_id AND o.kind = 'RENEWAL' AND o.status = 'PENDING' AND o.due_on = s.next_payment_on) AS under_way
       FROM subscriptions s WHERE s.customer_id = $1`,
    [customerId, today],
  );
  return row?.under_way ?? false;
}

/** What moving the customer to `planCode` today costs and from when; refuses (404, 409) a change that may not be made. */
async function quoteChange(db: Queryable, customerId: number, planCode: string, today: string): Promise<Quote> {
  const target = await findPlan(db, planCode);
  if (!target) throw new HttpError(404, PLAN_NOT_FOUND, 'NOT_FOUND');
  const [sub] = await db.query<{ status: string; code: string; name: string; price_fening: number; period_start: string; next_payment_on: string; promo: boolean }>(
    `SELECT s.status, p.code, p.name, p.price_fening, to_char(s.period_start, 'YYYY-MM-DD') AS period_start, to_char(s.next_payment_on, 'YYYY-MM-DD') AS next_payment_on,
            COALESCE(s.promo_until > $2::date, false) AS promo
       FROM subscriptions s JOIN plans p ON p.code = s.plan_code WHERE s.customer_id = $1`,
    [customerId, today],
  );
  if (!sub || sub.status !== 'ACTIVE') throw new HttpError(409, NOT_ACTIVE[sub?.status ?? 'EXPIRED'] ?? NOT_ACTIVE.EXPIRED!, 'NOT_ACTIVE');
  if (sub.code === target.code) throw new HttpError(409, SAME_PLAN, 'SAME_PLAN');
  // On the due day and in the grace period the renewal decides the period: change after it is paid.
  if (sub.next_payment_on <= today || (await renewalUnderWay(db, customerId, today))) throw new HttpError(409, RENEWAL_DUE, 'RENEWAL_DUE');
  const kind = target.price_fening > sub.price_fening ? 'UPGRADE' : 'DOWNGRADE';
  const days = daysBetween(today, sub.next_payment_on);
  const periodDays = Math.max(days, daysBetween(sub.period_start, sub.next_payment_on));
  const amountFening = kind === 'UPGRADE' && !sub.promo ? prorate(target.price_fening - sub.price_fening, days, periodDays) : 0;
  return {
    from: { code: sub.code, name: sub.name, price: sub.price_fening / 100 },
    to: { code: target.code, name: target.name, price: target.price_fening / 100 },
    kind,
    // During a promo either change waits for its end (product.md §10): the promo was for its package.
    effectiveOn: kind === 'UPGRADE' && !sub.promo ? today : sub.next_payment_on,
    amount: amountFening / 100,
    amountFening,
    periodStart: today,
    periodEnd: sub.next_payment_on,
    days,
    periodDays,
    promo: sub.promo,
  };
}

const toAnswer = ({ amountFening: _, ...quote }: Quote): PlanChangeQuote => quote;

/**
 * Changing an ACTIVE subscription's package (product.md §10, Changing the package): the quote, the
 * change, and cancelling a downgrade that waits for the renewal. Each change is one conditional
 * statement on the subscription as it was quoted (plan, period), under the customer's row lock, so a
 * renewal, a deactivation or another tab in between makes it a 409 that changes nothing. An upgrade's
 * order is one open order per customer (a newer one cancels the older and its payment), and its
 * payment changes the plan when it arrives (payments/events.ts), or is refunded if the subscription
 * is no longer the one it was quoted for.
 */
export function planChangeRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.planChangeQuote, async ({ customer: { customerId }, query }) =>
    toAnswer(await quoteChange(ctx.db, customerId, query.plan, isoDay(ctx.now()))),
  );

  route(app, ctx, endpoints.changePlan, async ({ customer: { customerId }, body, request }) => {
    const key = idempotencyKey(request, 'plan-change');
    const today = isoDay(ctx.now());
    const now = ctx.now();
    const decided = await ctx.db.transaction(async (tx) => {
      await lockCustomer(tx, customerId);
      // The same request again (a double click, a retry): the same order and payment.
      const [same] = await tx.query<{ order_number: string; plan_code: string; amount_fening: number; status: string }>(
        'SELECT order_number, plan_code, amount_fening, status FROM payment_orders WHERE customer_id = $1 AND idempotency_key = $2',
        [customerId, key],
      );
      if (same && (same.plan_code !== body.plan || same.amount_fening !== Math.round(body.amount * 100))) throw keyReused();
      if (same?.status === 'PAID') throw alreadyPaid();
      if (same) return { kind: 'order' as const, orderNumber: same.order_number, amountFening: same.amount_fening, cancelled: [] as string[] };

      const quote = await quoteChange(tx, customerId, body.plan, today);
      if (Math.round(body.amount * 100) !== quote.amountFening) throw new HttpError(409, AMOUNT_CHANGED, 'PRICE_CHANGED');
      const asQuoted = `customer_id = $1 AND status = 'ACTIVE' AND plan_code = $2 AND next_payment_on = $3::date`;

      // A downgrade, and any change during a promo, waits for the next renewal (the promo's end), which charges the new package.
      if (quote.kind === 'DOWNGRADE' || quote.promo) {
        const [scheduled] = await tx.query(`UPDATE subscriptions SET pending_plan_code = $4, updated_at = $5 WHERE ${asQuoted} RETURNING 1`, [
          customerId,
          quote.from.code,
          quote.periodEnd,
          quote.to.code,
          now,
        ]);
        if (!scheduled) throw new HttpError(409, CHANGED_MEANWHILE, 'CHANGED_MEANWHILE');
        return { kind: 'done' as const, result: 'SCHEDULED' as const, effectiveOn: quote.effectiveOn };
      }

      const card = (await savedCards(tx, customerId)).find((c) => c.primary_card && c.payment_method);
      if (!card) throw new HttpError(409, NEEDS_PRIMARY_CARD, 'NO_CARD');
      const [open] = await tx.query<{ order_number: string }>(
        `SELECT order_number FROM payment_orders WHERE customer_id = $1 AND kind = 'UPGRADE' AND status = 'PENDING'
            AND plan_code = $2 AND from_plan_code = $3 AND card_code = $4 AND amount_fening = $5 AND period_end = $6::date`,
        [customerId, quote.to.code, quote.from.code, card.code, quote.amountFening, quote.periodEnd],
      );
      if (open) return { kind: 'order' as const, orderNumber: open.order_number, amountFening: quote.amountFening, cancelled: [] as string[] };
      const cancelled = await cancelOpenPurchases(tx, customerId, now, 'UPGRADE');
      const [created] = await tx.query<{ order_number: string }>(
        `INSERT INTO payment_orders (order_number, customer_id, plan_code, from_plan_code, card_code, card_number, amount_fening, status, idempotency_key, kind,
                                     period_start, period_end, created_at, updated_at)
         VALUES ($1 || '-' || lpad(nextval('order_numbers')::text, 6, '0'), $2, $3, $4, $5, $6, $7, 'PENDING', $8, 'UPGRADE', $9::date, $10::date, $11, $11)
         RETURNING order_number`,
        [String(now.getUTCFullYear()), customerId, quote.to.code, quote.from.code, card.code, card.masked_number, quote.amountFening, key, quote.periodStart, quote.periodEnd, now],
      );
      return { kind: 'order' as const, orderNumber: created!.order_number, amountFening: quote.amountFening, cancelled };
    });
    if (decided.kind === 'done') return { result: decided.result, effectiveOn: decided.effectiveOn, order: null };

    await cancelPayments(ctx, decided.cancelled, request.log);
    const [order] = await ctx.db.query<{ plan_name: string; from_name: string; card_code: string }>(
      `SELECT t.name AS plan_name, f.name AS from_name, o.card_code FROM payment_orders o JOIN plans t ON t.code = o.plan_code JOIN plans f ON f.code = o.from_plan_code
        WHERE o.order_number = $1`,
      [decided.orderNumber],
    );
    const card = await ownCard(ctx.db, customerId, order!.card_code);
    if (!card?.payment_method) throw new HttpError(409, NEEDS_PRIMARY_CARD, 'NO_CARD');
    const placed = await startOrderPayment(ctx, request, {
      orderNumber: decided.orderNumber,
      customerId,
      amountFening: decided.amountFening,
      card: { ...card, payment_method: card.payment_method },
      description: `${upgradeName(order!.plan_name, order!.from_name)}, narudžba ${decided.orderNumber}`,
    });
    return { result: 'PAYMENT' as const, effectiveOn: today, order: placed };
  });

  // Under the customer's row lock, which the renewal also takes to decide what it charges: a cancel
  // either comes first (the renewal charges the package kept) or finds the renewal under way and says
  // so (409); never a cancel acknowledged while the renewal starts the package it cancelled.
  route(app, ctx, endpoints.cancelPlanChange, async ({ customer: { customerId } }) => {
    const today = isoDay(ctx.now());
    await ctx.db.transaction(async (tx) => {
      await lockCustomer(tx, customerId);
      if (await renewalUnderWay(tx, customerId, today)) throw new HttpError(409, RENEWAL_DUE, 'RENEWAL_DUE');
      await tx.query('UPDATE subscriptions SET pending_plan_code = NULL, updated_at = $2 WHERE customer_id = $1 AND pending_plan_code IS NOT NULL', [customerId, ctx.now()]);
    });
  });
}
