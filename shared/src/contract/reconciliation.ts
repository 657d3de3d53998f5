/**
 * The books compared with the card processor's ('Usklađivanje', money/reconcile.ts): the answer the
 * console reads (support/reconciliation.ts) and the sandbox's own run answers (sandbox.ts).
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';

/**
 * What a difference is: NO_ORDER, the processor charged and the portal has no charge (a charge on no
 * order); NOT_CHARGED, the portal has a charge the processor does not; AMOUNT, the amounts charged
 * differ; REFUNDED, what was given back differs (a refund the portal did not make).
 */
const DIFFERENCE_KINDS = ['NO_ORDER', 'NOT_CHARGED', 'AMOUNT', 'REFUNDED'] as const;

/** The last run (null when the books were never compared): its period, when, with which processor, and each difference in KM. */
export const reconciliationSchema = /* @__PURE__ */ lazySchema(() =>
  z.nullable(
    z.object({
      from: z.string(),
      to: z.string(),
      ranAt: z.string(),
      processor: z.string(),
      payments: z.number(),
      differences: z.array(
        z.object({
          kind: z.enum(DIFFERENCE_KINDS),
          paymentId: z.string(),
          orderNumber: z.nullable(z.string()),
          customerId: z.nullable(z.number()),
          portal: z.nullable(z.number()),
          processor: z.nullable(z.number()),
        }),
      ),
    }),
  ),
);
export type ReconciliationAnswer = z.infer<typeof reconciliationSchema>;
