import type { Db } from './types';
import { demoCustomersIn } from './seed';

type Mode = 'sandbox' | 'production';

const REFUSALS: Record<Mode, string> = {
  sandbox:
    'This database was made by a production server, and a sandbox (SANDBOX=1) would hand its customers, their messages and codes to anyone (/api/dev/outbox): start the demo on a database of its own (another DATA_DIR or DATABASE_URL).',
  production:
    'This database was made by a sandbox (SANDBOX=1): its demo customers and test payments must never go live. Start production on a new database of its own (another DATA_DIR or DATABASE_URL).',
};

/**
 * Which kind of server made the database (migration 035), marked by the first start that finds no mark,
 * and why this start must not go on (one line), or null. A database made before the mark is taken to
 * be a sandbox's when the demo customers are in it, else a production server's once it has customers.
 */
export async function madeByRefusal(db: Db, sandbox: boolean): Promise<string | null> {
  const mode: Mode = sandbox ? 'sandbox' : 'production';
  const read = async () =>
    (await db.query<{ made_by: Mode }>('SELECT made_by FROM database_made_by'))[0]?.made_by ?? null;
  let madeBy = await read();
  if (!madeBy) {
    const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM customers')) as [{ n: number }];
    const demo = (await demoCustomersIn(db)).length > 0;
    const claim: Mode = n === 0 ? mode : demo ? 'sandbox' : 'production';
    // One statement: this start's claim, or the one another start wrote first (a conflict keeps it).
    const [row] = await db.query<{ made_by: Mode }>(
      `INSERT INTO database_made_by (made_by, made_at) VALUES ($1, now())
       ON CONFLICT (one) DO UPDATE SET made_by = database_made_by.made_by RETURNING made_by`,
      [claim],
    );
    madeBy = row!.made_by;
  }
  return madeBy === mode ? null : REFUSALS[mode];
}
