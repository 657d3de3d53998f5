import type { Script } from '@portal/shared/contract';
import type { ServiceStatus } from '@portal/shared/contract';
import { TIME_ZONE } from '../days';
import { Repository } from './base';
import { openSessionWhere, sessionParams, type SessionKey } from './sessions';
import { canBuyWhere, canReactivateWhere } from './subscriptionRules';
import { PAID_NOW, WAITING_PRICE } from './prices';
import { END_PAUSE_SET } from './pauses';

export type Status = ServiceStatus['status'];

/** What account info reads about a customer's subscription, with its plan and a downgrade waiting. */
export interface AccountSubscriptionRow {
  status: Status | null;
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
  /** Months of voucher credit for the package that renews next (the waiting one, else the current). */
  credit_months: number;
  /** The last pause (decision 055): its first day without service and the day service resumes. */
  pause_from: string | null;
  pause_until: string | null;
}

/** A status change's answer: the new status, until when it is paid, and the package's name. */
export interface StatusChange {
  status: Status;
  next_payment_on: string;
  plan_name: string;
}

/** The subscription as a package change quotes it (SubscriptionsRepository.forChange). */
interface ChangeRow {
  status: Status;
  code: string;
  name: string;
  price_fening: number;
  period_start: string;
  next_payment_on: string;
  promo: boolean;
  /** A pause not yet over (decision 055): the paid period and the next payment day are apart. */
  paused: boolean;
}

/**
 * `subscriptions`: one per customer, its status, period, promo, renewal failures and a package change
 * waiting. What the billing job reads and moves of it is in renewals.ts.
 */
export class SubscriptionsRepository extends Repository {
  /**
   * What account info needs, in one prepared query that also checks the token's session is open: the
   * customer number, the subscription with its plan (null columns without one), the plans whose
   * promo was used and the voucher credit for the package that renews next. Null when the session is not open (signed out, replaced, revoked).
   */
  async accountOfSession(
    key: SessionKey,
  ): Promise<
    | (AccountSubscriptionRow & { customer_number: string | null; used_promos: string[] | null; script: Script | null })
    | null
  > {
    const [row] = await this.prepared<
      AccountSubscriptionRow & { customer_number: string | null; used_promos: string[] | null; script: Script | null }
    >(
      'account_info',
      `SELECT c.customer_number, c.script,
              s.status, to_char(s.next_payment_on, 'YYYY-MM-DD') AS next_payment_on, s.promo_type, to_char(s.promo_until, 'YYYY-MM-DD') AS promo_until, s.promo_days,
              s.plan_code, p.name AS plan_name, ${PAID_NOW} AS price_fening, s.billing_failures, to_char(s.billing_next_on, 'YYYY-MM-DD') AS billing_next_on,
              to_char(s.billing_grace_from, 'YYYY-MM-DD') AS billing_grace_from,
              to_char(s.pause_from, 'YYYY-MM-DD') AS pause_from, to_char(s.pause_until, 'YYYY-MM-DD') AS pause_until,
              n.code AS pending_code, n.name AS pending_name, ${WAITING_PRICE('n.code')} AS pending_price_fening,
              ARRAY(SELECT u.plan_code FROM promo_uses u WHERE u.customer_id = c.id ORDER BY u.plan_code) AS used_promos,
              (SELECT COALESCE(sum(v.months_left), 0)::int FROM vouchers v JOIN voucher_batches b ON b.id = v.batch_id
                WHERE v.customer_id = c.id AND b.plan_code = COALESCE(s.pending_plan_code, s.plan_code)) AS credit_months
         FROM device_sessions d JOIN customers c ON c.id = d.customer_id
         LEFT JOIN subscriptions s ON s.customer_id = c.id LEFT JOIN plans p ON p.code = s.plan_code LEFT JOIN plans n ON n.code = s.pending_plan_code
        WHERE ${openSessionWhere(1)}`,
      sessionParams(key),
      key.customerId,
    );
    return row ?? null;
  }

  /** What decides whether the customer may buy (the contract's `maySubscribe`): the status and the next payment day; null without a subscription. */
  async buyingState(customerId: number): Promise<{ status: Status; nextPaymentOn: string } | null> {
    const [row] = await this.q.query<{ status: Status; nextPaymentOn: string }>(
      `SELECT status, to_char(next_payment_on, 'YYYY-MM-DD') AS "nextPaymentOn" FROM subscriptions WHERE customer_id = $1`,
      [customerId],
    );
    return row ?? null;
  }

  /** The support console's block and unblock (support/customers.ts, under the customer's row lock): the status as given. */
  async setStatus(customerId: number, status: Status, at: Date): Promise<void> {
    await this.q.query('UPDATE subscriptions SET status = $2, updated_at = $3 WHERE customer_id = $1', [
      customerId,
      status,
      at,
    ]);
  }

