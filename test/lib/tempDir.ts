import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];

/**
 * A new folder under the system's temporary folder, removed when this process exits. A test may stop
 * and restart a server on it; `npm test` runs thousands of servers, and each database left behind
 * is tens of MB.
 */
export function tempDir(prefix: string): string {
  if (made.length === 0)
    process.once('exit', () => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
