/** Looking a customer up in the console (remotes/support/src/search/). */
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';
import { STAFF_TEXTS } from '../../texts/staff';
import type { Section, StaffEndpoint } from '../endpoint';
import { customerSummarySchema } from './customers';

/**
 * Finding customers: by phone, e-mail, name, account number or invoice number; 20 a page. In a POST's
 * body, not the address: what is searched for is a customer's data, and addresses end up in logs.
 */
export const customerSearchRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    q: z.string().check(z.trim(), z.minLength(2, STAFF_TEXTS.searchTooShort), z.maxLength(100)),
    page: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(1000)), 1),
  }),
);
const customerSearchSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    items: z.array(customerSummarySchema),
    page: z.number(),
    pages: z.number(),
    total: z.number(),
  }),
);

/** The console's search, a section of the one table (endpoints.ts). */
export const staffSearchSection = {
  staffSearchCustomers: {
    method: 'POST',
    path: '/staff/customers/search',
    body: customerSearchRequestSchema,
    answer: customerSearchSchema,
    access: 'agent',
  },
} as const satisfies Section<StaffEndpoint>;
