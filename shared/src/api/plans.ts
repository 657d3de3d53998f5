import type { Plan } from '../contract';
import { calls } from './client';

/** Prices and promos of the packages. */
export const getPlans = (): Promise<Plan[]> => calls.plans();
