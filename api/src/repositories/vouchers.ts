import { Repository } from './base';
import { CARD_TYPE, NEW_ORDER_NUMBER, orderYear } from './orderColumns';

export interface BatchRow {
  id: number;
  plan_code: string;
  plan_name: string;
  months: number;
  count: number;
  redeemed: number;
  valid_until: string;
  label: string;
  issued_at: Date;
  issued_by: string;
  cancelled_at: Date | null;
  cancelled_by: string | null;
}

/** A month of credit taken: its voucher's last four, and the GIFT order that sold that voucher, if a gift. */
interface TakenMonth {
  lastFour: string;
  giftOrder: string | null;
}
/** A code found by its digest or its last four characters, with its batch. */
export interface VoucherRow {
  id: number;
  batch_id: number;
  last_four: string;
  redeemed_at: Date | null;
  customer_id: number | null;
  months_left: number | null;
  plan_code: string;
  plan_name: string;
  months: number;
  valid_until: string;
  cancelled_at: Date | null;
}

/** A redeemed voucher of a customer's, as the payment data lists it. */
export interface MbonRow {
  last_four: string;
  plan_code: string;
  plan_name: string;
  months: number;
  redeemed_at: Date;
  months_left: number;
}

const BATCH_COLUMNS = `b.id, b.plan_code, p.name AS plan_name, b.months, b.count,
  (SELECT count(*)::int FROM vouchers r WHERE r.batch_id = b.id AND r.redeemed_at IS NOT NULL) AS redeemed,
  to_char(b.valid_until, 'YYYY-MM-DD') AS valid_until, b.label, b.issued_at, b.issued_by, b.cancelled_at, b.cancelled_by`;

const VOUCHER_COLUMNS = `v.id, v.batch_id, v.last_four, v.redeemed_at, v.customer_id, v.months_left,
  b.plan_code, p.name AS plan_name, b.months, to_char(b.valid_until, 'YYYY-MM-DD') AS valid_until, b.cancelled_at`;

/** `voucher_batches` and `vouchers`: batches issued, codes by their digests, and the credit they left. */
/** A gift order (payment_orders of kind GIFT) with what it buys (voucher_gifts). */
interface GiftRow {
  order_number: string;
  customer_id: number;
  plan_code: string;
  plan_name: string;
  amount_fening: number;
  card_code: string | null;
  card_number: string;
  status: string;
  months: number;
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  message: string;
  voucher_id: number | null;
  /** The buyer's first name, which the gift's message names as the giver. */
  buyer_first_name: string;
}

