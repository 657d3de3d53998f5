import type { FastifyInstance } from 'fastify';
import { endpoints, saleRefOf, type AccountInfo, type ServiceStatus } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import type { Db } from '../db/db';
import { openSessionWhere, SESSION_EXPIRED, sessionParams, type Principal } from '../auth/guard';
import { lockCustomer } from '../auth/customers';
import { HttpError } from '../http/validate';
import { route } from '../http/route';
import { isoDay } from '../days';
import { canBuyWhere, canReactivateWhere } from './rules';
import { ALREADY_SUBSCRIBED, cancelOpenPurchases, cancelPayments, findPlan, NEEDS_CARD, NO_PROMO, PLAN_NOT_FOUND, PROMO_USED, refuseUnlessMayBuy } from '../payments/routes';
import { graceUntil } from '../billing/job';
import { NOTICES } from '../delivery/notices';
import { notifyCustomer } from '../delivery/notifier';

interface SubscriptionRow {
  status: ServiceStatus['status'] | null;
  promo_type: 'DURATION_BASED' | 'TIME_UNTIL_BASED' | null;
  promo_until: string | null;
  promo_days: number | null;
  next_payment_on: string;
  plan_code: string;
  plan_name: string;
  price_fening: number;
  billing_failures: number;
  billing_next_on: string | null;
  billing_grace_from: string | null;
  pending_code: string | null;
  pending_name: string | null;
  pending_price_fening: number | null;
}

/**
 * What account info needs about a customer, in one query that also checks the token's session is open:
 * the customer number, the subscription with its plan (null columns without one) and the plans whose
 * promo was used. Null when the session is not open (signed out, replaced, revoked).
 */
async function accountOf(db: Db, principal: Principal): Promise<{ customerNumber: string | null; usedPromos: string[]; subscription: SubscriptionRow | null } | null> {
  const [row] = await db.prepared<SubscriptionRow & { customer_number: string | null; used_promos: string[] | null }>(
    'account_info',
    `SELECT c.customer_number,
            s.status, to_char(s.next_payment_on, 'YYYY-MM-DD') AS next_payment_on, s.promo_type, to_char(s.promo_until, 'YYYY-MM-DD') AS promo_until, s.promo_days,
            s.plan_code, p.name AS plan_name, p.price_fening, s.billing_failures, to_char(s.billing_next_on, 'YYYY-MM-DD') AS billing_next_on,
            to_char(s.billing_grace_from, 'YYYY-MM-DD') AS billing_grace_from,
            n.code AS pending_code, n.name AS pending_name, n.price_fening AS pending_price_fening,
            ARRAY(SELECT u.plan_code FROM promo_uses u WHERE u.customer_id = c.id ORDER BY u.plan_code) AS used_promos
       FROM device_sessions d JOIN customers c ON c.id = d.customer_id
       LEFT JOIN subscriptions s ON s.customer_id = c.id LEFT JOIN plans p ON p.code = s.plan_code LEFT JOIN plans n ON n.code = s.pending_plan_code
      WHERE ${openSessionWhere(1)}`,
    sessionParams(principal),
  );
  if (!row) return null;
  return { customerNumber: row.customer_number, usedPromos: row.used_promos ?? [], subscription: row.status ? row : null };
}

/** The subscription's promo while it runs (product.md §4, Promo): an ACTIVE subscription before the promo's last day. */
function runningPromo(subscription: SubscriptionRow | null, today: string): AccountInfo['promos'] {
  if (!subscription?.promo_type || !subscription.promo_until || subscription.status !== 'ACTIVE' || subscription.promo_until <= today) return [];
  return [{ status: 'ACTIVE', promoType: subscription.promo_type, durationUntil: subscription.promo_until, durationDays: subscription.promo_days }];
}

/** A renewal failing inside its grace period: when it is tried again and until when the service lasts. */
function renewalProblem(subscription: SubscriptionRow | null): AccountInfo['renewalProblem'] {
  if (!subscription || subscription.status !== 'ACTIVE' || subscription.billing_failures === 0) return null;
  const last = graceUntil(subscription.billing_grace_from ?? subscription.next_payment_on);
  const retryOn = subscription.billing_next_on && subscription.billing_next_on <= last ? subscription.billing_next_on : null;
  return { retryOn, graceUntil: last };
}

