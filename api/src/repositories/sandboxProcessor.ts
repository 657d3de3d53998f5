import type { ProcessorPayment } from '../money/processor/gateway';
import type { Behaviour } from '../money/processor/sandbox/test-cards';
import { Repository } from './base';

export type IntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'succeeded' | 'failed';

export interface IntentRow {
  id: string;
  kind: 'setup' | 'payment';
  status: IntentStatus;
  amount_fening: number | null;
  payment_method: string | null;
  failure_code: string | null;
}

export interface MethodRow {
  id: string;
  behaviour: Behaviour;
  brand: 'visa' | 'master' | 'maestro';
  last4: string;
  exp_month: number;
  exp_year: number;
  /** The card number's keyed hash (processor.ts, fingerprintOf); null for methods saved before it was kept. */
  fingerprint: string | null;
}

/** The sandbox card processor's own tables: its intents (setups and payments) and payment methods. */
export class SandboxProcessorRepository extends Repository {
  /** The succeeded payments made in [from, to), or the one of `id`, as a processor's books have them. */
  async payments(range: { from: Date; to: Date } | { id: string }): Promise<ProcessorPayment[]> {
    // Given back: refunded (in full, or in parts), and a dispute the bank decided for the card holder.
    const refunded = `CASE WHEN refunded_at IS NULL THEN 0 WHEN refunded_fening = 0 THEN amount_fening ELSE refunded_fening END
      + CASE WHEN dispute_status = 'lost' THEN amount_fening ELSE 0 END`;
    const where = 'id' in range ? 'id = $1' : 'created_at >= $1 AND created_at < $2';
    return this.q.query<ProcessorPayment>(
      `SELECT id AS "paymentId", amount_fening AS "amountFening", ${refunded} AS "refundedFening"
         FROM sandbox_intents WHERE kind = 'payment' AND status = 'succeeded' AND ${where} ORDER BY created_at, id`,
      'id' in range ? [range.id] : [range.from, range.to],
    );
  }

  async intent(id: string): Promise<IntentRow | null> {
    const [row] = await this.q.query<IntentRow>('SELECT * FROM sandbox_intents WHERE id = $1', [id]);
    return row ?? null;
  }

  async method(id: string): Promise<MethodRow | null> {
    const [row] = await this.q.query<MethodRow>('SELECT * FROM sandbox_payment_methods WHERE id = $1', [id]);
    return row ?? null;
  }

  /** An intent per idempotency key: the same request again gets the same intent. Answers its id. */
  async createIntent(
    intent: {
      id: string;
      kind: 'setup' | 'payment';
      status: IntentStatus;
      amountFening: number | null;
      paymentMethod: string | null;
      key: string;
    },
    at: Date,
  ): Promise<string> {
    await this.q.query(
      `INSERT INTO sandbox_intents (id, kind, status, amount_fening, payment_method, idempotency_key, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (idempotency_key) DO NOTHING`,
      [intent.id, intent.kind, intent.status, intent.amountFening, intent.paymentMethod, intent.key, at],
    );
    const [row] = await this.q.query<{ id: string }>('SELECT id FROM sandbox_intents WHERE idempotency_key = $1', [
      intent.key,
    ]);
    return row!.id;
  }

  /** A payment still waiting is cancelled; false when it was not waiting. */
  async cancelPayment(id: string, at: Date): Promise<boolean> {
    const rows = await this.q.query(
      `UPDATE sandbox_intents SET status = 'failed', failure_code = 'canceled', updated_at = $2
        WHERE id = $1 AND kind = 'payment' AND status IN ('requires_confirmation', 'requires_action') RETURNING status`,
      [id, at],
    );
    return rows.length > 0;
  }

  async refund(id: string, at: Date): Promise<void> {
    await this.q.query(
      `UPDATE sandbox_intents SET refunded_at = $2, updated_at = $2 WHERE id = $1 AND status = 'succeeded' AND refunded_at IS NULL`,
      [id, at],
    );
  }

