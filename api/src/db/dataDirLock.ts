import fs from 'node:fs';
import os from 'node:os';

/**
 * PGlite is one process's database: a lock file beside its directory (`<dir>.lock`) keeps a second process (a second portal, `npm run billing`, `staff.js`) from opening it
 * at the same time. The file names its holder as `pid@host`, and the holder touches it every
 * LOCK_BEAT_MS. A lock is a leftover, taken over, when its holder is gone: on this host, when no process
 * has its id; held from another host or container (the same volume mounted twice, where process ids
 * say nothing: the server and a one-off container are both process 1), when it has not been touched for
 * LOCK_STALE_MS.
 */
const LOCK_BEAT_MS = 5_000;
const LOCK_STALE_MS = 20_000;

/** Whether a process with this id is running (signal 0 tests without signalling). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder a lock file names (`pid@host`; a bare `pid`, as older releases wrote it, is this host's). */
function holderOf(text: string): { pid: number; host: string } {
  const at = text.indexOf('@');
  return at < 0
    ? { pid: Number(text), host: os.hostname() }
    : { pid: Number(text.slice(0, at)), host: text.slice(at + 1) };
}

/** The refusal when the lock is held: which process, where, and what to do. */
function inUse(dataDir: string, holder: { pid: number; host: string }): Error {
  const where = holder.host === os.hostname() ? '' : ` on ${holder.host}`;
  return new Error(
    `The embedded database in ${dataDir} is in use by process ${holder.pid}${where} (a running portal?). Stop it first, or use PostgreSQL (DATABASE_URL), where several processes share one database.`,
  );
}

/** Whether the lock's holder still holds it (see above); false for a leftover. */
function held(file: string, holder: { pid: number; host: string }): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return false;
  if (holder.host === os.hostname()) return holder.pid !== process.pid && alive(holder.pid);
  try {
    return Date.now() - fs.statSync(file).mtimeMs < LOCK_STALE_MS;
  } catch {
    return false;
  }
}

/** Takes the lock of the embedded database in `dataDir` (refused while another holds it); answers its release. */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  // A lock file read as it is made is still empty: its maker is alive. Only one empty for a second is a leftover.
  const emptySince = Date.now();
  for (;;) {
    try {
      fs.writeFileSync(file, `${process.pid}@${os.hostname()}`, { flag: 'wx' });
      const beat = setInterval(() => {
        const now = new Date();
        fs.utimes(file, now, now, () => undefined);
      }, LOCK_BEAT_MS);
      beat.unref();
      return () => {
        clearInterval(beat);
        fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8').trim();
      } catch (gone) {
        if ((gone as NodeJS.ErrnoException).code === 'ENOENT') continue; // released meanwhile: try again
        throw gone;
      }
      if (text === '' && Date.now() - emptySince < 1_000) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
        continue;
      }
      const holder = holderOf(text);
      if (held(file, holder)) throw inUse(dataDir, holder);
      fs.rmSync(file, { force: true });
    }
  }
}