/** A downgrade that starts with the next renewal, shown while the subscription is ACTIVE (it renews). */
function pendingPlan(subscription: SubscriptionRow | null): AccountInfo['pendingPlan'] {
  if (subscription?.status !== 'ACTIVE' || !subscription.pending_code) return null;
  return { code: subscription.pending_code, name: subscription.pending_name!, price: subscription.pending_price_fening! / 100, from: subscription.next_payment_on };
}

const NOT_ACTIVE = 'Deaktivirati je moguće samo aktivnu pretplatu.';
const NOT_REACTIVATABLE = 'Reaktivacija bez plaćanja moguća je samo za deaktiviranu pretplatu čiji plaćeni period još traje.';

/**
 * `GET /{product}/accountInfo`, `/deactivate`, `/reactivateWithoutPayment` and `POST /{product}/createSubscriptionInPromoPeriod` (product.md §7, Service; product.md §4,
 * Subscription status). A state change happens in one conditional
 * UPDATE, so a refused or concurrent request changes nothing; a refusal is a 409 with a message.
 */
export function accountRoutes(app: FastifyInstance, ctx: ApiContext): void {
  // The busiest call after a renewal: its one query checks the session too (route's sessionCheckedByHandler).
  route(app, ctx, endpoints.accountInfo, async ({ customer }) => {
    const account = await accountOf(ctx.db, customer);
    if (!account) throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');
    const { subscription } = account;
    return {
      status: subscription?.status ?? null,
      plan: subscription ? { code: subscription.plan_code, name: subscription.plan_name, price: subscription.price_fening / 100 } : null,
      nextPaymentOn: subscription?.next_payment_on ?? null,
      accountNumber: account.customerNumber,
      promos: runningPromo(subscription, isoDay(ctx.now())),
      usedPromos: account.usedPromos,
      renewalProblem: renewalProblem(subscription),
      pendingPlan: pendingPlan(subscription),
    };
  }, { sessionCheckedByHandler: true });

  // Deactivation keeps the service until the paid period ends: only the status changes. Under the
  // customer's row lock, it also cancels an upgrade still waiting for its payment (and the payment at
  // the processor): the customer's last click wins, and no upgrade is charged to be given back.
  // Each change and its confirmation message in one transaction.
  route(app, ctx, endpoints.deactivate, async ({ customer: { customerId }, request }) => {
    let cancelled: string[] = [];
    const row = await ctx.db.transaction(async (tx) => {
      await lockCustomer(tx, customerId);
      const [changed] = await tx.query<{ status: ServiceStatus['status']; next_payment_on: string; plan_name: string }>(
        `UPDATE subscriptions s SET status = 'DEACTIVATED', updated_at = $2 FROM plans p WHERE s.customer_id = $1 AND s.status = 'ACTIVE' AND p.code = s.plan_code
         RETURNING s.status, to_char(s.next_payment_on, 'YYYY-MM-DD') AS next_payment_on, p.name AS plan_name`,
        [customerId, ctx.now()],
      );
      if (changed) {
        cancelled = await cancelOpenPurchases(tx, customerId, ctx.now(), 'UPGRADE');
        await notifyCustomer(tx, ctx.notifier, customerId, NOTICES.deactivated({ plan: changed.plan_name, until: changed.next_payment_on }));
      }
      return changed;
    });
    await cancelPayments(ctx, cancelled, request.log);
    if (!row) throw new HttpError(409, NOT_ACTIVE, 'NOT_ACTIVE');
    return { status: row.status, nextPaymentOn: row.next_payment_on };
  });

  route(app, ctx, endpoints.reactivateWithoutPayment, async ({ customer: { customerId } }) => {
    const row = await ctx.db.transaction(async (tx) => {
      const [changed] = await tx.query<{ status: ServiceStatus['status']; next_payment_on: string; plan_name: string }>(
        `UPDATE subscriptions AS s SET status = 'ACTIVE', updated_at = $2 FROM plans p
          WHERE s.customer_id = $1 AND ${canReactivateWhere('$3')} AND p.code = s.plan_code
          RETURNING s.status, to_char(s.next_payment_on, 'YYYY-MM-DD') AS next_payment_on, p.name AS plan_name`,
        [customerId, ctx.now(), isoDay(ctx.now())],
      );
      if (changed) await notifyCustomer(tx, ctx.notifier, customerId, NOTICES.reactivated({ plan: changed.plan_name, next: changed.next_payment_on }));
      return changed;
    });
    if (!row) throw new HttpError(409, NOT_REACTIVATABLE, 'NOT_REACTIVATABLE');
    return { status: row.status, nextPaymentOn: row.next_payment_on };
  });


  // A free promo period: the subscription starts at once, with no payment (the promo's rules in payments/routes.ts).
  route(app, ctx, endpoints.subscribeInPromo, async ({ customer: { customerId }, body: { plan: planCode, ref }, request }) => {
    const today = isoDay(ctx.now());
    const [promo] = await ctx.db.query<{ promo_type: 'DURATION_BASED' | 'TIME_UNTIL_BASED'; duration_days: number | null; until: string | null; ends: string }>(
      `SELECT pp.promo_type, pp.duration_days, to_char(pp.duration_until, 'YYYY-MM-DD') AS until,
              to_char(CASE WHEN pp.promo_type = 'DURATION_BASED' THEN $2::date + pp.duration_days ELSE pp.duration_until END, 'YYYY-MM-DD') AS ends
         FROM plan_promos pp WHERE pp.plan_code = $1 AND pp.status = 'ACTIVE'
          AND (pp.promo_type = 'DURATION_BASED' OR pp.duration_until > $2::date)
        ORDER BY pp.id LIMIT 1`,
      [planCode, today],
    );
    if (!promo) {
      if (!(await findPlan(ctx.db, planCode))) throw new HttpError(404, PLAN_NOT_FOUND, 'NOT_FOUND');
      throw new HttpError(409, NO_PROMO, 'NO_PROMO');
    }
    const [primary] = await ctx.db.query(`SELECT 1 FROM credit_cards WHERE customer_id = $1 AND status = 'ACTIVE' AND primary_card`, [customerId]);
    if (!primary) throw new HttpError(409, NEEDS_CARD, 'NO_CARD');
    // One transaction under the customer's row lock: the promo is used once per customer and plan (its
    // row is the proof), the subscription starts only if the customer may buy one now, and an order
    // left open in another tab is cancelled so it cannot be paid on top of the promo.
    const { row, cancelled } = await ctx.db.transaction(async (tx) => {
      await lockCustomer(tx, customerId);
      await refuseUnlessMayBuy(tx, customerId, today);
      const [first] = await tx.query('INSERT INTO promo_uses (customer_id, plan_code, used_at, ref) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1', [
        customerId,
        planCode,
        ctx.now(),
        saleRefOf(ref),
      ]);
      if (!first) throw new HttpError(409, PROMO_USED, 'PROMO_USED');
      const [started] = await tx.query<{ status: ServiceStatus['status']; next_payment_on: string }>(
        `INSERT INTO subscriptions AS s (customer_id, plan_code, status, period_start, next_payment_on, updated_at, promo_type, promo_until, promo_days)
         VALUES ($1, $3, 'ACTIVE', $2::date, $4::date, $5, $6, $4::date, $7)
         ON CONFLICT (customer_id) DO UPDATE SET plan_code = $3, status = 'ACTIVE', period_start = $2::date, next_payment_on = $4::date, updated_at = $5, pending_plan_code = NULL,
           promo_type = $6, promo_until = $4::date, promo_days = $7, billing_failures = 0, billing_next_on = NULL
         WHERE ${canBuyWhere('$2')}
         RETURNING status, to_char(next_payment_on, 'YYYY-MM-DD') AS next_payment_on`,
        [customerId, today, planCode, promo.ends, ctx.now(), promo.promo_type, promo.duration_days],
      );
      if (!started) throw new HttpError(409, ALREADY_SUBSCRIBED, 'ALREADY_SUBSCRIBED');
      return { row: started, cancelled: await cancelOpenPurchases(tx, customerId, ctx.now()) };
    });
    await cancelPayments(ctx, cancelled, request.log);
    return { status: row.status, nextPaymentOn: row.next_payment_on };
  });
}
