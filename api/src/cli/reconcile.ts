/**
 * `npm run reconcile -- [--from <day>] [--to <day>]` (`node api/dist/reconcile.js` in production): the
 * books, the ledger's card payments compared with the processor's over a period (money/reconcile.ts).
 * Uses the database and the processor `npm start` uses. Exits 2 when there are differences, so cron can
 * tell.
 */
import { parseArgs } from 'node:util';
import { commandName, loadConfig, printHelp } from '../config';
import { openDb } from '../db/db';
import { migrate } from '../db/migrate';
import { loadKeys } from '../auth/secrets';
import { createContext } from '../context';
import { reconcile } from '../money/reconcile';
import { fromFening } from '../money/amounts';
import { addDays, dayStart, isoDay } from '../days';

const USAGE = `
${commandName('reconcile')} [--from <day>] [--to <day>]

Compares the portal's ledger with the card processor's own records, payment by payment, for the
payments made from <from> up to <to> (not included), each day from midnight in Sarajevo, and lists every
difference: a charge on no order, a charge the processor does not have, an amount that differs, a
refund the portal did not make. The run is kept: the console shows the last one to admins, and the metric ontv_reconciliation_differences counts its differences. The
server runs it by itself for the day before, once that day is over.

Options:
  --from <day>  the first day, e.g. 2026-12-01 (default: yesterday)
  --to <day>    the day after the last, e.g. 2026-12-02 (default: today)
  --help        this text

Exits 0 when the books match, 2 when they differ.`;

/** A day the command was given, checked: the portal's calendar days (days.ts). */
const dayOption = (value: string, option: string): string => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    throw new Error(`${option} must be a day, e.g. 2026-12-01 (got "${value}")`);
  return value;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) return printHelp(USAGE);
  const toDay = dayOption(values.to ?? isoDay(new Date()), '--to');
  const fromDay = values.from ? dayOption(values.from, '--from') : addDays(toDay, -1);
  if (fromDay >= toDay) throw new Error('--from must be before --to');
  const [from, to] = [dayStart(fromDay), dayStart(toDay)];
  const config = loadConfig(process.env, 'billing');
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const ctx = createContext(
      config,
      db,
      loadKeys(config),
      () => new Date(),
      (line) => console.info(line),
    );
    const run = await reconcile({ store: ctx.store, gateway: ctx.payments.gateway }, { from, to }, new Date());
    console.info(
      `Reconciliation with ${run.processor}, ${fromDay} to ${toDay}: ${run.payments} payments, ${run.differences.length} differences`,
    );
    for (const d of run.differences as Array<Record<string, unknown>>) {
      const km = (fening: unknown) => (typeof fening === 'number' ? fromFening(fening).toFixed(2) : '-');
      console.info(
        `  ${d.kind} payment ${d.paymentId} order ${d.orderNumber ?? '-'} customer ${d.customerId ?? '-'}: portal ${km(d.portalFening)} KM, processor ${km(d.processorFening)} KM`,
      );
    }
    if (run.differences.length > 0) process.exitCode = 2;
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
