import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import type { Section } from './endpoint';
import { billingReportSchema, billingRunRequestSchema } from './account';
import { reconciliationSchema } from './reconciliation';

/** `GET /api/dev/outbox?to=`: the sandbox's delivered messages, newest first. */
const outboxEntrySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    to: z.string(),
    channel: z.enum(['SMS', 'EMAIL']),
    text: z.string(),
    code: z.nullable(z.string()),
    time: z.string(),
  }),
);
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/**
 * The sandbox's own calls, a section of the one table (endpoints.ts): served only when the portal runs as
 * a sandbox (`sandboxOnly`).
 */
export const sandboxSection = {
  /** Runs one billing pass as of `at` (default now), so a renewal can be seen without waiting a month. */
  runBilling: {
    method: 'POST',
    path: '/dev/billing',
    body: billingRunRequestSchema,
    answer: billingReportSchema,
    access: 'public',
    sandboxOnly: true,
  },
  /** Compares the ledger with the sandbox processor over all time (money/reconcile.ts), as the console shows it. */
  runReconciliation: {
    method: 'POST',
    path: '/dev/reconcile',
    answer: reconciliationSchema,
    access: 'public',
    sandboxOnly: true,
  },
  outbox: {
    method: 'GET',
    path: '/dev/outbox',
    query: /* @__PURE__ */ lazySchema(() => z.object({ to: z.optional(z.string()) })),
    answer: /* @__PURE__ */ lazySchema(() => z.array(outboxEntrySchema)),
    access: 'public',
    sandboxOnly: true,
  },
} as const satisfies Section;
