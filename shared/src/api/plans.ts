import { plansResponseSchema, type Plan } from '../contract';
import { api, productPath } from './client';
import { parseResponse } from './errors';

/** `GET /{product}/plans` (spec 7, Service): prices and promos of the packages. */
export async function getPlans(): Promise<Plan[]> {
  const url = productPath('plans');
  const response = await api.get(url);
  return parseResponse(plansResponseSchema, response.data, url);
}
