import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * The server (`api/src/main.ts`) started as an operator starts it, with `env` as its whole environment,
 * until it says "Portal ready" (then stopped with SIGTERM) or stops by itself: whether it was ready, its
 * exit code and everything it printed.
 */
export async function startUntilReady(
  env: NodeJS.ProcessEnv,
): Promise<{ ready: boolean; code: number | null; log: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/main.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 60_000);
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Portal ready')) resolve(clearTimeout(timer) ?? true);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => resolve(clearTimeout(timer) ?? false));
  });
  if (ready) child.kill('SIGTERM');
  return { ready, code: await exited, log };
}
