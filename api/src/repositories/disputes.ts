import { Repository } from './base';

/** A bank's dispute of a payment, as support sees it. */
interface DisputeRow {
  id: string;
  order_number: string;
  customer_id: number;
  amount_fening: number;
  status: 'OPEN' | 'WON' | 'LOST';
}

/** `disputes`: banks' disputes (chargebacks) of the customers' payments (money/processorEvents.ts). */
export class DisputesRepository extends Repository {
  /**
   * A dispute opened or decided, as the processor tells it: written once and moved on only from OPEN, so
   * an event told again, or late, changes nothing. Answers the dispute when this call changed it.
   */
  async record(dispute: DisputeRow, at: Date): Promise<DisputeRow | null> {
    const [row] = await this.q.query<DisputeRow>(
      `INSERT INTO disputes (id, order_number, customer_id, amount_fening, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6)
       ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at
        WHERE disputes.status = 'OPEN' AND EXCLUDED.status <> 'OPEN'
       RETURNING id, order_number, customer_id, amount_fening, status`,
      [dispute.id, dispute.order_number, dispute.customer_id, dispute.amount_fening, dispute.status, at],
    );
    return row ?? null;
  }

  /** The customer's disputes, by order. */
  async ofCustomer(customerId: number): Promise<DisputeRow[]> {
    return this.q.query<DisputeRow>(
      'SELECT id, order_number, customer_id, amount_fening, status FROM disputes WHERE customer_id = $1 ORDER BY created_at',
      [customerId],
    );
  }
}
