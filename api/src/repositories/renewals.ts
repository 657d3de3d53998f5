import { Repository } from './base';

/** A subscription due for renewal, with the package the renewal charges (the downgrade waiting, or its own). */
export interface DueRow {
  customer_id: number;
  plan_code: string;
  plan_name: string;
  price_fening: number;
  due: string;
  failures: number;
  grace_from: string | null;
}

/**
 * `subscriptions` as the billing job moves them (billing/): the renewals due, their failures and
 * retries, the periods that end; and whether a renewal is under way, which a package change must wait for.
 */
export class RenewalsRepository extends Repository {
  /**
   * The renewal of the subscription's current period is due, or has decided what it charges (its order
   * exists, waiting for the charge): from then on the renewal, not a package change, decides the period.
   */
  async renewalUnderWay(customerId: number, today: string): Promise<boolean> {
    const [row] = await this.q.query<{ under_way: boolean }>(
      `SELECT s.next_payment_on <= $2::date OR EXISTS (
                SELECT 1 FROM payment_orders o WHERE o.customer_id = s.customer_id AND o.kind = 'RENEWAL' AND o.status = 'PENDING' AND o.due_on = s.next_payment_on) AS under_way
         FROM subscriptions s WHERE s.customer_id = $1`,
      [customerId, today],
    );
    return row?.under_way ?? false;
  }

  /** DEACTIVATED subscriptions whose paid period is over by `today`. */
  async endingIds(today: string): Promise<number[]> {
    const rows = await this.q.query<{ customer_id: number }>(
      `SELECT customer_id FROM subscriptions WHERE status = 'DEACTIVATED' AND next_payment_on <= $1::date ORDER BY customer_id`,
      [today],
    );
    return rows.map((row) => row.customer_id);
  }

  /** A DEACTIVATED subscription whose period is over expires; null when it is not (any more). */
  async endDeactivated(
    customerId: number,
    today: string,
    at: Date,
  ): Promise<{ plan_name: string; ended_on: string } | null> {
    const [row] = await this.q.query<{ plan_name: string; ended_on: string }>(
      `UPDATE subscriptions s SET status = 'EXPIRED', billing_failures = 0, billing_next_on = NULL, pending_plan_code = NULL, pending_price_fening = NULL, updated_at = $3
         FROM plans p
        WHERE s.customer_id = $1 AND p.code = s.plan_code AND s.status = 'DEACTIVATED' AND s.next_payment_on <= $2::date
        RETURNING p.name AS plan_name, to_char(s.next_payment_on, 'YYYY-MM-DD') AS ended_on`,
      [customerId, today, at],
    );
    return row ?? null;
  }

  /** ACTIVE subscriptions due by `today` whose next attempt is due too, earliest first. */
  async dueIds(today: string): Promise<number[]> {
    const rows = await this.q.query<{ customer_id: number }>(
      `SELECT customer_id FROM subscriptions
        WHERE status = 'ACTIVE' AND next_payment_on <= $1::date AND COALESCE(billing_next_on, next_payment_on) <= $1::date
        ORDER BY next_payment_on, customer_id`,
      [today],
    );
    return rows.map((row) => row.customer_id);
  }

  /** The customer's subscription if it is due by `today`; a downgrade waiting for this renewal is what it charges. */
  async due(customerId: number, today: string): Promise<DueRow | null> {
    const [row] = await this.q.query<DueRow>(
      `SELECT s.customer_id, p.code AS plan_code, p.name AS plan_name, p.price_fening, to_char(s.next_payment_on, 'YYYY-MM-DD') AS due, s.billing_failures AS failures,
              to_char(s.billing_grace_from, 'YYYY-MM-DD') AS grace_from
         FROM subscriptions s JOIN plans p ON p.code = COALESCE(s.pending_plan_code, s.plan_code)
        WHERE s.customer_id = $1 AND s.status = 'ACTIVE' AND s.next_payment_on <= $2::date AND COALESCE(s.billing_next_on, s.next_payment_on) <= $2::date`,
      [customerId, today],
    );
    return row ?? null;
  }

  /** Unpaid at the end of the grace period: the service ends. False when the subscription moved on meanwhile. */
  async expireUnpaid(customerId: number, due: string, at: Date): Promise<boolean> {
    const rows = await this.q.query(
      `UPDATE subscriptions SET status = 'EXPIRED', billing_failures = 0, billing_next_on = NULL, pending_plan_code = NULL, pending_price_fening = NULL, updated_at = $3
        WHERE customer_id = $1 AND status = 'ACTIVE' AND next_payment_on = $2::date RETURNING customer_id`,
      [customerId, due, at],
    );
    return rows.length > 0;
  }

  /** A failed attempt number `attempt`: the next is on `nextOn`, the grace period counts from `graceFrom`. */
  async recordRenewalFailure(
    customerId: number,
    failure: { due: string; attempt: number; nextOn: string; graceFrom: string },
    at: Date,
  ): Promise<void> {
    await this.q.query(
      `UPDATE subscriptions SET billing_failures = $3 + 1, billing_next_on = $4::date, billing_grace_from = $6::date, updated_at = $5
        WHERE customer_id = $1 AND status = 'ACTIVE' AND next_payment_on = $2::date AND billing_failures = $3`,
      [customerId, failure.due, failure.attempt, failure.nextOn, at, failure.graceFrom],
    );
  }

  /**
   * A paid renewal: the next period from the original due day, on the package the order charged (a
   * downgrade waiting starts now), at the price it charged, which is what the subscriber pays from now on.
   */
  async renew(
    customerId: number,
    period: { due: string; end: string; plan: string; chargedFening: number },
    at: Date,
  ): Promise<void> {
    await this.q.query(
      `UPDATE subscriptions SET period_start = $2::date, next_payment_on = $3::date, billing_failures = 0, billing_next_on = NULL,
              plan_code = $5, pending_plan_code = NULL, pending_price_fening = NULL, agreed_price_fening = $6,
              promo_type = NULL, promo_until = NULL, promo_days = NULL, updated_at = $4
        WHERE customer_id = $1 AND status = 'ACTIVE' AND next_payment_on = $2::date`,
      [customerId, period.due, period.end, at, period.plan, period.chargedFening],
    );
  }

  /** Whether an ACTIVE subscription's renewal is failing. */
  async renewalFailing(customerId: number): Promise<boolean> {
    return (
      (
        await this.q.query(
          `SELECT 1 FROM subscriptions WHERE customer_id = $1 AND status = 'ACTIVE' AND billing_failures > 0`,
          [customerId],
        )
      ).length > 0
    );
  }

  /**
   * A new primary card while a renewal is failing: the next job run (not the next retry day) tries it.
   * The attempt count is kept, so the grace period still ends on its day.
   */
  async retryNow(customerId: number): Promise<void> {
    await this.q.query(
      `UPDATE subscriptions SET billing_next_on = next_payment_on WHERE customer_id = $1 AND status = 'ACTIVE' AND billing_failures > 0`,
      [customerId],
    );
  }
}
