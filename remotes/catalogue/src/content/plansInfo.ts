import plansFile from '../../content/plans.json';
import type { PlansFile } from './schemas';
import { bundled } from './bundled';

/** The static plan file (product.md §3), used by /paketi and the embed widget. */
export const plansInfo = bundled<PlansFile>(plansFile);
