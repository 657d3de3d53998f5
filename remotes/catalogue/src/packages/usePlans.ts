import { getPlans, useLoad } from '@portal/shared';

/** Prices and promos from the API; `retry` asks again after a failure. */
export function usePlans() {
  return useLoad(getPlans, 'Plans');
}
