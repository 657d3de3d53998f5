import { getPlans, useLoad } from '@portal/shared';
import type { Plan } from '@portal/shared/contract';

let early: Promise<Plan[]> | null = null;

/**
 * Asks the API for the plans while the packages page's code is still downloading, so a first visit
 * waits for one round trip less before the prices (the page's largest paint) show.
 */
export function prefetchPlans(): void {
  if (early) return;
  early = getPlans();
  early.catch(() => undefined); // the page reports a failure when it takes the answer
}

/** The prefetched answer once; afterwards (a retry, the next visit) a fresh request. */
function loadPlans(signal: AbortSignal): Promise<Plan[]> {
  const answer = early ?? getPlans(signal);
  early = null;
  return answer;
}

/** Prices and promos from the API; `retry` asks again after a failure. */
export function usePlans() {
  return useLoad(loadPlans, 'Plans');
}
