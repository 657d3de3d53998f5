import { randomInt } from 'node:crypto';
import type { Db } from './db';
import type { Keys } from '../auth/secrets';
import { seal } from '../auth/secrets';
import { hashPassword } from '../auth/passwords';

/** The demo customer the README names; created only on an empty database. */
export const DEMO_CUSTOMER = {
  email: 'demo@ontv.ba',
  phoneNumber: '38761000001',
  password: 'Demo1234!',
  firstName: 'Amra',
  lastName: 'Hodžić',
  customerNumber: '1000001',
} as const;

export function randomPin(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

export async function seed(db: Db, keys: Keys): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM customers');
  if (count > 0) return false;
  const c = DEMO_CUSTOMER;
  await db.query(
    `INSERT INTO customers (customer_number, email, phone_number, first_name, last_name, password_hash, pin_sealed)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [c.customerNumber, c.email, c.phoneNumber, c.firstName, c.lastName, await hashPassword(c.password), seal(keys.sealing, randomPin())],
  );
  return true;
}
