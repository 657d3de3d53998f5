/**
 * `npm run billing -- --at <time>`: one billing pass (renewals, retries, expiry) as of a time, for
 * operators (cron, with the in-server schedule off) and tests. Uses the database `npm start` uses:
 * DATABASE_URL, or the embedded one under DATA_DIR when no portal is running on it.
 */
import { parseArgs } from 'node:util';
import { commandName, loadConfig, printHelp } from '../config';
import { openDb } from '../db/db';
import { migrate } from '../db/migrate';
import { loadKeys } from '../auth/secrets';
import { createContext } from '../context';
import { runBillingPass } from '../money/billing/job';

const USAGE = `
${commandName('billing')} [--at <time>] [--verbose]

Runs one billing pass on the portal's database: charges the ACTIVE subscriptions due by <time> on
their primary cards, retries failed renewals on their retry days, and expires subscriptions whose
grace period or paid period ended. Safe beside running servers, on any number of hosts: passes
running at once share the renewals due, and a pass that was killed is finished by the next (or by one
running beside it) without charging anything twice.

Options:
  --at <time>   the moment to bill as of, e.g. 2026-12-01T06:00:00Z (default: now)
  --verbose     print each due subscription's outcome as the pass goes
  --help        this text`;

const LOCK_WAIT_SECONDS = 30;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { at: { type: 'string' }, verbose: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help) return printHelp(USAGE);
  const at = values.at ? new Date(values.at) : new Date();
  if (Number.isNaN(at.getTime()))
    throw new Error(`--at must be a date and time, e.g. 2026-12-01T06:00:00Z (got "${values.at}")`);
  const config = loadConfig(process.env, 'billing');
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const keys = loadKeys(config);
    const ctx = createContext(
      config,
      db,
      keys,
      () => at,
      (line) => console.info(line),
    );
    const progress = values.verbose
      ? (customerId: number, outcome: string) => console.info(`customer ${customerId}: ${outcome}`)
      : undefined;
    // A pass still running elsewhere (or one just killed, whose lock the database has yet to drop) is waited for briefly.
    let report = await runBillingPass({ ...ctx.billing, progress }, at);
    for (let waited = 0; !report && waited < LOCK_WAIT_SECONDS * 2; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      report = await runBillingPass({ ...ctx.billing, progress }, at);
    }
    if (!report) {
      console.info(
        `Another billing pass has been running on this database for ${LOCK_WAIT_SECONDS} s; nothing done. Try again when it has finished.`,
      );
      return;
    }
    console.info(
      `Billing as of ${at.toISOString()}: ${report.charged} charged, ${report.failed} failed, ${report.expired} expired, ${report.ended} ended, ${report.skipped} skipped`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