  /** The paid period made `days` longer (the support console, under the customer's row lock); null when expired or absent. */
  async extend(customerId: number, days: number, at: Date): Promise<{ next_payment_on: string } | null> {
    const [row] = await this.q.query<{ next_payment_on: string }>(
      `UPDATE subscriptions SET next_payment_on = next_payment_on + $2::int, updated_at = $3
        WHERE customer_id = $1 AND status <> 'EXPIRED' RETURNING to_char(next_payment_on, 'YYYY-MM-DD') AS next_payment_on`,
      [customerId, days, at],
    );
    return row ?? null;
  }

  /**
   * ACTIVE to DEACTIVATED; the service lasts until the paid period ends. A pause not yet over ends first
   * (END_PAUSE_SET): one still to start is undone, a running one leaves nothing paid after today. Null
   * when it was not ACTIVE.
   */
  async deactivate(customerId: number, today: string, at: Date): Promise<StatusChange | null> {
    const [row] = await this.q.query<StatusChange>(
      `UPDATE subscriptions s SET status = 'DEACTIVATED', ${END_PAUSE_SET('$3')}, updated_at = $2 FROM plans p WHERE s.customer_id = $1 AND s.status = 'ACTIVE' AND p.code = s.plan_code
       RETURNING s.status, to_char(s.next_payment_on, 'YYYY-MM-DD') AS next_payment_on, p.name AS plan_name`,
      [customerId, at, today],
    );
    return row ?? null;
  }

  /**
   * A refund that ends the service now (money/refunds.ts, under the customer's row lock): EXPIRED from
   * today, so nothing renews and the customer may buy again. A blocked customer's subscription reads
   * BLOCKED still, and is given back EXPIRED when unblocked. Null when there is none, or it had expired.
   */
  async endForRefund(customerId: number, today: string, at: Date): Promise<StatusChange | null> {
    const [row] = await this.q.query<StatusChange>(
      `WITH held AS (
         UPDATE customers SET blocked_status = 'EXPIRED' WHERE id = $1 AND blocked_at IS NOT NULL AND blocked_status IS NOT NULL
       )
       UPDATE subscriptions s SET status = CASE WHEN s.status = 'BLOCKED' THEN 'BLOCKED' ELSE 'EXPIRED' END,
              next_payment_on = LEAST(s.next_payment_on, $2::date), billing_failures = 0, billing_next_on = NULL,
              pause_from = CASE WHEN s.pause_from > $2::date THEN NULL ELSE s.pause_from END,
              pause_until = CASE WHEN s.pause_until IS NULL OR s.pause_from > $2::date THEN NULL ELSE LEAST(s.pause_until, $2::date) END,
              pending_plan_code = NULL, pending_price_fening = NULL, updated_at = $3
         FROM plans p WHERE s.customer_id = $1 AND s.status <> 'EXPIRED' AND p.code = s.plan_code
       RETURNING s.status, to_char(s.next_payment_on, 'YYYY-MM-DD') AS next_payment_on, p.name AS plan_name`,
      [customerId, today, at],
    );
    return row ?? null;
  }

  /**
   * A refund that keeps the service to the paid period's end without renewing (money/refunds.ts, under
   * the customer's row lock): ACTIVE to DEACTIVATED, as the customer's own deactivation. A blocked
   * customer's ACTIVE is given back DEACTIVATED when unblocked. A pause not yet over ends as a
   * deactivation ends it. Null when it was not ACTIVE.
   */
  async stopRenewalForRefund(customerId: number, today: string, at: Date): Promise<StatusChange | null> {
    const [row] = await this.q.query<StatusChange>(
      `WITH held AS (
         UPDATE customers SET blocked_status = 'DEACTIVATED' WHERE id = $1 AND blocked_at IS NOT NULL AND blocked_status = 'ACTIVE'
         RETURNING id
       )
       UPDATE subscriptions s SET status = CASE WHEN s.status = 'BLOCKED' THEN 'BLOCKED' ELSE 'DEACTIVATED' END, updated_at = $2,
              ${END_PAUSE_SET('$3')}
         FROM plans p
        WHERE s.customer_id = $1 AND p.code = s.plan_code AND (s.status = 'ACTIVE' OR (s.status = 'BLOCKED' AND EXISTS (SELECT 1 FROM held)))
       RETURNING s.status, to_char(s.next_payment_on, 'YYYY-MM-DD') AS next_payment_on, p.name AS plan_name`,
      [customerId, at, today],
    );
    return row ?? null;
  }

  /** DEACTIVATED back to ACTIVE while the paid period runs; null when that is not the case. */
  async reactivate(customerId: number, at: Date, today: string): Promise<StatusChange | null> {
    const [row] = await this.q.query<StatusChange>(
      `UPDATE subscriptions AS s SET status = 'ACTIVE', updated_at = $2 FROM plans p
        WHERE s.customer_id = $1 AND ${canReactivateWhere('$3')} AND p.code = s.plan_code
        RETURNING s.status, to_char(s.next_payment_on, 'YYYY-MM-DD') AS next_payment_on, p.name AS plan_name`,
      [customerId, at, today],
    );
    return row ?? null;
  }

