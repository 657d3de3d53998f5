/** The books in the console ('Usklađivanje'): the last comparison of the ledger with the card processor. */
import type { Section, StaffEndpoint } from '../endpoint';
import { reconciliationSchema } from '../reconciliation';

export type { ReconciliationAnswer } from '../reconciliation';

/** The books in the console (remotes/support/src/reconciliation/), a section of the one table (endpoints.ts). */
export const staffReconciliationSection = {
  /** The last comparison of the ledger with the card processor ('Usklađivanje', money/reconcile.ts). */
  staffReconciliation: {
    method: 'GET',
    path: '/staff/reconciliation',
    answer: reconciliationSchema,
    access: 'admin',
  },
} as const satisfies Section<StaffEndpoint>;
