import { Repository } from './base';

/** A kind of movement of money (money/ledger.ts). */
type LedgerEntryKind = 'CHARGE' | 'REFUND' | 'CREDIT_ISSUED' | 'CREDIT_USED' | 'DISPUTE';

/** One movement of money, as written. */
interface LedgerEntry {
  orderNumber: string;
  customerId: number;
  entry: LedgerEntryKind;
  amountFening: number;
  means: 'CARD' | 'VOUCHER';
  /** What identifies the movement: the processor's payment, the refund's id, the order, the dispute. */
  reference: string;
}

/** A card payment as the ledger has it: its order and customer, what it charged and what was given back. */
export interface LedgerPaymentRow {
  payment_id: string;
  order_number: string;
  customer_id: number;
  charged: number;
  refunded: number;
}

/** A run of the books (money/reconcile.ts), as stored. */
export interface ReconciliationRow {
  id: number;
  period_from: Date;
  period_to: Date;
  ran_at: Date;
  processor: string;
  payments: number;
  differences: unknown[];
}

/** `money_ledger`: every movement of money, appended once and never changed (a trigger refuses it). */
export class LedgerRepository extends Repository {
  /** Appends a movement; the same movement again (its kind and reference) changes nothing. */
  async append(entry: LedgerEntry, at: Date): Promise<void> {
    await this.q.query(
      `INSERT INTO money_ledger (order_number, customer_id, entry, amount_fening, means, reference, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (entry, reference) DO NOTHING`,
      [entry.orderNumber, entry.customerId, entry.entry, entry.amountFening, entry.means, entry.reference, at],
    );
  }

  /**
   * The card payments the ledger charged in [from, to), or those of `ids` whenever charged: each with its
   * order, customer, the amount charged and what its order's refunds gave back.
   */
  async payments(range: { from: Date; to: Date } | { ids: readonly string[] }): Promise<LedgerPaymentRow[]> {
    const where = 'ids' in range ? 'c.reference = ANY($1::text[])' : 'c.created_at >= $1 AND c.created_at < $2';
    return this.q.query<LedgerPaymentRow>(
      `SELECT c.reference AS payment_id, c.order_number, c.customer_id, c.amount_fening AS charged,
              COALESCE((SELECT sum(r.amount_fening) FROM money_ledger r
                         WHERE r.order_number = c.order_number AND r.entry = 'REFUND' AND r.means = 'CARD'), 0)::int AS refunded
         FROM money_ledger c WHERE c.entry = 'CHARGE' AND ${where} ORDER BY c.id`,
      'ids' in range ? [range.ids] : [range.from, range.to],
    );
  }

  /** A run of the books, kept for the console and the metric. */
  async saveRun(run: Omit<ReconciliationRow, 'id'>): Promise<ReconciliationRow> {
    const [row] = await this.q.query<ReconciliationRow>(
      `INSERT INTO reconciliations (period_from, period_to, ran_at, processor, payments, differences)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING *`,
      [run.period_from, run.period_to, run.ran_at, run.processor, run.payments, JSON.stringify(run.differences)],
    );
    return row!;
  }

  /** The last run of the books, if any. */
  async lastRun(): Promise<ReconciliationRow | null> {
    const [row] = await this.q.query<ReconciliationRow>('SELECT * FROM reconciliations ORDER BY id DESC LIMIT 1');
    return row ?? null;
  }

  /** The customer's movements, oldest first. */
  async ofCustomer(customerId: number): Promise<Array<LedgerEntry & { at: Date }>> {
    return this.q.query<LedgerEntry & { at: Date }>(
      `SELECT order_number AS "orderNumber", customer_id AS "customerId", entry, amount_fening AS "amountFening", means, reference, created_at AS at
         FROM money_ledger WHERE customer_id = $1 ORDER BY id`,
      [customerId],
    );
  }
}
