import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import { endpoint } from './endpoint';
import { billingReportSchema, billingRunRequestSchema } from './account';
import { outboxEntrySchema } from './registration';
import { reconciliationSchema } from './staff/reconciliation';

/**
 * The sandbox's own calls, a section of the one endpoint table (`endpoints`, which spreads it): served only
 * when the portal runs as a sandbox (`sandboxOnly`).
 */
export const sandboxEndpoints = {
  /** Runs one billing pass as of `at` (default now), so a renewal can be seen without waiting a month. */
  runBilling: endpoint({
    method: 'POST',
    path: '/dev/billing',
    body: billingRunRequestSchema,
    answer: billingReportSchema,
    access: 'public',
    sandboxOnly: true,
  }),
  /** Compares the ledger with the sandbox processor over all time (money/reconcile.ts), as the console shows it. */
  runReconciliation: endpoint({
    method: 'POST',
    path: '/dev/reconcile',
    answer: reconciliationSchema,
    access: 'public',
    sandboxOnly: true,
  }),
  outbox: endpoint({
    method: 'GET',
    path: '/dev/outbox',
    query: /* @__PURE__ */ lazySchema(() => z.object({ to: z.optional(z.string()) })),
    answer: /* @__PURE__ */ lazySchema(() => z.array(outboxEntrySchema)),
    access: 'public',
    sandboxOnly: true,
  }),
} as const;
