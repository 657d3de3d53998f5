import { Repository } from './base';

export interface PriceRow {
  id: number;
  plan_code: string;
  price_fening: number;
  applies_from: string;
  staff_name: string;
  reason: string;
  created_at: Date;
}

export interface PromoRow {
  id: number;
  plan_code: string;
  status: string;
  promo_type: 'DURATION_BASED' | 'TIME_UNTIL_BASED';
  duration_until: string | null;
  duration_days: number | null;
  started_at: Date | null;
  started_by: string | null;
  ended_at: Date | null;
  ended_by: string | null;
  reason: string | null;
}

/** A subscriber whose package's newest price is above what they pay, not yet told of it. */
interface RiseToTellRow {
  customer_id: number;
  plan_code: string;
  plan_name: string;
  next_payment_on: string;
  price_id: number;
  price_fening: number;
  change_from: string;
}

interface NoticeRow {
  plan_code: string;
  price_fening: number;
  applies_from: string;
}

/**
 * `plan_price(code, day)` (migration 022) written into the query that needs it: PostgreSQL cannot
 * inline a SQL function whose body has subqueries, and each call runs its own executor. On account
 * info, the busiest signed-in read, the two calls halved the query's rate (pgbench, 8.4k → 17.3k/s).
 * The same rule: the price that applies from the latest `applies_from` on or before `day`, else the
 * package's own price (a test holds the two equal).
 */
export const planPriceSql = (code: string, day: string) => `COALESCE(
  (SELECT pp.price_fening FROM plan_prices pp WHERE pp.plan_code = ${code} AND pp.applies_from <= ${day}
    ORDER BY pp.applies_from DESC, pp.id DESC LIMIT 1),
  (SELECT pl.price_fening FROM plans pl WHERE pl.code = ${code}))`;

/**
 * What a subscriber pays for their package now: the price agreed and stored on the subscription
 * (migration 034). For a subscription a release before it activated, what was derived before: the last
 * full month they paid for it (a purchase or a renewal, not an upgrade's difference), else the list
 * price on the day their period started (a free promo period). `s` is their subscription.
 */
export const PAID_NOW = `COALESCE(s.agreed_price_fening,
  (SELECT o.amount_fening FROM payment_orders o
    WHERE o.customer_id = s.customer_id AND o.plan_code = s.plan_code AND o.kind IN ('PURCHASE', 'RENEWAL')
      AND o.status IN ('PAID', 'REFUNDED')
    ORDER BY o.updated_at DESC, o.order_number DESC LIMIT 1),
  ${planPriceSql('s.plan_code', 's.period_start')})`;

/**
 * What a subscriber will pay for the package `code` of the downgrade waiting for their renewal: the
 * price the change was agreed at (migration 034), else that package's list price on the renewal day.
 */
export const WAITING_PRICE = (code: string) =>
  `COALESCE(s.pending_price_fening, ${planPriceSql(code, 's.next_payment_on')})`;

/** What the renewal of subscription `s` charges for package `p` before any rise: the price agreed for it. */
const AGREED_FOR = `CASE WHEN p.code <> s.plan_code THEN ${WAITING_PRICE('p.code')} ELSE ${PAID_NOW} END`;

const DAY = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/**
 * `plan_prices`, the promos' campaign columns and `price_notices` (docs/prices-and-promos.md): the
 * list price on a day is `plan_price(code, day)` (migration 022), which every price read goes through.
 */
export class PricesRepository extends Repository {
  /**
   * The package's list price on `day`, its row locked against a price change until the transaction
   * ends (a change takes it FOR UPDATE); null for no such package. Two statements: the read after the
   * lock has a snapshot of its own, so it sees a change that committed while the lock waited.
   */
  async priceForOrder(planCode: string, day: string): Promise<{ name: string; price_fening: number } | null> {
    if ((await this.q.query('SELECT 1 FROM plans WHERE code = $1 FOR SHARE', [planCode])).length === 0) return null;
    const [row] = await this.q.query<{ name: string; price_fening: number }>(
      `SELECT name, plan_price(code, $2::date) AS price_fening FROM plans WHERE code = $1`,
      [planCode, day],
    );
    return row ?? null;
  }

  /** The package's row locked against a change of its promos (which takes it FOR UPDATE) while a promo starts. */
  async sharePlan(planCode: string): Promise<boolean> {
    return (await this.q.query('SELECT 1 FROM plans WHERE code = $1 FOR SHARE', [planCode])).length > 0;
  }

