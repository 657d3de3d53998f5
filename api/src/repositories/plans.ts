import type { Promo } from '@portal/shared/contract';
import { Repository } from './base';

interface PlanRow {
  code: string;
  name: string;
  price_fening: number;
}

interface PlanWithPromosRow extends PlanRow {
  promos: Array<{
    status: string;
    promo_type: Promo['promoType'];
    duration_until: string | null;
    duration_days: number | null;
  }> | null;
}

/** A promo of a plan as a subscription in it starts: its kind, and the day it ends when it starts today. */
interface RunningPromoRow {
  promo_type: 'DURATION_BASED' | 'TIME_UNTIL_BASED';
  duration_days: number | null;
  until: string | null;
  ends: string;
}

/** `plans`, `plan_promos` and `promo_uses`: the packages, their promos, and who used which promo. */
export class PlansRepository extends Repository {
  /** Every plan in the catalogue's order, each with its list price on `day` (migration 022's `plan_price`) and its promos. */
  async list(day: string): Promise<PlanWithPromosRow[]> {
    return this.q.query<PlanWithPromosRow>(
      `SELECT p.code, p.name, plan_price(p.code, $1::date) AS price_fening,
              (SELECT json_agg(json_build_object(
                         'status', pp.status, 'promo_type', pp.promo_type,
                         'duration_until', to_char(pp.duration_until, 'YYYY-MM-DD'), 'duration_days', pp.duration_days)
                       ORDER BY pp.id)
                 FROM plan_promos pp WHERE pp.plan_code = p.code) AS promos
         FROM plans p ORDER BY p.position`,
      [day],
    );
  }

  /** The plan with its list price on `day` (today when not given: the database's day). */
  async find(code: string, day: string): Promise<PlanRow | null> {
    const [row] = await this.q.query<PlanRow>(
      'SELECT code, name, plan_price(code, $2::date) AS price_fening FROM plans WHERE code = $1',
      [code, day],
    );
    return row ?? null;
  }

  /** The plan's first promo that a subscription can start with today, if any. */
  async promoStartingOn(planCode: string, today: string): Promise<RunningPromoRow | null> {
    const [row] = await this.q.query<RunningPromoRow>(
      `SELECT pp.promo_type, pp.duration_days, to_char(pp.duration_until, 'YYYY-MM-DD') AS until,
              to_char(CASE WHEN pp.promo_type = 'DURATION_BASED' THEN $2::date + pp.duration_days ELSE pp.duration_until END, 'YYYY-MM-DD') AS ends
         FROM plan_promos pp WHERE pp.plan_code = $1 AND pp.status = 'ACTIVE'
          AND (pp.promo_type = 'DURATION_BASED' OR pp.duration_until > $2::date)
        ORDER BY pp.id LIMIT 1`,
      [planCode, today],
    );
    return row ?? null;
  }

  /**
   * The customer uses the plan's promo with the card of `fingerprint` (null: a card with none), once per
   * customer and plan and once per card and plan: one INSERT that the primary key and the unique index
   * `promo_uses_once_per_card` decide, so concurrent uses from many accounts let exactly one in (a
   * second waits for the first's transaction, then finds its row). Answers 'used' when granted, else
   * which rule refused it.
   */
  async usePromo(
    customerId: number,
    planCode: string,
    fingerprint: string | null,
    at: Date,
    ref: string | null,
  ): Promise<'used' | 'customer' | 'card'> {
    const rows = await this.q.query(
      `INSERT INTO promo_uses (customer_id, plan_code, card_fingerprint, used_at, ref) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [customerId, planCode, fingerprint, at, ref],
    );
    if (rows.length > 0) return 'used';
    const customer = await this.q.query('SELECT 1 FROM promo_uses WHERE customer_id = $1 AND plan_code = $2', [
      customerId,
      planCode,
    ]);
    return customer.length > 0 ? 'customer' : 'card';
  }
}
