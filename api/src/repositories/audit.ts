import { Repository } from './base';

interface AuditEntry {
  /** Null only for a sign-in to an e-mail address no member has (`staffName` is then the address typed). */
  staffId: number | null;
  staffName: string;
  /**
   * What was done: `customer.view`, `customer.block`, `payment.refund` …, and the sign-in's own:
   * `staff.signin.failed`, `staff.totp.failed`, `staff.passkey.failed`, `staff.locked`, `staff.signout`, and a
   * member's own passkeys `staff.passkey.added`, `staff.passkey.removed` (the console's texts.ts labels them).
   */
  action: string;
  customerId: number | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

export interface AuditRow {
  id: number;
  at: Date;
  staff_id: number | null;
  staff_name: string;
  action: string;
  customer_id: number | null;
  reason: string | null;
  before: unknown;
  after: unknown;
}

export interface AuditFilter {
  customerId?: number;
  staffId?: number;
  action?: string;
  from?: Date;
  to?: Date;
  /** Entries older than this id (the next page of a newest-first list). */
  beforeId?: number;
  limit: number;
}

/** `audit_events`: appended to, never changed (the table's triggers refuse UPDATE, DELETE and TRUNCATE). */
export class AuditRepository extends Repository {
  async record(entry: AuditEntry, at: Date): Promise<void> {
    await this.q.query(
      `INSERT INTO audit_events (at, staff_id, staff_name, action, customer_id, reason, before, after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        at,
        entry.staffId,
        entry.staffName,
        entry.action,
        entry.customerId,
        entry.reason ?? null,
        entry.before === undefined ? null : JSON.stringify(entry.before),
        entry.after === undefined ? null : JSON.stringify(entry.after),
      ],
    );
  }

  /** Newest first. */
  async list(filter: AuditFilter): Promise<AuditRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filter.customerId !== undefined) add('customer_id = ?', filter.customerId);
    if (filter.staffId !== undefined) add('staff_id = ?', filter.staffId);
    if (filter.action !== undefined) add('action = ?', filter.action);
    if (filter.from !== undefined) add('at >= ?', filter.from);
    if (filter.to !== undefined) add('at < ?', filter.to);
    if (filter.beforeId !== undefined) add('id < ?', filter.beforeId);
    params.push(filter.limit);
    return this.q.query<AuditRow>(
      `SELECT id, at, staff_id, staff_name, action, customer_id, reason, before, after FROM audit_events
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT $${params.length}`,
      params,
    );
  }
}
