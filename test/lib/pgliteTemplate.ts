import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * An empty embedded database for a test, ready in well under a second. PGlite makes a new database
 * with initdb inside WebAssembly, 4–6 s on this machine, and the suites open well over a hundred; a
 * copy of one made before is 0.2–0.7 s. The copy is made once per PGlite release, under the system's
 * temporary folder, and shared by the test processes: it holds no table and no secret, so every test
 * still runs the migrations and the seeding as a first start does.
 *
 * `pgliteDir` is where the server opens PGlite (`DATA_DIR/pglite`, db/db.ts).
 */
export async function copyEmptyPglite(pgliteDir: string): Promise<void> {
  fs.cpSync(await template(), pgliteDir, { recursive: true });
}

let made: Promise<string> | undefined;

function template(): Promise<string> {
  made ??= makeTemplate();
  return made;
}

async function makeTemplate(): Promise<string> {
  const pgliteRoot = path.dirname(path.dirname(require.resolve('@electric-sql/pglite')));
  const { version } = JSON.parse(fs.readFileSync(path.join(pgliteRoot, 'package.json'), 'utf8')) as { version: string };
  const dir = path.join(os.tmpdir(), `ontv-pglite-empty-${version}-${process.getuid?.() ?? 0}`);
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  // Made aside and renamed into place: a second process never sees a half-made copy.
  const making = fs.mkdtempSync(`${dir}.making-`);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = new PGlite(making);
    await pg.waitReady;
    await pg.close();
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
