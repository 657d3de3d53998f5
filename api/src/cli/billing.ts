/**
 * `npm run billing -- --at <time>`: one billing pass (renewals, retries, expiry) as of a time, for
 * operators (cron, with the in-server schedule off) and tests. Uses the database `npm start` uses:
 * DATABASE_URL, or the embedded one under DATA_DIR when no portal is running on it.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDb } from '../db/db';
import { migrate } from '../db/migrate';
import { deriveKeys, loadMasterSecret } from '../auth/secrets';
import { createContext } from '../context';
import { runBilling } from '../billing/job';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { at: { type: 'string' } } });
  const at = values.at ? new Date(values.at) : new Date();
  if (Number.isNaN(at.getTime())) throw new Error(`--at must be a date and time, e.g. 2026-12-01T06:00:00Z (got "${values.at}")`);
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const keys = deriveKeys(loadMasterSecret(config.jwtSecret, config.dataDir));
    const ctx = createContext(config, db, keys, () => at, (line) => console.info(line));
    const report = await runBilling(ctx.billing, at);
    console.info(`Billing as of ${at.toISOString()}: ${report.charged} charged, ${report.failed} failed, ${report.expired} expired, ${report.ended} ended, ${report.skipped} skipped`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
