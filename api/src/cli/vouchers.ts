/**
 * `npm run vouchers -- issue --package starton --months 1 --count 100 --valid-until 2027-06-30 --label
 * "Kiosk Sarajevo" --out batch.csv`: prepaid vouchers (docs/vouchers.md) on the database `npm start`
 * uses. The codes of a batch are written once, to the print shop's file, and never stored in clear.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { issueVouchersRequestSchema, voucherCsv } from '@portal/shared/contract/support';
import { commandName, loadConfig, printHelp } from '../config';
import { openDb } from '../db/db';
import { migrate } from '../db/migrate';
import { loadKeys } from '../auth/secrets';
import { Store } from '../repositories';
import { cancelBatch, issueVouchers, listBatches, type Issuer } from '../money/vouchers/batches';

const VOUCHERS = commandName('vouchers');

const USAGE = `
${VOUCHERS} <command> [options]

Prepaid vouchers: codes worth months of a package, sold at kiosks or given as gifts (docs/vouchers.md).

Commands:
  issue --package <code> --months <n> --count <n> --valid-until <YYYY-MM-DD> --label <text> --out <file.csv>
                   a new batch; its codes go to the CSV file, once (only their digests are stored)
  cancel <batch> --reason <text>
                   none of the batch's codes redeems from now on (credit already redeemed stays)
  list             the batches: id, package, months, redeemed/count, valid until, label, who issued, cancelled

Options:
  --package <code> starton or maxon
  --months <n>     months of the package each code is worth (1 to 24)
  --count <n>      codes in the batch (1 to 10000)
  --valid-until <day>  the last day a code may be redeemed
  --label <text>   what the batch is for, e.g. the retailer ("Kiosk Sarajevo")
  --out <file>     the CSV for the print shop (refused if the file exists)
  --reason <text>  why a batch is cancelled, for the audit trail
  --help           this text`;

/** The operator at the command line, as the audit trail names them. */
const operator = (): Issuer => ({ name: `command line (${os.userInfo().username})`, staffId: null });

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      package: { type: 'string' },
      months: { type: 'string' },
      count: { type: 'string' },
      'valid-until': { type: 'string' },
      label: { type: 'string' },
      out: { type: 'string' },
      reason: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return printHelp(USAGE);
  const [command, batch] = positionals;
  if (
    !command ||
    !['issue', 'cancel', 'list'].includes(command) ||
    (command === 'cancel' && !/^[1-9]\d{0,9}$/.test(batch ?? ''))
  ) {
    throw new Error(`Usage: ${VOUCHERS} issue|cancel <batch>|list (${VOUCHERS} --help for more)`);
  }
  let request: ReturnType<typeof issueVouchersRequestSchema.parse> | null = null;
  if (command === 'issue') {
    if (!values.out) throw new Error('--out <file.csv> is needed: the codes are written there, and only there');
    if (fs.existsSync(values.out)) throw new Error(`${values.out} exists already: name a new file`);
    const parsed = issueVouchersRequestSchema.safeParse({
      plan: values.package,
      months: Number(values.months),
      count: Number(values.count),
      validUntil: values['valid-until'],
      label: values.label ?? '',
    });
    if (!parsed.success)
      throw new Error(parsed.error.issues.map((i) => `--${optionOf(String(i.path[0]))}: ${i.message}`).join('; '));
    request = parsed.data;
  }
  if (command === 'cancel' && (values.reason ?? '').trim().length < 3)
    throw new Error('--reason <text> is needed: it goes to the audit trail');
  const config = loadConfig(process.env, 'command');
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const store = new Store(db);
    const deps = { store, sealing: loadKeys(config).sealing, now: () => new Date() };
    if (request) {
      const issued = await issueVouchers(deps, operator(), request);
      // Written before anything is said: with no file, the batch is there to cancel.
      fs.writeFileSync(values.out!, voucherCsv(issued.batch, issued.codes), { mode: 0o600, flag: 'wx' });
      console.info(
        `Batch ${issued.batch.id}: ${issued.codes.length} codes of ${issued.batch.planName}, ${issued.batch.months} month(s), valid until ${issued.batch.validUntil}, written to ${values.out}.`,
      );
    } else if (command === 'cancel') {
      const cancelled = await cancelBatch(deps, operator(), Number(batch), values.reason!.trim());
      console.info(
        `Batch ${cancelled.id} (${cancelled.label}) cancelled: ${cancelled.redeemed} of ${cancelled.count} codes had been redeemed.`,
      );
    } else {
      const batches = await listBatches(store);
      if (batches.length === 0) console.info(`No batches yet: ${VOUCHERS} issue --help`);
      for (const b of batches) {
        const state = b.cancelledAt ? `cancelled ${b.cancelledAt} by ${b.cancelledBy}` : 'valid';
        console.info(
          `${b.id}\t${b.planCode}\t${b.months} mo\t${b.redeemed}/${b.count}\tuntil ${b.validUntil}\t${b.label}\t${b.issuedBy}\t${state}`,
        );
      }
    }
  } finally {
    await db.close();
  }
}

/** The option a request field comes from, to name it in an error. */
const optionOf = (field: string) => ({ plan: 'package', validUntil: 'valid-until' })[field] ?? field;

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
