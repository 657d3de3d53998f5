/** The audit trail: its entries, the console's filter as typed, and the query it becomes. */
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';
import { STAFF_TEXTS } from '../../texts/staff';
import type { Section, StaffEndpoint } from '../endpoint';
import { isDay, isRowId } from './fields';

/** The query's customer and member (row ids) and its days, as the address carries them. */
const rowId = /* @__PURE__ */ lazySchema(() => z.string().check(z.refine(isRowId)));
const day = /* @__PURE__ */ lazySchema(() => z.string().check(z.refine(isDay, STAFF_TEXTS.dayFormat)));

const auditEntrySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    at: z.string(),
    /** Null for a sign-in to an e-mail address no member has (`staffName` is the address typed). */
    staffId: z.nullable(z.number()),
    staffName: z.string(),
    action: z.string(),
    customerId: z.nullable(z.number()),
    reason: z.nullable(z.string()),
    before: z.unknown(),
    after: z.unknown(),
  }),
);
export type AuditEntryAnswer = z.infer<typeof auditEntrySchema>;
const auditListSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ items: z.array(auditEntrySchema), nextBefore: z.nullable(z.number()) }),
);
/** A field of the console's filter: left blank, or a value `valid` accepts. */
const blankOr = (valid: (value: string) => boolean, message: string) =>
  z.string().check(
    z.trim(),
    z.refine((value) => value === '' || valid(value), message),
  );
/** The console's filter of the trail, as typed (blank fields filter nothing): the query below once the blanks are dropped. */
export const auditFilterFormSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    customer: blankOr(isRowId, STAFF_TEXTS.customerIdFormat),
    action: z.string().check(z.maxLength(60)),
    from: blankOr(isDay, STAFF_TEXTS.dayFormat),
    to: blankOr(isDay, STAFF_TEXTS.dayFormat),
  }),
);
const auditQuerySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    customer: z.optional(rowId),
    staff: z.optional(rowId),
    action: z.optional(z.string().check(z.maxLength(60))),
    from: z.optional(day),
    to: z.optional(day),
    before: z.optional(z.string().check(z.regex(/^[1-9]\d{0,17}$/))),
  }),
);

/** The audit trail (remotes/support/src/audit/), a section of the one table (endpoints.ts). */
export const staffAuditSection = {
  staffCustomerAudit: {
    method: 'GET',
    path: '/staff/customers/{customerId}/audit',
    answer: auditListSchema,
    access: 'agent',
  },
  staffAudit: {
    method: 'GET',
    path: '/staff/audit',
    query: auditQuerySchema,
    answer: auditListSchema,
    access: 'admin',
  },
  /** The audit trail as CSV, with the list's filters (a spreadsheet's file: UTF-8 with its mark, `;`-separated). */
  staffAuditCsv: { method: 'GET', path: '/staff/audit.csv', query: auditQuerySchema, access: 'admin' },
} as const satisfies Section<StaffEndpoint>;
