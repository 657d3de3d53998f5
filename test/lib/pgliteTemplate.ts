import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * An empty embedded database for a test, ready in well under a second. PGlite makes a new database
 * with initdb inside WebAssembly, 4–6 s on this machine, and the suites open well over a hundred; a
 * copy of one made before is 0.2–0.7 s. The copy is made once per PGlite release, under the system's
 * temporary folder, and shared by the test processes: it holds no table and no secret.
 *
 * `pgliteDir` is where the server opens PGlite (`DATA_DIR/pglite`, db/db.ts).
 */
export async function copyEmptyPglite(pgliteDir: string): Promise<void> {
  fs.cpSync(await template('empty'), pgliteDir, { recursive: true });
}

/**
 * An embedded database with every migration applied and nothing else: no row a server's first start
 * writes (its seeding, its keys), so the server under test still seeds it as a first start does and
 * finds no migration left to run. Running the migrations took 1–3 s of each API test server's start;
 * the first start from an empty database is tested on its own (migrations.test.ts, and every browser
 * test's server). Made once per PGlite release and set of migration files.
 */
export async function copyMigratedPglite(pgliteDir: string): Promise<void> {
  fs.cpSync(await template('migrated'), pgliteDir, { recursive: true });
}

type Kind = 'empty' | 'migrated';
const made = new Map<Kind, Promise<string>>();

function template(kind: Kind): Promise<string> {
  let dir = made.get(kind);
  if (!dir) {
    dir = kind === 'empty' ? makeTemplate(`empty-${pgliteVersion()}`, makeEmpty) : makeMigrated();
    made.set(kind, dir);
  }
  return dir;
}

/** The migration files' names and contents, as a short hash: a template made from others is not used. */
export async function migrationSet(): Promise<string> {
  const { MIGRATIONS_DIR } = await import('../../api/src/db/migrate');
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort())
    hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 12);
}

function pgliteVersion(): string {
  const pgliteRoot = path.dirname(path.dirname(require.resolve('@electric-sql/pglite')));
  return (JSON.parse(fs.readFileSync(path.join(pgliteRoot, 'package.json'), 'utf8')) as { version: string }).version;
}

async function makeEmpty(dir: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = new PGlite(dir);
  await pg.waitReady;
  await pg.close();
}

async function makeMigrated(): Promise<string> {
  const { migrate } = await import('../../api/src/db/migrate');
  const { openDb } = await import('../../api/src/db/db');
  const empty = await template('empty');
  return makeTemplate(`migrated-${pgliteVersion()}-${await migrationSet()}`, async (dir) => {
    // The server opens `DATA_DIR/pglite`: the template is made there, in a data directory of its own.
    fs.cpSync(empty, path.join(dir, 'pglite'), { recursive: true });
    const db = await openDb({ dataDir: dir });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
  }).then((dir) => path.join(dir, 'pglite'));
}

/** The template `name` under the system's temporary folder, made by `make` into a folder first if missing. */
async function makeTemplate(name: string, make: (dir: string) => Promise<void>): Promise<string> {
  const dir = path.join(os.tmpdir(), `ontv-pglite-${name}-${process.getuid?.() ?? 0}`);
  // Made aside and renamed into place: a second process never sees a half-made copy.
  if (fs.existsSync(dir)) return dir;
  const making = fs.mkdtempSync(`${dir}.making-`);
  try {
    await make(making);
    try {
      fs.renameSync(making, dir);
    } catch (error) {
      // Another process put its copy in place first: use that one.
      if (!['EEXIST', 'ENOTEMPTY'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    }
  } finally {
    fs.rmSync(making, { recursive: true, force: true });
  }
  return dir;
}
