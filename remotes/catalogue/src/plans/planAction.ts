import { localDay, maySubscribe, type AccountInfo } from '@portal/shared';

/**
 * What a package card offers its viewer (product.md §2, Public): 'PRETPLATI SE' to visitors and to a
 * customer who may buy (`maySubscribe`, product.md §4); else 'PAKET AKTIVIRAN' on the package they have, and 'PROMIJENI PAKET' on
 * the others while it is ACTIVE (product.md §10, Changing the package). While the customer's status is
 * still being checked (a prerendered page, before and while it hydrates) the button's place is held,
 * unseen, so no button flashes and disappears and nothing below it moves.
 */
export type PlanAction = 'subscribe' | 'active' | 'change' | 'none' | 'held';
export type Viewer = { kind: 'anonymous' } | { kind: 'checking' } | { kind: 'customer'; info: AccountInfo | null };

export function planAction(viewer: Viewer, code: string, today: string = localDay()): PlanAction {
  if (viewer.kind === 'anonymous') return 'subscribe';
  if (viewer.kind === 'checking') return 'held';
  const { info } = viewer;
  // Unknown status (account info failed): offer the button; the subscribe page checks the status itself.
  if (!info || maySubscribe(info, today)) return 'subscribe';
  if (info.plan?.code === code) return 'active';
  return info.status === 'ACTIVE' ? 'change' : 'none';
}
