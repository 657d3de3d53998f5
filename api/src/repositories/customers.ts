import { usernameOf } from '@portal/shared/contract';
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
}

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
  async contactOf(customerId: number): Promise<{ email: string | null; phone_number: string | null } | null> {
    const [row] = await this.q.query<{ email: string | null; phone_number: string | null }>(
      'SELECT email, phone_number FROM customers WHERE id = $1',
      [customerId],
    );
    return row ?? null;
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

  async markSignedIn(customerId: number, at: Date): Promise<void> {
    await this.q.query('UPDATE customers SET last_login_at = $1 WHERE id = $2', [at, customerId]);
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
}
