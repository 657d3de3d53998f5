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

/**
 * Where a username points: an e-mail (has @, compared in lower case) or a phone number in
 * international form (`061 234 567`, `+38761234567` and `0038761234567` are all `38761234567`).
 */
export function usernameLookup(username: string): { column: 'email' | 'phone_number'; value: string } | null {
  const trimmed = username.trim();
  if (trimmed.includes('@')) return { column: 'email', value: trimmed.toLowerCase() };
  let digits = trimmed.replace(/[\s\-/()]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = `387${digits.slice(1)}`;
  return /^\d{8,15}$/.test(digits) ? { column: 'phone_number', value: digits } : null;
}

export async function findCustomerByUsername(db: Queryable, username: string): Promise<CustomerRow | null> {
  const lookup = usernameLookup(username);
  if (!lookup) return null;
  const rows = await db.query<CustomerRow>(`SELECT * FROM customers WHERE ${lookup.column} = $1`, [lookup.value]);
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
