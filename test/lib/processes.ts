import { execSync } from 'node:child_process';

/** A process running now (Linux `ps`): its id, its parent's, and its resident memory in KiB. */
interface ProcessRow {
  pid: number;
  ppid: number;
  rssKiB: number;
}

/** Every process of `pid`'s tree (the process and all below it) as it runs now. */
export function processTree(pid: number): ProcessRow[] {
  const rows = execSync('ps -eo pid=,ppid=,rss=', { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => {
      const [id = 0, parent = 0, rss = 0] = line.trim().split(/\s+/).map(Number);
      return { pid: id, ppid: parent, rssKiB: rss };
    });
  const tree = rows.filter((row) => row.pid === pid);
  for (let i = 0; i < tree.length; i++)
    for (const row of rows) if (row.ppid === tree[i]!.pid && !tree.includes(row)) tree.push(row);
  return tree;
}

/** The process is still running (signal 0 reaches it). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
