import type { SubscriptionStatus } from '@portal/shared';

/** Status labels (product.md §4). */
export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  ACTIVE: 'AKTIVNA',
  DEACTIVATED: 'DEAKTIVIRANA',
  BLOCKED: 'BLOKIRANA',
  EXPIRED: 'ISTEKLA',
};
