import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import type { Section } from './endpoint';
import { serviceStatusSchema } from './subscription';

/*
 * A pause (product.md §10, A pause, and decision 055): a subscriber's break from service and charges of one
 * to three months, from the end of the paid period, and its early end ('Nastavi pretplatu').
 */

/** The lengths a pause may have, in months (product.md §10, A pause). */
export const PAUSE_MONTHS = [1, 2, 3] as const;

/** `POST /{product}/pause`: a pause of 1, 2 or 3 months from the end of the period paid. */
const pauseRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ months: z.int().check(z.gte(1), z.lte(PAUSE_MONTHS.length)) }),
);

/** The pause's calls, a section of the one table (endpoints.ts). */
export const pauseSection = {
  /** 'Potvrdi pauzu': an ACTIVE subscription pauses from the end of its paid period (product.md §10, A pause). */
  pause: {
    method: 'POST',
    path: '/{product}/pause',
    body: pauseRequestSchema,
    answer: serviceStatusSchema,
    access: 'customer',
  },
  /** 'Nastavi pretplatu': the pause ends at once; a running one is charged from today. */
  resume: { method: 'POST', path: '/{product}/resume', answer: serviceStatusSchema, access: 'customer' },
} as const satisfies Section;