  /** The package a promo campaign is of, if there is such a campaign. */
  async promoPlan(id: number): Promise<string | null> {
    const [row] = await this.q.query<{ plan_code: string }>('SELECT plan_code FROM plan_promos WHERE id = $1', [id]);
    return row?.plan_code ?? null;
  }

  /** The package's row locked for a change of its price or promos; false for no such package. */
  async lockPlan(planCode: string): Promise<boolean> {
    return (await this.q.query('SELECT 1 FROM plans WHERE code = $1 FOR UPDATE', [planCode])).length > 0;
  }

  /** Every package with its list price on `day`, in the catalogue's order. */
  async current(day: string): Promise<Array<{ code: string; name: string; price_fening: number }>> {
    return this.q.query(`SELECT code, name, plan_price(code, $1::date) AS price_fening FROM plans ORDER BY position`, [
      day,
    ]);
  }

  /** Every price row, newest first (scheduled ones included). */
  async history(): Promise<PriceRow[]> {
    return this.q.query<PriceRow>(
      `SELECT id, plan_code, price_fening, ${DAY('applies_from')} AS applies_from, staff_name, reason, created_at
         FROM plan_prices ORDER BY applies_from DESC, id DESC LIMIT 500`,
    );
  }

  async promos(): Promise<PromoRow[]> {
    return this.q.query<PromoRow>(
      `SELECT id, plan_code, status, promo_type, ${DAY('duration_until')} AS duration_until, duration_days,
              started_at, started_by, ended_at, ended_by, reason
         FROM plan_promos ORDER BY id DESC LIMIT 200`,
    );
  }

  /** A new price from a day on; its id. */
  async schedule(
    change: {
      planCode: string;
      priceFening: number;
      appliesFrom: string;
      staffId: number;
      staffName: string;
      reason: string;
    },
    at: Date,
  ): Promise<number> {
    const [row] = await this.q.query<{ id: number }>(
      `INSERT INTO plan_prices (plan_code, price_fening, applies_from, staff_id, staff_name, reason, created_at)
       VALUES ($1, $2, $3::date, $4, $5, $6, $7) RETURNING id`,
      [change.planCode, change.priceFening, change.appliesFrom, change.staffId, change.staffName, change.reason, at],
    );
    return row!.id;
  }

  /** A price change not yet in force withdrawn; false when there is none (or it applies already). */
  async withdraw(id: number, today: string): Promise<PriceRow | null> {
    const [row] = await this.q.query<PriceRow>(
      `DELETE FROM plan_prices WHERE id = $1 AND applies_from > $2::date
       RETURNING id, plan_code, price_fening, ${DAY('applies_from')} AS applies_from, staff_name, reason, created_at`,
      [id, today],
    );
    return row ?? null;
  }

  /** Ends the package's running promos (one campaign at a time); the ids ended. */
  async endPromos(planCode: string, by: string, at: Date): Promise<number[]> {
    const rows = await this.q.query<{ id: number }>(
      `UPDATE plan_promos SET status = 'ENDED', ended_at = $2, ended_by = $3 WHERE plan_code = $1 AND status = 'ACTIVE' RETURNING id`,
      [planCode, at, by],
    );
    return rows.map((row) => row.id);
  }

  async endPromo(id: number, by: string, at: Date): Promise<PromoRow | null> {
    const [row] = await this.q.query<PromoRow>(
      `UPDATE plan_promos SET status = 'ENDED', ended_at = $2, ended_by = $3 WHERE id = $1 AND status = 'ACTIVE'
       RETURNING id, plan_code, status, promo_type, ${DAY('duration_until')} AS duration_until, duration_days,
                 started_at, started_by, ended_at, ended_by, reason`,
      [id, at, by],
    );
    return row ?? null;
  }

  async startPromo(
    promo: { planCode: string; until: string | null; days: number | null; by: string; reason: string },
    at: Date,
  ): Promise<number> {
    const [row] = await this.q.query<{ id: number }>(
      `INSERT INTO plan_promos (plan_code, status, promo_type, duration_until, duration_days, started_at, started_by, reason)
       VALUES ($1, 'ACTIVE', $2, $3::date, $4, $5, $6, $7) RETURNING id`,
      [
        promo.planCode,
        promo.until ? 'TIME_UNTIL_BASED' : 'DURATION_BASED',
        promo.until,
        promo.days,
        at,
        promo.by,
        promo.reason,
      ],
    );
    return row!.id;
  }

