/** The package offer: the static plan file merged by code with `GET /{product}/plans` (product.md §2, Public). */
import type { Plan, Promo } from '@portal/shared/contract';
import { activePromo } from '@portal/shared/format';
import type { PlanInfo, PlansFile } from '../content/schemas';

export interface PlanOffer extends PlanInfo {
  code: string;
  /** Monthly price in KM with VAT; null when the plans call failed or does not list the plan. */
  price: number | null;
  promo: Promo | null;
}

/** `usedPromos`: plans whose promo the viewer has used (once per customer and plan), offered without it. */
export function mergePlans(
  file: PlansFile,
  plans: readonly Plan[] | null,
  now: Date = new Date(),
  usedPromos: readonly string[] = [],
): PlanOffer[] {
  return file.list.map((code) => {
    const plan = plans?.find((p) => p.code === code);
    return {
      code,
      ...file.plans[code],
      price: plan?.price ?? null,
      promo: plan && !usedPromos.includes(code) ? activePromo(plan.promos, now) : null,
    };
  });
}