  /**
   * Gives back part of a succeeded payment, once per key: true when done now or before with this key,
   * false when it would give back more than was paid.
   */
  async refundPart(id: string, amountFening: number, key: string, at: Date): Promise<boolean> {
    const rows = await this.q.query<{ done: boolean }>(
      `WITH done AS (
         UPDATE sandbox_intents SET refunded_fening = refunded_fening + $2, refund_keys = array_append(refund_keys, $3),
           refunded_at = COALESCE(refunded_at, $4), updated_at = $4
         WHERE id = $1 AND kind = 'payment' AND status = 'succeeded' AND NOT ($3 = ANY (refund_keys))
           AND refunded_fening + $2 <= amount_fening AND (refunded_at IS NULL OR refunded_fening > 0)
         RETURNING 1
       )
       SELECT EXISTS (SELECT 1 FROM done) OR EXISTS (SELECT 1 FROM sandbox_intents WHERE id = $1 AND $3 = ANY (refund_keys)) AS done`,
      [id, amountFening, key, at],
    );
    return rows[0]?.done ?? false;
  }

  /**
   * A bank's dispute of a succeeded payment (one per payment, for its whole amount): opened, then won or
   * lost. Answers the payment's amount, or null when there is no such payment or the dispute is decided.
   */
  async dispute(id: string, disputeId: string, status: 'open' | 'won' | 'lost', at: Date): Promise<number | null> {
    const [row] = await this.q.query<{ amount_fening: number }>(
      `UPDATE sandbox_intents SET dispute_id = COALESCE(dispute_id, $2), dispute_status = $3, updated_at = $4
        WHERE id = $1 AND kind = 'payment' AND status = 'succeeded' AND (dispute_status IS NULL OR dispute_status = 'open')
        RETURNING amount_fening`,
      [id, disputeId, status, at],
    );
    return row?.amount_fening ?? null;
  }

  /** The dispute of a payment, if one was opened. */
  async disputeOf(id: string): Promise<string | null> {
    const [row] = await this.q.query<{ dispute_id: string | null }>(
      'SELECT dispute_id FROM sandbox_intents WHERE id = $1',
      [id],
    );
    return row?.dispute_id ?? null;
  }

  /** The method stays for the records, but its card can no longer be charged. */
  async detach(methodId: string): Promise<void> {
    await this.q.query(`UPDATE sandbox_payment_methods SET behaviour = 'detached' WHERE id = $1`, [methodId]);
  }

  async addMethod(method: MethodRow, at: Date): Promise<void> {
    await this.q.query(
      `INSERT INTO sandbox_payment_methods (id, behaviour, brand, last4, exp_month, exp_year, fingerprint, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        method.id,
        method.behaviour,
        method.brand,
        method.last4,
        method.exp_month,
        method.exp_year,
        method.fingerprint,
        at,
      ],
    );
  }

  async setMethod(intentId: string, methodId: string, at: Date): Promise<void> {
    await this.q.query(`UPDATE sandbox_intents SET payment_method = $2, updated_at = $3 WHERE id = $1`, [
      intentId,
      methodId,
      at,
    ]);
  }

  async requireAction(id: string, from: readonly IntentStatus[], at: Date): Promise<void> {
    await this.q.query(
      `UPDATE sandbox_intents SET status = 'requires_action', updated_at = $3 WHERE id = $1 AND status = ANY($2)`,
      [id, from, at],
    );
  }

  /** Moves an intent from one of `from` to its outcome, once; null when it was not in one of them. */
  async finish(id: string, from: readonly IntentStatus[], failure: string | null, at: Date): Promise<IntentRow | null> {
    const [row] = await this.q.query<IntentRow>(
      `UPDATE sandbox_intents SET status = $3, failure_code = $4, updated_at = $5 WHERE id = $1 AND status = ANY($2) RETURNING *`,
      [id, from, failure ? 'failed' : 'succeeded', failure, at],
    );
    return row ?? null;
  }
}
