/**
 * The bench's load and its yardstick: autocannon against a URL, a bare Fastify hello-world in its own
 * Node process to load beside the API, and a process tree's resident memory.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { ROOT } from '../../../api/src/cli/freshness';
import { processTree } from '../../lib/processes';

export interface ApiRow {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The target, and whether this run met it. */
  target: string;
  met: boolean | null;
  /** How much the server's processes grew during the load, MiB (login only). */
  growthMiB?: number;
}

export const SECONDS = 5;

/** How long a call is loaded, and for how long before that unmeasured (the JIT and the pools warm up). */
export interface Load {
  seconds: number;
  warmUpSeconds?: number;
}

export async function cannon(
  options: autocannon.Options,
  load: Load = { seconds: SECONDS },
): Promise<Omit<ApiRow, 'name' | 'target' | 'met'>> {
  if (load.warmUpSeconds) await autocannon({ ...options, duration: load.warmUpSeconds });
  const result = await autocannon({ ...options, duration: load.seconds });
  return {
    connections: options.connections ?? 10,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** The yardstick's server, plain Node run from the repository's root: it prints its port once it listens. */
const HELLO_WORLD = `
const hello = require('fastify')({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));
hello.listen({ port: 0, host: '127.0.0.1' }).then(() => console.log(hello.server.address().port));
`;

/**
 * The machine's yardstick: a bare Fastify hello-world with logging off, loaded like the API calls. It
 * runs in its own Node process, as the API does: inside this one it shared a core with autocannon and
 * answered a third to a half of what it can, so every share of it read two to three times too high.
 */
export async function helloWorld(load: Load = { seconds: SECONDS }): Promise<Omit<ApiRow, 'name' | 'target' | 'met'>> {
  const child = spawn(process.execPath, ['-e', HELLO_WORLD], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the hello-world server exited with ${code} before listening`)));
    });
    return await cannon({ url: `http://127.0.0.1:${port}`, connections: 100 }, load);
  } finally {
    // kill() answers false when there is no process to end (it never started, or it has exited).
    if (child.kill()) await exited;
  }
}

/** Resident memory of a process and all its descendants, MiB (Linux `ps`). */
export function treeRssMiB(pid: number): number {
  return processTree(pid).reduce((sum, row) => sum + row.rssKiB, 0) / 1024;
}
