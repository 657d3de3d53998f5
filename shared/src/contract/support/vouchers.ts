import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';
import { STAFF_TEXTS, VOUCHER_STAFF_TEXTS } from '../../texts/staff';
import type { Section, StaffEndpoint } from '../endpoint';
import { groupVoucherCode } from '../vouchers';
import { csvLine } from '../../format/csv';
import { isDay, reasonSchema } from './fields';

/*
 * The console's vouchers (docs/vouchers.md), under `/api/staff`: admins issue a batch (its codes come
 * back once, in the issuing answer, and are never stored in clear) and cancel one; agents list the
 * batches and look a code up by its last four characters. Each is in the audit trail.
 */

/** At most this many codes in one batch, and months in one voucher. */
export const VOUCHER_BATCH_MAX = 10_000;
export const VOUCHER_MONTHS_MAX = 24;

export const issueVouchersRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    plan: z.string().check(z.minLength(1), z.maxLength(40)),
    months: z.int().check(z.minimum(1), z.maximum(VOUCHER_MONTHS_MAX)),
    count: z.int().check(z.minimum(1), z.maximum(VOUCHER_BATCH_MAX)),
    validUntil: z.string().check(z.refine(isDay, STAFF_TEXTS.dayFormat)),
    label: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, VOUCHER_STAFF_TEXTS.labelNeeded),
        z.maxLength(100, VOUCHER_STAFF_TEXTS.labelNeeded),
        z.regex(/^[^\p{Cc},;"]*$/u, VOUCHER_STAFF_TEXTS.labelNeeded),
      ),
  }),
);
export type IssueVouchersRequest = z.infer<typeof issueVouchersRequestSchema>;

const voucherBatchSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.int(),
    planCode: z.string(),
    planName: z.string(),
    months: z.int(),
    count: z.int(),
    redeemed: z.int(),
    validUntil: z.string(),
    label: z.string(),
    issuedAt: z.string(),
    issuedBy: z.string(),
    cancelledAt: z.nullable(z.string()),
    cancelledBy: z.nullable(z.string()),
  }),
);
export type VoucherBatch = z.infer<typeof voucherBatchSchema>;

const issuedVouchersSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ batch: voucherBatchSchema, codes: z.array(z.string()) }),
);
export type IssuedVouchers = z.infer<typeof issuedVouchersSchema>;

const voucherBatchListSchema = /* @__PURE__ */ lazySchema(() => z.array(voucherBatchSchema));

export const voucherLookupQuerySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ last: z.string().check(z.regex(/^[2-9A-HJ-NP-Za-hj-np-z]{4}$/, VOUCHER_STAFF_TEXTS.lastCharacters)) }),
);

const voucherFoundSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    lastFour: z.string(),
    batch: voucherBatchSchema,
    redeemedAt: z.nullable(z.string()),
    customerId: z.nullable(z.int()),
    monthsLeft: z.nullable(z.int()),
  }),
);
const voucherLookupSchema = /* @__PURE__ */ lazySchema(() => z.array(voucherFoundSchema));
export type VoucherFound = z.infer<typeof voucherFoundSchema>;

export const cancelBatchRequestSchema = /* @__PURE__ */ lazySchema(() => z.object({ reason: reasonSchema }));

/**
 * The print shop's file: one code a line (grouped, as printed) with the batch's package, months, last
 * valid day and label. The console and the command write the same file.
 */
export function voucherCsv(
  batch: Pick<VoucherBatch, 'id' | 'planName' | 'months' | 'validUntil' | 'label'>,
  codes: readonly string[],
): string {
  const lines = codes.map((code) =>
    csvLine([groupVoucherCode(code), batch.planName, batch.months, batch.validUntil, batch.label, batch.id], ','),
  );
  return `kod,paket,mjeseci,vazi_do,oznaka,serija\r\n${lines.join('')}`;
}

/** The console's vouchers (remotes/support/src/vouchers/), a section of the one table (endpoints.ts). */
export const staffVouchersSection = {
  staffVoucherBatches: {
    method: 'GET',
    path: '/staff/voucher-batches',
    answer: voucherBatchListSchema,
    access: 'agent',
  },
  staffIssueVouchers: {
    method: 'POST',
    path: '/staff/voucher-batches',
    body: issueVouchersRequestSchema,
    answer: issuedVouchersSchema,
    access: 'admin',
  },
  staffCancelVoucherBatch: {
    method: 'POST',
    path: '/staff/voucher-batches/{batchId}/cancel',
    body: cancelBatchRequestSchema,
    answer: voucherBatchSchema,
    access: 'admin',
  },
  staffLookupVoucher: {
    method: 'GET',
    path: '/staff/vouchers',
    query: voucherLookupQuerySchema,
    answer: voucherLookupSchema,
    access: 'agent',
  },
} as const satisfies Section<StaffEndpoint>;
