import type { Store } from '../repositories';
import { cleanUpDaily, type RetentionSettings } from './cleanUp';

/** How often each server process offers to clean up: the first offer of a day, on any process, does it. */
const EVERY_MS = 3_600_000;

/**
 * The daily clean-up inside the server (cleanUp.ts): tried at start and then every hour, as of the
 * server's clock, and done once a day by whichever process claims the day first. Apart from the
 * billing passes, whose time may be moved (`billing --at`, the sandbox's billing): a clean-up never
 * runs ahead of the clock. A stop ends it between two batches.
 */
export function scheduleCleanUp(
  deps: { store: Store; retention?: RetentionSettings; log?: (line: string) => void },
  now: () => Date,
): { stop(): Promise<void> } {
  const { store, retention, log } = deps;
  if (!retention) return { stop: async () => undefined };
  let running: Promise<void> | null = null;
  let stopping = false;
  const tick = () => {
    if (running) return;
    running = cleanUpDaily({ store, retention, log, stopping: () => stopping }, now())
      .then(() => undefined)
      .catch((error: unknown) => log?.(`Clean-up failed, tried again in an hour: ${(error as Error).message}`))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  return {
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