  /**
   * ACTIVE subscribers whose next package (theirs, or the one a downgrade waits to start) has a newest
   * price (scheduled or in force) above the price they agreed for it, and who were not told of it yet.
   */
  async risesToTell(): Promise<RiseToTellRow[]> {
    return this.q.query<RiseToTellRow>(
      `SELECT s.customer_id, p.code AS plan_code, p.name AS plan_name, ${DAY('s.next_payment_on')} AS next_payment_on,
              c.id AS price_id, c.price_fening, ${DAY('c.applies_from')} AS change_from
         FROM subscriptions s JOIN plans p ON p.code = COALESCE(s.pending_plan_code, s.plan_code)
         JOIN LATERAL (SELECT id, price_fening, applies_from FROM plan_prices
                        WHERE plan_code = p.code ORDER BY applies_from DESC, id DESC LIMIT 1) c ON true
        WHERE s.status = 'ACTIVE' AND c.price_fening > ${AGREED_FOR}
          AND NOT EXISTS (SELECT 1 FROM price_notices n WHERE n.customer_id = s.customer_id AND n.price_id = c.id)
        ORDER BY s.customer_id`,
    );
  }

  /** The subscriber told of a rise, once (the primary key decides); false when they had been. */
  async recordNotice(notice: {
    customerId: number;
    priceId: number;
    planCode: string;
    priceFening: number;
    toldOn: string;
    appliesFrom: string;
  }): Promise<boolean> {
    const rows = await this.q.query(
      `INSERT INTO price_notices (customer_id, price_id, plan_code, price_fening, told_on, applies_from)
       VALUES ($1, $2, $3, $4, $5::date, $6::date) ON CONFLICT DO NOTHING RETURNING 1`,
      [notice.customerId, notice.priceId, notice.planCode, notice.priceFening, notice.toldOn, notice.appliesFrom],
    );
    return rows.length > 0;
  }

  /** The rise the subscriber was told of that is still to come on their package, if any. */
  async comingNotice(customerId: number, today: string): Promise<NoticeRow | null> {
    const [row] = await this.q.query<NoticeRow>(
      `SELECT n.plan_code, n.price_fening, ${DAY('n.applies_from')} AS applies_from
         FROM price_notices n
         JOIN subscriptions s ON s.customer_id = n.customer_id AND COALESCE(s.pending_plan_code, s.plan_code) = n.plan_code
        WHERE n.customer_id = $1 AND n.applies_from > $2::date AND s.status IN ('ACTIVE', 'DEACTIVATED')
        ORDER BY n.applies_from DESC, n.price_id DESC LIMIT 1`,
      [customerId, today],
    );
    return row ?? null;
  }

  /**
   * The package the renewal of the period due `due` charges and its price for this subscriber, under
   * the customer's lock; null when no longer ACTIVE for it: the package's list price on the due day
   * when it is no more than the price agreed for it (a cut applies at once; for a downgrade waiting for
   * this renewal, the price its quote showed); a rise only once the renewal is on or after the day they
   * were told it applies from, and never above the list price.
   */
  async renewalPlan(
    customerId: number,
    due: string,
  ): Promise<{ code: string; name: string; price_fening: number } | null> {
    const [plan] = await this.q.query<{ code: string; name: string; price_fening: number }>(
      `SELECT p.code, p.name,
              CASE WHEN plan_price(p.code, $2::date) <= a.agreed THEN plan_price(p.code, $2::date)
                   ELSE COALESCE(
                          (SELECT LEAST(n.price_fening, plan_price(p.code, $2::date)) FROM price_notices n
                            WHERE n.customer_id = s.customer_id AND n.plan_code = p.code AND n.applies_from <= $2::date
                              AND n.price_fening > a.agreed
                            ORDER BY n.applies_from DESC, n.price_id DESC LIMIT 1),
                          a.agreed)
              END AS price_fening
         FROM subscriptions s JOIN plans p ON p.code = COALESCE(s.pending_plan_code, s.plan_code),
              LATERAL (SELECT ${AGREED_FOR} AS agreed) a
        WHERE s.customer_id = $1 AND s.status = 'ACTIVE' AND s.next_payment_on = $2::date`,
      [customerId, due],
    );
    return plan ?? null;
  }
}
