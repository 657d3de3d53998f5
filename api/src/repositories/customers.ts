import { usernameOf, type Script } from '@portal/shared/contract';
import { Repository } from './base';

export interface CustomerRow {
  id: number;
  customer_number: string | null;
  email: string | null;
  phone_number: string | null;
  first_name: string;
  last_name: string;
  password_hash: string;
  pin_sealed: string;
  last_login_at: Date | null;
  /** Blocked by the operator's staff: no sign-in until unblocked. */
  blocked_at: Date | null;
}

/** A customer as the support console lists them. */
export interface CustomerSummaryRow {
  id: number;
  customer_number: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_number: string | null;
  status: string | null;
  plan_name: string | null;
  next_payment_on: string | null;
  blocked_at: Date | null;
  /** The subscription's last pause (decision 055): its first day without service and the day it ends. */
  pause_from: string | null;
  pause_until: string | null;
  /** The plans whose promo the customer has used (a promo is once per customer and plan): one customer's view only. */
  used_promos?: string[];
}

/**
 * Lower case without the accents of Bosnian letters, in SQL and in code alike: `Kovačević` is `kovacevic`.
 * In SQL, the column migration 032 generates from the first and last name.
 */
const PLAIN_NAME = 'c.plain_name';
const plainLetters = (text: string) =>
  text.toLowerCase().replace(/[čćžšđ]/g, (letter) => ({ č: 'c', ć: 'c', ž: 'z', š: 's', đ: 'd' })[letter]!);

const SUMMARY_COLUMNS = `c.id, c.customer_number, c.first_name, c.last_name, c.email, c.phone_number, s.status,
  p.name AS plan_name, to_char(s.next_payment_on, 'YYYY-MM-DD') AS next_payment_on, c.blocked_at,
  to_char(s.pause_from, 'YYYY-MM-DD') AS pause_from, to_char(s.pause_until, 'YYYY-MM-DD') AS pause_until`;
const SUMMARY_FROM = `customers c LEFT JOIN subscriptions s ON s.customer_id = c.id LEFT JOIN plans p ON p.code = s.plan_code`;

/** A customer's summary read under their row lock, with the status a block keeps to give back. */
export type LockedSummaryRow = CustomerSummaryRow & { blocked_status: string | null };

/** The `customers` table: who they are, their password, PIN and its failed tries. */
export class CustomersRepository extends Repository {
  async byUsername(username: string): Promise<CustomerRow | null> {
    const found = usernameOf(username);
    if (!found) return null;
    const rows = await this.q.query<CustomerRow>(
      `SELECT * FROM customers WHERE ${found.type === 'EMAIL' ? 'email' : 'phone_number'} = $1`,
      [found.value],
    );
    return rows[0] ?? null;
  }

  async byId(id: number): Promise<CustomerRow | null> {
    const rows = await this.q.query<CustomerRow>('SELECT * FROM customers WHERE id = $1', [id]);
    return rows[0] ?? null;
  }

  /**
   * Locks the customer's row until the transaction ends: what depends on a customer's cards, orders
   * and subscription (the primary card, one open order, may they buy) is decided one request at a time.
   */
  async lock(customerId: number): Promise<void> {
    await this.q.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
  }

  /** Where a notice goes: the e-mail address, or else the phone number. */
  /** Where and in which script (null: Latin) the customer is written to. */
  async contactOf(
    customerId: number,
  ): Promise<{ email: string | null; phone_number: string | null; script: Script | null } | null> {
    const [row] = await this.q.query<{ email: string | null; phone_number: string | null; script: Script | null }>(
      'SELECT email, phone_number, script FROM customers WHERE id = $1',
      [customerId],
    );
    return row ?? null;
  }

  /** The script the customer chose (migration 041). */
  async setScript(customerId: number, script: Script): Promise<void> {
    await this.q.query('UPDATE customers SET script = $2 WHERE id = $1', [customerId, script]);
  }

