/**
 * `npm run migrate` (`node api/dist/migrate.js` in a release): applies the migrations the database lacks,
 * or with `--check` says which would run, applying nothing, so that an upgrade can migrate before any
 * process of the new release starts (docs/deploy/upgrade-and-backup.md). The server migrates at start
 * too; both take the same lock, so running this beside a starting server is safe.
 */
import { parseArgs } from 'node:util';
import { commandName, helpIfAsked, loadConfig } from '../config';
import { openDb } from '../db/db';
import { migrate, newerMigrations, pendingMigrations } from '../db/migrate';
import { reaching } from '../db/reach';

/** The exit status of `--check` when migrations are pending: a deploy script tells it from a failure (1). */
const PENDING_EXIT = 3;

const USAGE = `
${commandName('migrate')} [--check]

Applies the database migrations this release has and the database has not had, in order, in one
transaction (all or none), and prints each one applied with its time. Several processes may run it,
or start the server, at once: one applies, the others wait and find nothing left to do.
The database is DATABASE_URL's, or the embedded one under DATA_DIR when no portal is running on it.

Migrations only add (expand); a release never drops what the release before it reads, so the old
release keeps serving while this one migrates (docs/deploy/upgrade-and-backup.md).

Options:
  --check   say what would run, one line per migration (or "up to date"), and apply nothing.
            Exit status: 0 up to date, ${PENDING_EXIT} migrations pending, 1 an error (the database unreachable…)
  --help    this text`;

/** What `--check` prints, and its exit status. */
async function check(db: Awaited<ReturnType<typeof openDb>>): Promise<number> {
  const pending = await pendingMigrations(db);
  const newer = await newerMigrations(db);
  if (newer.length > 0)
    console.info(
      `The database has migrations this release does not (${newer.join(', ')}): a newer release migrated it, and this one runs on it.`,
    );
  if (pending.length === 0) {
    console.info('Up to date: no migration to apply.');
    return 0;
  }
  for (const file of pending) console.info(`Pending: ${file}`);
  console.info(
    `${pending.length} migration${pending.length === 1 ? '' : 's'} to apply: run ${commandName('migrate').replace(/ --$/, '')}.`,
  );
  return PENDING_EXIT;
}

async function main(): Promise<number> {
  helpIfAsked(USAGE);
  const { values } = parseArgs({ options: { check: { type: 'boolean' } } });
  const config = loadConfig(process.env, 'command');
  const db = await reaching(config.databaseUrl, () =>
    openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
  );
  try {
    return await reaching(config.databaseUrl, async () => {
      if (values.check) return check(db);
      const began = Date.now();
      const applied = await migrate(db, {
        onApplied: ({ file, ms }) => console.info(`Applied ${file} in ${ms} ms`),
      });
      console.info(
        applied.length === 0
          ? 'Up to date: no migration to apply.'
          : `${applied.length} migration${applied.length === 1 ? '' : 's'} applied in ${Date.now() - began} ms.`,
      );
      return 0;
    });
  } finally {
    await db.close();
  }
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
