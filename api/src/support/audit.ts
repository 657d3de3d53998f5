import { STAFF_TEXTS, type AuditEntryAnswer } from '@portal/shared/contract/support';
import type { Repositories, Store } from '../repositories';
import type { AuditFilter, AuditRow } from '../repositories/audit';
import type { LockedSummaryRow } from '../repositories/customers';
import type { StaffSession } from '../repositories/staff';
import { csvLine } from '@portal/shared/format';
import { addDays, dayStart } from '../days';
import { DomainError } from '../errors';

/** What the console's use cases need at least: the repositories and the clock. */
export interface SupportDeps {
  store: Store;
  now: () => Date;
}

/** One entry of the audit trail by the member of staff behind `staff` (decision 032: every read and change). */
export function recordAudit(
  deps: SupportDeps,
  staff: StaffSession,
  action: string,
  customerId: number | null,
  extra: { reason?: string; after?: unknown } = {},
): Promise<void> {
  return deps.store.audit.record(
    { staffId: staff.staffId, staffName: staff.name, action, customerId, ...extra },
    deps.now(),
  );
}

export const customerNotFound = () => new DomainError('not-found', STAFF_TEXTS.customerNotFound, 'NOT_FOUND');

/** A console's change of one customer: what it answers, and what the trail says it was before and after. */
interface StaffChange<T> {
  result: T;
  before: object;
  after: object;
}

/**
 * A console's change of one customer in one transaction: their row locked first (as every change of
 * their subscription takes it), a missing customer refused (404), `change` made on what the console
 * showed of them, and its audit entry, with the reason and the before and after, written with it.
 */
export function changeByStaff<T>(
  store: Store,
  staff: StaffSession,
  entry: { customerId: number; action: string; reason: string; at: Date },
  change: (tx: Repositories, before: LockedSummaryRow) => Promise<StaffChange<T>>,
): Promise<T> {
  const { customerId, action, reason, at } = entry;
  return store.transaction(async (tx) => {
    const locked = await tx.customers.lockedSummary(customerId);
    if (!locked) throw customerNotFound();
    const { result, before, after } = await change(tx, locked);
    await tx.audit.record(
      { staffId: staff.staffId, staffName: staff.name, action, customerId, reason, before, after },
      at,
    );
    return result;
  });
}

/** The customer, who must exist (else a 404), with the read recorded in the audit trail as `customer.read.<what>`. */
export async function readCustomer(
  deps: SupportDeps,
  staff: StaffSession,
  customerId: number,
  what: string,
): Promise<number> {
  if (!(await deps.store.customers.summary(customerId))) throw customerNotFound();
  await recordAudit(deps, staff, `customer.read.${what}`, customerId);
  return customerId;
}

/** The trail's filters as the console's address carries them (contract/support/audit.ts, auditQuerySchema). */
interface AuditQuery {
  customer?: string;
  staff?: string;
  action?: string;
  from?: string;
  to?: string;
  before?: string;
}

interface AuditPage {
  items: AuditEntryAnswer[];
  nextBefore: number | null;
}

const auditEntry = (row: AuditRow): AuditEntryAnswer => ({
  id: Number(row.id),
  at: row.at.toISOString(),
  staffId: row.staff_id,
  staffName: row.staff_name,
  action: row.action,
  customerId: row.customer_id,
  reason: row.reason,
  before: row.before,
  after: row.after,
});

/** A page of entries, newest first; `nextBefore` asks for the next one when this one is full. */
const auditPage = (rows: AuditRow[], limit: number): AuditPage => ({
  items: rows.map(auditEntry),
  nextBefore: rows.length === limit ? Number(rows[rows.length - 1]!.id) : null,
});

function auditFilter(query: AuditQuery, limit: number): AuditFilter {
  return {
    customerId: query.customer ? Number(query.customer) : undefined,
    staffId: query.staff ? Number(query.staff) : undefined,
    action: query.action,
    // Days in Sarajevo, as the console shows the times (days.ts); the whole last day.
    from: query.from ? dayStart(query.from) : undefined,
    to: query.to ? dayStart(addDays(query.to, 1)) : undefined,
    beforeId: query.before ? Number(query.before) : undefined,
    limit,
  };
}

/** One customer's trail, its last 100 entries; reading it is itself recorded. */
export async function customerAudit(deps: SupportDeps, staff: StaffSession, customerId: number): Promise<AuditPage> {
  const rows = await deps.store.audit.list({
    customerId: await readCustomer(deps, staff, customerId, 'audit'),
    limit: 100,
  });
  return auditPage(rows, 100);
}

/** Everyone's trail by the console's filters, a page of 100 at a time; reading it is itself recorded. */
export async function listAudit(deps: SupportDeps, staff: StaffSession, query: AuditQuery): Promise<AuditPage> {
  const limit = 100;
  const rows = await deps.store.audit.list(auditFilter(query, limit));
  await recordAudit(deps, staff, 'audit.read', query.customer ? Number(query.customer) : null);
  return auditPage(rows, limit);
}

/**
 * The audit trail as CSV: `;`-separated with a byte-order mark, as spreadsheets in Bosnia open it; its
 * cells made inert for spreadsheets (csvLine).
 */
function auditCsv(rows: AuditRow[]): string {
  const header = ['id', 'vrijeme', 'osoblje', 'radnja', 'korisnik', 'razlog', 'prije', 'poslije'];
  const lines = rows.map((row) =>
    csvLine(
      [row.id, row.at.toISOString(), row.staff_name, row.action, row.customer_id, row.reason, row.before, row.after],
      ';',
    ),
  );
  return `\uFEFF${csvLine(header, ';')}${lines.join('')}`;
}

/**
 * The same entries as a file for a spreadsheet (CSV), at most 10 000 at once (narrow the dates for
 * more); the export is itself recorded.
 */
export async function exportAudit(deps: SupportDeps, staff: StaffSession, query: AuditQuery): Promise<string> {
  const rows = await deps.store.audit.list(auditFilter(query, 10_000));
  await recordAudit(deps, staff, 'audit.export', query.customer ? Number(query.customer) : null);
  return auditCsv(rows);
}
