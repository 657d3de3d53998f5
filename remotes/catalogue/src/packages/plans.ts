/** The package offer: the static plan file merged by code with `GET /{product}/plans` (product.md §2, Public). */
import type { AccountInfo, Plan, Promo } from '@portal/shared/contract';
import { activePromo } from '@portal/shared/format';
import type { PlanInfo, PlansFile } from '../content/schemas';

export interface PackageOffer extends PlanInfo {
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
): PackageOffer[] {
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

/**
 * What a package card offers its viewer (product.md §2, Public): 'PRETPLATI SE' unless the customer has a
 * subscription that has not expired; 'PAKET AKTIVIRAN' on the package they have, and 'PROMIJENI PAKET' on
 * the others while it is ACTIVE (product.md §10, Changing the package). While the customer's status is
 * still being checked (a prerendered page, before and while it hydrates) the button's place is held,
 * unseen, so no button flashes and disappears and nothing below it moves.
 */
export type PackageAction = 'subscribe' | 'active' | 'change' | 'none' | 'held';
export type Viewer = { kind: 'anonymous' } | { kind: 'checking' } | { kind: 'customer'; info: AccountInfo | null };

export function packageAction(viewer: Viewer, code: string): PackageAction {
  if (viewer.kind === 'anonymous') return 'subscribe';
  if (viewer.kind === 'checking') return 'held';
  const { info } = viewer;
  // Unknown status (account info failed): offer the button; the subscribe page checks the status itself.
  if (!info || info.status === null || info.status === 'EXPIRED') return 'subscribe';
  if (info.plan?.code === code) return 'active';
  return info.status === 'ACTIVE' ? 'change' : 'none';
}
