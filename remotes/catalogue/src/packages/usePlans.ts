import { api, parseResponse, plansResponseSchema, productPath, useLoad, type Plan } from '@portal/shared';

export async function getPlans(): Promise<Plan[]> {
  const url = productPath('plans');
  const response = await api.get(url);
  return parseResponse(plansResponseSchema, response.data, url);
}

/** Prices and promos from the API; `retry` asks again after a failure. */
export function usePlans() {
  return useLoad(getPlans, 'Plans');
}
