import type { BillingDeps } from './deps';
import type { BillingReport } from './job';
import { runBillingPass } from './job';
import { scheduleCleanUp } from '../../retention/schedule';

const sum = (report: BillingReport) => Object.values(report).reduce((a, b) => a + b, 0);

/**
 * Runs the billing job inside the server: once at start, then every `intervalMinutes` (0: never;
 * operators then run `npm run billing` from cron). Runs never overlap, in one process or across
 * several: a pass holds the billing lock (runBillingPass). The daily clean-up of what may go runs
 * beside it whatever the interval (retention/schedule.ts), and stops with it.
 */
export function scheduleBilling(
  deps: BillingDeps,
  intervalMinutes: number,
  now: () => Date,
): { stop(): Promise<void> } {
  const cleanUp = scheduleCleanUp(deps, now);
  if (intervalMinutes <= 0) return cleanUp;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runBillingPass(deps, now())
      .then((report) => {
        if (!report) deps.log?.('Billing: another process is running a pass; skipped');
        else if (sum(report) > 0) deps.log?.(`Billing: ${JSON.stringify(report)}`);
      })
      .catch((error: unknown) => deps.log?.(`Billing run failed: ${(error as Error).message}`))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMinutes * 60_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([running, cleanUp.stop()]);
    },
  };
}
