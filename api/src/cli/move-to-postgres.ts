/**
 * `npm run move-to-postgres -- --to postgres://…` (`node api/dist/move-to-postgres.js` in a release):
 * moves the embedded portal under DATA_DIR to a new PostgreSQL database, with every customer, card,
 * payment, session and queued message (db/move.ts, docs/deploy/upgrade-and-backup.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { commandName, helpIfAsked, loadConfig } from '../config';
import { EMBEDDED } from '../settings';
import { openDb, type Db } from '../db/db';
import { moveToPostgres } from '../db/move';
import { databaseWhere, unreachableLine } from '../db/reach';

const USAGE = `
${commandName('move-to-postgres')} --to postgres://user:password@host:5432/database

Moves the embedded database under DATA_DIR to a PostgreSQL database: migrates the target to this
release, then copies every table (customers, cards, payments, orders, subscriptions, sessions and
devices, the outbox, invoices, staff, the audit trail, limits…) in one transaction, sets every
sequence, and prints the rows of each table. Nothing is written when anything fails.

It refuses, in one line, while a portal runs on the embedded database (stop it first), when the
embedded database is not at this release (start this release on it once first), and when the target
already holds customers or staff accounts (it writes only into a new database: createdb -O user name).

Sealed values (PINs, queued messages, second factors) and password hashes move as they are: start the
PostgreSQL server with the same JWT_SECRET and SEALING_KEYS as the embedded portal (in a sandbox, the
ones generated under DATA_DIR: keep that folder, or set them), or they cannot be opened.

Options:
  --to <url>   the PostgreSQL database to move into (the DATABASE_URL the server will start with)
  --help       this text`;

/** An unreachable target in one line naming --to, never its password. */
async function reachingTarget<T>(url: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const line = unreachableLine(error, url);
    if (line) throw new Error(line.replace(/DATABASE_URL/g, '--to'));
    throw error;
  }
}

async function main(): Promise<void> {
  helpIfAsked(USAGE);
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to))
    throw new Error(
      `--to must be a PostgreSQL URL: ${commandName('move-to-postgres')} --to postgres://user:password@host:5432/database`,
    );
  const to = values.to;
  const config = loadConfig({ ...process.env, DATABASE_URL: EMBEDDED }, 'command');
  if (!fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION')))
    throw new Error(
      `DATA_DIR: no embedded database in ${config.dataDir} (its pglite folder): set DATA_DIR to the portal's data folder.`,
    );
  // The embedded database refuses a second process (its lock file beside it, db.ts): a running portal is said so.
  const source: Db = await openDb({ dataDir: config.dataDir });
  try {
    const target = await openDb({ databaseUrl: to, dataDir: null });
    try {
      const began = Date.now();
      const moved = await reachingTarget(to, () =>
        moveToPostgres(source, target, ({ file, ms }) => console.info(`Target: applied ${file} in ${ms} ms`)),
      );
      const width = Math.max(...moved.map(({ table }) => table.length));
      for (const { table, rows } of moved) console.info(`${table.padEnd(width)}  ${rows}`);
      const total = moved.reduce((sum, { rows }) => sum + rows, 0);
      console.info(
        `Moved ${total} rows of ${moved.length} tables from ${config.dataDir} to ${databaseWhere(to)} in ${Date.now() - began} ms.`,
      );
      console.info(
        'Start the server with DATABASE_URL set to it and the same JWT_SECRET and SEALING_KEYS (or the same DATA_DIR): sealed PINs and messages open only with those keys.',
      );
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
