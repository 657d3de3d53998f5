import type { Plan } from '../contract';
import { calls } from './client';

/** Prices and promos of the packages. */
export const getPlans = (signal?: AbortSignal): Promise<Plan[]> => calls.plans({ signal });