export class VouchersRepository extends Repository {
  async createBatch(
    batch: { planCode: string; months: number; count: number; validUntil: string; label: string },
    issuedBy: { name: string; staffId: number | null },
    at: Date,
  ): Promise<number> {
    const [row] = await this.q.query<{ id: number }>(
      `INSERT INTO voucher_batches (plan_code, months, count, valid_until, label, issued_at, issued_by, issued_by_staff)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [batch.planCode, batch.months, batch.count, batch.validUntil, batch.label, at, issuedBy.name, issuedBy.staffId],
    );
    return row!.id;
  }

  /** Adds codes to a batch by digest; answers the digests added (one already stored is skipped). */
  async addCodes(batchId: number, codes: ReadonlyArray<{ digest: string; lastFour: string }>): Promise<Set<string>> {
    const rows = await this.q.query<{ digest: string }>(
      `INSERT INTO vouchers (batch_id, digest, last_four)
       SELECT $1, d, l FROM unnest($2::text[], $3::text[]) AS t (d, l)
       ON CONFLICT (digest) DO NOTHING RETURNING digest`,
      [batchId, codes.map((c) => c.digest), codes.map((c) => c.lastFour)],
    );
    return new Set(rows.map((r) => r.digest));
  }

  async batches(): Promise<BatchRow[]> {
    return this.q.query<BatchRow>(
      `SELECT ${BATCH_COLUMNS} FROM voucher_batches b JOIN plans p ON p.code = b.plan_code ORDER BY b.id DESC`,
    );
  }

  async batch(id: number): Promise<BatchRow | null> {
    const [row] = await this.q.query<BatchRow>(
      `SELECT ${BATCH_COLUMNS} FROM voucher_batches b JOIN plans p ON p.code = b.plan_code WHERE b.id = $1`,
      [id],
    );
    return row ?? null;
  }

  /** Cancels a batch not cancelled yet, in the statement that checks it; false when there is none such. */
  async cancel(id: number, by: string, at: Date): Promise<boolean> {
    const rows = await this.q.query(
      'UPDATE voucher_batches SET cancelled_at = $2, cancelled_by = $3 WHERE id = $1 AND cancelled_at IS NULL RETURNING id',
      [id, at, by],
    );
    return rows.length > 0;
  }

  /** The code whose digest is one of `digests` (its HMAC under each key of the ring), or null. */
  async byDigest(digests: readonly string[]): Promise<VoucherRow | null> {
    const [row] = await this.q.query<VoucherRow>(
      `SELECT ${VOUCHER_COLUMNS} FROM vouchers v JOIN voucher_batches b ON b.id = v.batch_id JOIN plans p ON p.code = b.plan_code
        WHERE v.digest = ANY($1::text[])`,
      [digests],
    );
    return row ?? null;
  }

  async byLastFour(lastFour: string): Promise<VoucherRow[]> {
    return this.q.query<VoucherRow>(
      `SELECT ${VOUCHER_COLUMNS} FROM vouchers v JOIN voucher_batches b ON b.id = v.batch_id JOIN plans p ON p.code = b.plan_code
        WHERE v.last_four = $1 ORDER BY v.id DESC LIMIT 50`,
      [lastFour],
    );
  }

  /**
   * Redeems the code for the customer in one statement that checks it: not redeemed or voided yet, its
   * batch not cancelled and still valid on `today`. Of any number of requests at once (and a gift's
   * refund voiding it: voidGift), one gets the row.
   */
  async redeem(id: number, customerId: number, today: string, at: Date): Promise<boolean> {
    const rows = await this.q.query(
      `UPDATE vouchers v SET redeemed_at = $4, customer_id = $2, months_left = b.months
         FROM voucher_batches b
        WHERE v.id = $1 AND b.id = v.batch_id AND v.redeemed_at IS NULL AND v.voided_at IS NULL
          AND b.cancelled_at IS NULL AND b.valid_until >= $3::date
        RETURNING v.id`,
      [id, customerId, today, at],
    );
    return rows.length > 0;
  }

  /** The customer's redeemed vouchers, newest first. */
  async ofCustomer(customerId: number): Promise<MbonRow[]> {
    return this.q.query<MbonRow>(
      `SELECT v.last_four, b.plan_code, p.name AS plan_name, b.months, v.redeemed_at, v.months_left
         FROM vouchers v JOIN voucher_batches b ON b.id = v.batch_id JOIN plans p ON p.code = b.plan_code
        WHERE v.customer_id = $1 ORDER BY v.redeemed_at DESC, v.id DESC`,
      [customerId],
    );
  }

  /**
   * Takes one month of the customer's credit for a package, from the oldest voucher that has some, in
   * one statement (the row's lock decides between two takers); answers that voucher's last four and, for a
   * gift's voucher, the GIFT order that sold it, or null when no credit is left.
   */
  async takeMonth(customerId: number, planCode: string): Promise<TakenMonth | null> {
    const [row] = await this.q.query<{ last_four: string; gift_order: string | null }>(
      `UPDATE vouchers SET months_left = months_left - 1
        WHERE id = (SELECT v.id FROM vouchers v JOIN voucher_batches b ON b.id = v.batch_id
                     WHERE v.customer_id = $1 AND b.plan_code = $2 AND v.months_left > 0
                     ORDER BY v.redeemed_at, v.id LIMIT 1 FOR UPDATE OF v)
          AND months_left > 0
        RETURNING last_four, (SELECT g.order_number FROM voucher_gifts g WHERE g.voucher_id = vouchers.id) AS gift_order`,
      [customerId, planCode],
    );
    return row ? { lastFour: row.last_four, giftOrder: row.gift_order } : null;
  }

  /** A GIFT order (docs/vouchers.md, A gift) and what it buys, in the caller's transaction; answers its number. */
  async createGift(
    gift: {
      customerId: number;
      plan: string;
      months: number;
      cardCode: string;
      cardNumber: string;
      amountFening: number;
      key: string;
      channel: 'EMAIL' | 'SMS';
      recipient: string;
      message: string;
    },
    at: Date,
  ): Promise<string> {
    const [created] = await this.q.query<{ order_number: string }>(
      `INSERT INTO payment_orders (order_number, customer_id, plan_code, card_code, card_number, amount_fening, status, idempotency_key, kind, created_at, updated_at, card_type)
       VALUES (${NEW_ORDER_NUMBER('$1')}, $2, $3, $4, $5, $6, 'PENDING', $7, 'GIFT', $8, $8, ${CARD_TYPE('$4')})
       RETURNING order_number`,
      [orderYear(at), gift.customerId, gift.plan, gift.cardCode, gift.cardNumber, gift.amountFening, gift.key, at],
    );
    await this.q.query(
      'INSERT INTO voucher_gifts (order_number, months, channel, recipient, message) VALUES ($1, $2, $3, $4, $5)',
      [created!.order_number, gift.months, gift.channel, gift.recipient, gift.message],
    );
    return created!.order_number;
  }

  /** A gift order's facts, whatever its status. */
  async gift(orderNumber: string): Promise<GiftRow | null> {
    const [row] = await this.q.query<GiftRow>(
      `SELECT o.order_number, o.customer_id, o.plan_code, p.name AS plan_name, o.amount_fening, o.card_code, o.card_number, o.status,
              g.months, g.channel, g.recipient, g.message, g.voucher_id, c.first_name AS buyer_first_name
         FROM voucher_gifts g JOIN payment_orders o ON o.order_number = g.order_number JOIN plans p ON p.code = o.plan_code
         JOIN customers c ON c.id = o.customer_id
        WHERE g.order_number = $1`,
      [orderNumber],
    );
    return row ?? null;
  }

  /**
   * Marks a pending gift order PAID in one conditional statement; false when it was not pending (a
   * repeated payment event), so its voucher is made once.
   */
  async payGift(orderNumber: string, at: Date): Promise<boolean> {
    const rows = await this.q.query(
      `UPDATE payment_orders SET status = 'PAID', updated_at = $2 WHERE order_number = $1 AND kind = 'GIFT' AND status = 'PENDING' RETURNING 1`,
      [orderNumber, at],
    );
    return rows.length > 0;
  }

  /** The voucher a paid gift made. */
  async giftVoucher(orderNumber: string, digest: string): Promise<void> {
    await this.q.query(
      'UPDATE voucher_gifts SET voucher_id = (SELECT id FROM vouchers WHERE digest = $2) WHERE order_number = $1',
      [orderNumber, digest],
    );
  }

  /**
   * A paid gift refunded: its code voided on its own row (the row a redemption takes, so of the two at
   * once one wins) and its batch of one cancelled, unless the code was redeemed. 'voided' (now or by an
   * earlier refund), 'redeemed', or null when the order made no code.
   */
  async voidGift(orderNumber: string, by: string, at: Date): Promise<'voided' | 'redeemed' | null> {
    const [voided] = await this.q.query<{ n: number }>(
      `WITH voided AS (
         UPDATE vouchers v SET voided_at = COALESCE(v.voided_at, $2) FROM voucher_gifts g
          WHERE g.order_number = $1 AND v.id = g.voucher_id AND v.redeemed_at IS NULL
          RETURNING v.batch_id
       ), cancelled AS (
         UPDATE voucher_batches b SET cancelled_at = $2, cancelled_by = $3 FROM voided
          WHERE b.id = voided.batch_id AND b.cancelled_at IS NULL RETURNING b.id
       )
       SELECT count(*)::int AS n FROM voided`,
      [orderNumber, at, by],
    );
    if (voided!.n > 0) return 'voided';
    // Redeemed before this refund could void it: the redemption's commit is seen by this new statement.
    const [made] = await this.q.query<{ id: number }>(
      'SELECT v.id FROM voucher_gifts g JOIN vouchers v ON v.id = g.voucher_id WHERE g.order_number = $1',
      [orderNumber],
    );
    return made ? 'redeemed' : null;
  }
}
