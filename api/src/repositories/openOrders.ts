import { Repository } from './base';

/** The orders a customer pays in the browser (not a renewal, which the billing pass charges at once). */
const PLACED = `kind IN ('PURCHASE', 'UPGRADE', 'GIFT')`;

/**
 * Orders placed and not yet paid, which live ORDER_TTL_MINUTES (money/openOrders.ts): past their time
 * (placed before `cutoff`) they may no longer be paid.
 */
export class OpenOrdersRepository extends Repository {
  /** Whether the order is one placed before `cutoff`: too old to be paid. */
  async lapsed(orderNumber: string, cutoff: Date): Promise<boolean> {
    const rows = await this.q.query(
      `SELECT 1 FROM payment_orders WHERE order_number = $1 AND ${PLACED} AND created_at < $2`,
      [orderNumber, cutoff],
    );
    return rows.length > 0;
  }

  /**
   * The open orders placed before `cutoff` (of one customer when given) CANCELLED in one statement; answers
   * their processor payments, to cancel once committed.
   */
  async lapse(cutoff: Date, at: Date, customerId: number | null = null): Promise<string[]> {
    const rows = await this.q.query<{ provider_payment_id: string | null }>(
      `UPDATE payment_orders SET status = 'CANCELLED', failure_code = 'expired', updated_at = $2
        WHERE status = 'PENDING' AND ${PLACED} AND created_at < $1 AND ($3::int IS NULL OR customer_id = $3)
        RETURNING provider_payment_id`,
      [cutoff, at, customerId],
    );
    return rows.flatMap((r) => (r.provider_payment_id ? [r.provider_payment_id] : []));
  }
}
