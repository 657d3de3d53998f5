import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import type { Section } from './endpoint';
import { creditCardSchema } from './cards';
import { mbonSchema } from './vouchers';

/** `GET /customer/payment-data` (product.md §3): cards and mbons, the prepaid vouchers redeemed (docs/vouchers.md). */
export const paymentDataSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    creditCards: z.array(creditCardSchema),
    mbons: z.array(mbonSchema),
  }),
);
export type PaymentData = z.infer<typeof paymentDataSchema>;

/** The payment data's call (api/src/customer/paymentData.ts), a section of the one table (endpoints.ts). */
export const paymentDataSection = {
  paymentData: {
    method: 'GET',
    path: '/customer/payment-data',
    answer: paymentDataSchema,
    access: 'customer',
  },
} as const satisfies Section;