  /** The script the customer chose; null: Latin, or no such customer. */
  async scriptOf(customerId: number): Promise<Script | null> {
    const [row] = await this.q.query<{ script: Script | null }>('SELECT script FROM customers WHERE id = $1', [
      customerId,
    ]);
    return row?.script ?? null;
  }

  async passwordHashOf(customerId: number): Promise<string | null> {
    const [row] = await this.q.query<{ password_hash: string }>('SELECT password_hash FROM customers WHERE id = $1', [
      customerId,
    ]);
    return row?.password_hash ?? null;
  }

  async setPasswordHash(customerId: number, hash: string): Promise<void> {
    await this.q.query('UPDATE customers SET password_hash = $2 WHERE id = $1', [customerId, hash]);
  }

  /** Replaces a hash made the old way, only if nobody changed the password meanwhile. */
  async replacePasswordHash(customerId: number, before: string, after: string): Promise<void> {
    await this.q.query('UPDATE customers SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [
      customerId,
      before,
      after,
    ]);
  }

  /**
   * Records a sign-in, only if the customer is not blocked: false when they are (a block that committed
   * while the password was checked), and the sign-in's transaction is undone.
   */
  async markSignedIn(customerId: number, at: Date): Promise<boolean> {
    const rows = await this.q.query(
      'UPDATE customers SET last_login_at = $1 WHERE id = $2 AND blocked_at IS NULL RETURNING id',
      [at, customerId],
    );
    return rows.length > 0;
  }

  /**
   * Counts a PIN try before the comparison, in the statement that checks the lock (a burst gets at most
   * `maxFailures` through); the try that reaches `maxFailures` sets the lock. Answers the sealed PIN to
   * compare with, or null while the check is locked.
   */
  async countPinTry(customerId: number, now: Date, maxFailures: number, lockMinutes: number): Promise<string | null> {
    const [row] = await this.q.query<{ pin_sealed: string }>(
      `UPDATE customers SET
         pin_failures = CASE WHEN pin_locked_until IS NOT NULL THEN 1 ELSE pin_failures + 1 END,
         pin_locked_until = CASE WHEN (CASE WHEN pin_locked_until IS NOT NULL THEN 1 ELSE pin_failures + 1 END) >= $3
                                 THEN $2::timestamptz + make_interval(mins => $4) END
       WHERE id = $1 AND (pin_locked_until IS NULL OR pin_locked_until <= $2)
       RETURNING pin_sealed`,
      [customerId, now, maxFailures, lockMinutes],
    );
    return row?.pin_sealed ?? null;
  }

  /** Until when the PIN check is locked; undefined when there is no such customer. */
  async pinLockedUntil(customerId: number): Promise<Date | null | undefined> {
    const [row] = await this.q.query<{ pin_locked_until: Date | null }>(
      'SELECT pin_locked_until FROM customers WHERE id = $1',
      [customerId],
    );
    return row ? row.pin_locked_until : undefined;
  }

  /** A right PIN ends the run of wrong ones. */
  async clearPinFailures(customerId: number): Promise<void> {
    await this.q.query('UPDATE customers SET pin_failures = 0, pin_locked_until = NULL WHERE id = $1', [customerId]);
  }

  async setPin(customerId: number, sealed: string): Promise<void> {
    await this.q.query('UPDATE customers SET pin_sealed = $2 WHERE id = $1', [customerId, sealed]);
  }

  /** A new customer from a finished registration; null when an account with that username exists. */
  async register(
    column: 'email' | 'phone_number',
    fields: { username: string; firstName: string; lastName: string; passwordHash: string; pinSealed: string },
  ): Promise<number | null> {
    const [created] = await this.q.query<{ id: number }>(
      `INSERT INTO customers (customer_number, ${column === 'email' ? 'email' : 'phone_number'}, first_name, last_name, password_hash, pin_sealed)
       VALUES (nextval('customer_numbers')::text, $1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
      [fields.username, fields.firstName, fields.lastName, fields.passwordHash, fields.pinSealed],
    );
    return created?.id ?? null;
  }

  /**
   * The support console's search, newest customers first: an exact account number, invoice number,
   * e-mail address or phone number (`phone`, normalised by the caller), or a part of the name
   * (`text`, every word in the first or last name, accents and case aside).
   */
  async search(
    text: string,
    phone: string | null,
    limit: number,
    offset: number,
  ): Promise<{ rows: CustomerSummaryRow[]; total: number }> {
    const words = plainLetters(text)
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 5)
      .map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    // One branch per way in, each on its own index (migration 025): an OR of them reads the whole table,
    // and so does a join of the whole table to their union. The exact ways find a customer or a few; a
    // part of a name may find thousands, whose ids are unique already: they are added to the exact ones
    // without them (UNION ALL), not hashed again (a shared last name at 200,000 customers: 5 ms → 3 ms).
    // The union runs once: the page takes its ids from it with their count beside them (a window, counted
    // before the LIMIT). The words are parameters; only their count shapes the SQL, one prepared statement
    // per count (planning it took 1-6 ms).
    const nameLike = words.map((_, i) => `${PLAIN_NAME} LIKE $${i + 3}`).join(' AND ');
    const exact = `SELECT c.id FROM customers c WHERE c.customer_number = $1
        UNION SELECT c.id FROM customers c WHERE lower(c.email) = lower($1)
        UNION SELECT c.id FROM customers c WHERE c.phone_number = $2
        UNION SELECT o.customer_id FROM payment_orders o WHERE o.order_number = $1`;
    const found =
      words.length === 0
        ? exact
        : `WITH exact AS (${exact}) SELECT id FROM exact
           UNION ALL SELECT c.id FROM customers c
            WHERE ${nameLike} AND NOT EXISTS (SELECT 1 FROM exact e WHERE e.id = c.id)`;
    const page = words.length + 3;
    const hits = await this.prepared<CustomerSummaryRow & { total: number }>(
      `customer_search_${words.length}`,
      `SELECT ${SUMMARY_COLUMNS}, f.total
         FROM (SELECT id, count(*) OVER ()::int AS total FROM (${found}) found
                ORDER BY id DESC LIMIT $${page} OFFSET $${page + 1}) f
         JOIN (${SUMMARY_FROM}) ON c.id = f.id
        ORDER BY c.id DESC`,
      [text, phone, ...words, limit, offset],
    );
    const rows = hits.map(({ total: _total, ...row }) => row);
    if (hits.length > 0 || offset === 0) return { rows, total: hits[0]?.total ?? 0 };
    // A page past the last: no row carries the count.
    const [count] = await this.prepared<{ total: number }>(
      `customer_search_count_${words.length}`,
      `SELECT count(*)::int AS total FROM (${found}) found`,
      [text, phone, ...words],
    );
    return { rows, total: count?.total ?? 0 };
  }

  async summary(customerId: number): Promise<CustomerSummaryRow | null> {
    const [row] = await this.q.query<CustomerSummaryRow>(
      `SELECT ${SUMMARY_COLUMNS},
              ARRAY(SELECT pp.name FROM promo_uses pu JOIN plans pp ON pp.code = pu.plan_code
                     WHERE pu.customer_id = c.id ORDER BY pp.name) AS used_promos
         FROM ${SUMMARY_FROM} WHERE c.id = $1`,
      [customerId],
    );
    return row ?? null;
  }

  /** Locks the customer's row (Store.transaction) and answers what the console shows of them, with the status a block keeps. */
  async lockedSummary(customerId: number): Promise<LockedSummaryRow | null> {
    const [row] = await this.q.query<LockedSummaryRow>(
      `SELECT ${SUMMARY_COLUMNS}, c.blocked_status FROM ${SUMMARY_FROM} WHERE c.id = $1 FOR UPDATE OF c`,
      [customerId],
    );
    return row ?? null;
  }

  /** Blocked from `at` (or unblocked, with null), keeping the subscription's status before the block to give back. */
  async setBlocked(customerId: number, at: Date | null, statusBefore: string | null): Promise<void> {
    await this.q.query('UPDATE customers SET blocked_at = $2, blocked_status = $3 WHERE id = $1', [
      customerId,
      at,
      statusBefore,
    ]);
  }
}
