import { usernameOf } from '@portal/shared/contract';
import type { Queryable } from '../db/db';

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

export async function findCustomerByUsername(db: Queryable, username: string): Promise<CustomerRow | null> {
  const found = usernameOf(username);
  if (!found) return null;
  const rows = await db.query<CustomerRow>(`SELECT * FROM customers WHERE ${found.type === 'EMAIL' ? 'email' : 'phone_number'} = $1`, [found.value]);
  return rows[0] ?? null;
}

export async function findCustomerById(db: Queryable, id: number): Promise<CustomerRow | null> {
  const rows = await db.query<CustomerRow>('SELECT * FROM customers WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/**
 * Locks the customer's row until the transaction ends: what depends on a customer's cards, orders
 * and subscription (the primary card, one open order, may they buy) is decided one request at a time.
 */
export async function lockCustomer(tx: Queryable, customerId: number): Promise<void> {
  await tx.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
}