  /** A free promo period from today to `ends`, only if the customer may buy now; null when not. */
  async startPromo(
    customerId: number,
    plan: string,
    promo: { type: string; ends: string; days: number | null },
    today: string,
    at: Date,
  ): Promise<{ status: Status; next_payment_on: string } | null> {
    const [row] = await this.q.query<{ status: Status; next_payment_on: string }>(
      `INSERT INTO subscriptions AS s (customer_id, plan_code, status, period_start, next_payment_on, updated_at, promo_type, promo_until, promo_days, agreed_price_fening)
       VALUES ($1, $3, 'ACTIVE', $2::date, $4::date, $5, $6, $4::date, $7, plan_price($3, $2::date))
       ON CONFLICT (customer_id) DO UPDATE SET plan_code = $3, status = 'ACTIVE', period_start = $2::date, next_payment_on = $4::date, updated_at = $5, pending_plan_code = NULL,
         promo_type = $6, promo_until = $4::date, promo_days = $7, billing_failures = 0, billing_next_on = NULL,
         agreed_price_fening = plan_price($3, $2::date), pending_price_fening = NULL
       WHERE ${canBuyWhere('$2')}
       RETURNING status, to_char(next_payment_on, 'YYYY-MM-DD') AS next_payment_on`,
      [customerId, today, plan, promo.ends, at, promo.type, promo.days],
    );
    return row ?? null;
  }

  /**
   * A paid first period activates the subscription for that period (product.md §9), at the price the
   * customer paid for it (`agreedFening`), which later renewals charge until a notice says otherwise.
   */
  async activate(
    customerId: number,
    plan: string,
    period: { start: string; end: string; agreedFening: number },
    at: Date,
  ): Promise<void> {
    await this.q.query(
      `INSERT INTO subscriptions (customer_id, plan_code, status, period_start, next_payment_on, updated_at, agreed_price_fening)
       VALUES ($1, $2, 'ACTIVE', $3, $4, $5, $6)
       ON CONFLICT (customer_id) DO UPDATE SET plan_code = $2, status = 'ACTIVE', period_start = $3, next_payment_on = $4, updated_at = $5, pending_plan_code = NULL,
         promo_type = NULL, promo_until = NULL, promo_days = NULL, billing_failures = 0, billing_next_on = NULL,
         agreed_price_fening = $6, pending_price_fening = NULL`,
      [customerId, plan, period.start, period.end, at, period.agreedFening],
    );
  }

  /** The subscription with its package as a package change quotes it; `promo` while a promo runs after today. */
  async forChange(customerId: number, today: string): Promise<ChangeRow | null> {
    const [row] = await this.q.query<ChangeRow>(
      `SELECT s.status, p.code, p.name, ${PAID_NOW} AS price_fening, to_char(s.period_start, 'YYYY-MM-DD') AS period_start, to_char(s.next_payment_on, 'YYYY-MM-DD') AS next_payment_on,
              COALESCE(s.promo_until > $2::date, false) AS promo, COALESCE(s.pause_until > $2::date, false) AS paused
         FROM subscriptions s JOIN plans p ON p.code = s.plan_code WHERE s.customer_id = $1`,
      [customerId, today],
    );
    return row ?? null;
  }

  /**
   * The next renewal starts `to`, at its list price today (what the quote showed), if the subscription is
   * still ACTIVE on `from` until `periodEnd`; false when it changed.
   */
  async schedulePlan(
    customerId: number,
    change: { from: string; to: string; periodEnd: string; today: string },
    at: Date,
  ): Promise<boolean> {
    const rows = await this.q.query(
      `UPDATE subscriptions SET pending_plan_code = $4, pending_price_fening = plan_price($4, $6::date), updated_at = $5 WHERE customer_id = $1 AND status = 'ACTIVE' AND plan_code = $2 AND next_payment_on = $3::date RETURNING 1`,
      [customerId, change.from, change.periodEnd, change.to, at, change.today],
    );
    return rows.length > 0;
  }

  async cancelScheduledPlan(customerId: number, at: Date): Promise<void> {
    await this.q.query(
      'UPDATE subscriptions SET pending_plan_code = NULL, pending_price_fening = NULL, updated_at = $2 WHERE customer_id = $1 AND pending_plan_code IS NOT NULL',
      [customerId, at],
    );
  }

  /**
   * A paid upgrade's package from today, only if the subscription is still the plan and period the
   * difference was paid for, with days left of it; false otherwise (the payment is refunded).
   */
  async applyUpgrade(orderNumber: string, at: Date, today: string): Promise<boolean> {
    const rows = await this.q.query(
      `UPDATE subscriptions s SET plan_code = o.plan_code, pending_plan_code = NULL, pending_price_fening = NULL,
              agreed_price_fening = plan_price(o.plan_code, (o.created_at AT TIME ZONE '${TIME_ZONE}')::date), updated_at = $2
         FROM payment_orders o
        WHERE o.order_number = $1 AND o.status = 'PENDING' AND s.customer_id = o.customer_id AND s.status = 'ACTIVE'
          AND s.plan_code = o.from_plan_code AND s.next_payment_on = o.period_end AND s.next_payment_on > $3::date
        RETURNING 1`,
      [orderNumber, at, today],
    );
    return rows.length > 0;
  }
}
