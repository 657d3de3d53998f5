import { Repository } from './base';

/** `billing_attempts`: one row per renewal attempt (customer, due day, attempt number), taken by one runner. */
export class BillingAttemptsRepository extends Repository {
  /** The customers with an attempt still PENDING: left by a runner that stopped, or in a live one's hands. */
  async pendingCustomers(): Promise<number[]> {
    const rows = await this.q.query<{ customer_id: number }>(
      `SELECT DISTINCT customer_id FROM billing_attempts WHERE status = 'PENDING' ORDER BY customer_id`,
    );
    return rows.map((row) => row.customer_id);
  }

  /**
   * Takes the attempt: one runner inserts it; a PENDING one left by a runner that stopped is taken over
   * after `leaseMinutes`, or at once when `takeOver` (a pass holding the billing lock). False when taken.
   */
  async take(
    customerId: number,
    due: string,
    attempt: number,
    runner: string,
    at: Date,
    takeOver: boolean,
    leaseMinutes: number,
  ): Promise<boolean> {
    const rows = await this.q.query(
      `INSERT INTO billing_attempts (customer_id, due_on, attempt, status, runner, created_at, updated_at) VALUES ($1, $2::date, $3, 'PENDING', $4, $5, $5)
       ON CONFLICT (customer_id, due_on, attempt) DO UPDATE SET runner = EXCLUDED.runner, updated_at = EXCLUDED.updated_at
        WHERE billing_attempts.status = 'PENDING' AND ($6 OR billing_attempts.updated_at < EXCLUDED.updated_at - make_interval(mins => $7))
       RETURNING runner`,
      [customerId, due, attempt, runner, at, takeOver, leaseMinutes],
    );
    return rows.length > 0;
  }

  /** This runner's attempt ends; false when another runner took it over meanwhile. */
  async finish(
    attempt: { customerId: number; due: string; attempt: number; runner: string },
    outcome: {
      status: 'SUCCEEDED' | 'FAILED';
      failureCode: string | null;
      orderNumber: string | null;
      paymentId: string | null;
    },
    at: Date,
  ): Promise<boolean> {
    const rows = await this.q.query(
      `UPDATE billing_attempts SET status = $5, failure_code = $6, order_number = $7, provider_payment_id = $8, updated_at = $9
        WHERE customer_id = $1 AND due_on = $2::date AND attempt = $3 AND runner = $4 AND status = 'PENDING' RETURNING 1`,
      [
        attempt.customerId,
        attempt.due,
        attempt.attempt,
        attempt.runner,
        outcome.status,
        outcome.failureCode,
        outcome.orderNumber,
        outcome.paymentId,
        at,
      ],
    );
    return rows.length > 0;
  }
}
