import type { AccountInfo, SubscriptionStatus } from '@portal/shared';
import { parseDay } from '@portal/shared';

/** Status labels of spec 4. */
export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  ACTIVE: 'AKTIVNA',
  DEACTIVATED: 'DEAKTIVIRANA',
  BLOCKED: 'BLOKIRANA',
  EXPIRED: 'ISTEKLA',
};

/** True when a calendar day (`2026-12-01`) is after today: the paid period still runs. */
export function isFutureDay(day: string | null, now: Date = new Date()): boolean {
  const date = day ? parseDay(day) : null;
  if (!date) return false;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return date.getTime() > today.getTime();
}

/** Spec 4: reactivation without payment needs DEACTIVATED and a next payment date still ahead. */
export function canReactivateWithoutPayment(info: AccountInfo, now: Date = new Date()): boolean {
  return info.status === 'DEACTIVATED' && isFutureDay(info.nextPaymentOn, now);
}
