import type { SubscriptionStatus } from '@portal/shared/contract';
import { Repository } from './base';
import { canPauseWhere } from './subscriptionRules';

/** A pause as it was set or ended: the next payment day after it, its days and the package's name. */
export interface PauseRow {
  next_payment_on: string;
  pause_from: string | null;
  pause_until: string | null;
  plan_name: string;
}

/** The subscription as a pause's rules read it (PausesRepository.pauseState), and from when another may start. */
export interface PauseStateRow {
  status: SubscriptionStatus;
  next_payment_on: string | null;
  promo: boolean;
  renewal_failing: boolean;
  pause_from: string | null;
  pause_until: string | null;
  next_from: string | null;
}

/**
 * The SET clauses that end a pause not yet over on `today` (a parameter, `$n`): the next payment day moves
 * back by the days of it left, so a pause still to start is undone (and forgotten: it never ran), and a
 * running one ends today (its start kept, for the once-per-12-months rule). Nothing changes without one.
 * Deactivation and a refund that stops the renewals end a pause so (decision 055).
 */
export const END_PAUSE_SET = (today: string) => `
  next_payment_on = CASE WHEN s.pause_until > ${today}::date
                         THEN s.next_payment_on - (s.pause_until - GREATEST(s.pause_from, ${today}::date))
                         ELSE s.next_payment_on END,
  pause_until = CASE WHEN s.pause_until > ${today}::date
                     THEN CASE WHEN s.pause_from > ${today}::date THEN NULL ELSE ${today}::date END
                     ELSE s.pause_until END,
  pause_from = CASE WHEN s.pause_until > ${today}::date AND s.pause_from > ${today}::date THEN NULL ELSE s.pause_from END`;

const DAY = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
const RETURNING = `RETURNING ${DAY('s.next_payment_on')} AS next_payment_on, ${DAY('s.pause_from')} AS pause_from,
  ${DAY('s.pause_until')} AS pause_until, p.name AS plan_name`;

/**
 * A subscription's pause (decision 055; product.md §10, A pause): columns of `subscriptions`, each change
 * one conditional UPDATE of the customer's row, so two requests at once (two tabs, a renewal) are ordered
 * by the row's lock and the loser's WHERE no longer holds.
 */
export class PausesRepository extends Repository {
  /**
   * A pause of `months` from the end of the paid period, in one statement that decides every rule: ACTIVE,
   * no promo, no renewal due, failing or with its order waiting, no pause not yet over, and the last pause
   * started 12 months or more before this one starts. The next payment day moves by the pause's length.
   * Null when refused (refusal says why).
   */
  async start(customerId: number, months: number, today: string, at: Date): Promise<PauseRow | null> {
    const [row] = await this.q.query<PauseRow>(
      `UPDATE subscriptions s SET pause_from = s.next_payment_on,
              pause_until = (s.next_payment_on + make_interval(months => $3::int))::date,
              next_payment_on = (s.next_payment_on + make_interval(months => $3::int))::date,
              pause_reminded_for = NULL, updated_at = $4
         FROM plans p
        WHERE s.customer_id = $1 AND p.code = s.plan_code AND ${canPauseWhere('$2')}
          AND NOT EXISTS (SELECT 1 FROM payment_orders o WHERE o.customer_id = s.customer_id AND o.kind = 'RENEWAL'
                             AND o.status = 'PENDING' AND o.due_on = s.next_payment_on)
       ${RETURNING}`,
      [customerId, today, months, at],
    );
    return row ?? null;
  }

  /** What `start` decided on, read after a refusal for the customer's message (it decides nothing). */
  async pauseState(customerId: number): Promise<PauseStateRow | null> {
    const [row] = await this.q.query<PauseStateRow>(
      `SELECT s.status, ${DAY('s.next_payment_on')} AS next_payment_on, s.promo_type IS NOT NULL AS promo,
              s.billing_failures > 0 AS renewal_failing, ${DAY('s.pause_from')} AS pause_from,
              ${DAY('s.pause_until')} AS pause_until, ${DAY("(s.pause_from + interval '12 months')::date")} AS next_from
         FROM subscriptions s WHERE s.customer_id = $1`,
      [customerId],
    );
    return row ?? null;
  }

  /**
   * 'Nastavi pretplatu' and the console's 'Završi pauzu': the pause not yet over ends now (END_PAUSE_SET).
   * A running one leaves the next payment day today (the renewal charges it now); one still to start
   * leaves the period paid as it was. Null when no pause of an ACTIVE subscription is under way.
   */
  async end(customerId: number, today: string, at: Date): Promise<PauseRow | null> {
    const [row] = await this.q.query<PauseRow>(
      `UPDATE subscriptions s SET ${END_PAUSE_SET('$2')}, updated_at = $3
         FROM plans p
        WHERE s.customer_id = $1 AND p.code = s.plan_code AND s.status = 'ACTIVE' AND s.pause_until > $2::date
       ${RETURNING}`,
      [customerId, today, at],
    );
    return row ?? null;
  }

  /**
   * The running pauses that end within 3 days of `today`, each taken once for its reminder: the statement
   * marks the pause reminded and answers what it took, so two passes at once remind once.
   */
  async takeReminders(
    today: string,
    at: Date,
  ): Promise<Array<{ customer_id: number; plan_name: string; until: string }>> {
    return this.q.query(
      `UPDATE subscriptions s SET pause_reminded_for = s.pause_until, updated_at = $2
         FROM plans p
        WHERE p.code = s.plan_code AND s.status = 'ACTIVE' AND s.pause_from <= $1::date AND s.pause_until > $1::date
          AND s.pause_until <= $1::date + 3 AND s.pause_reminded_for IS DISTINCT FROM s.pause_until
       RETURNING s.customer_id, p.name AS plan_name, ${DAY('s.pause_until')} AS until`,
      [today, at],
    );
  }
}
