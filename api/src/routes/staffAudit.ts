import type { FastifyInstance } from 'fastify';
import { staffEndpoints } from '@portal/shared/contract/staff';
import type { ApiContext } from '../context';
import type { AuditFilter, AuditRow } from '../repositories/audit';
import { staffRoute } from '../http/staffRoute';
import { readCustomer, recordAudit } from '../http/staffAccess';

const auditEntry = (row: AuditRow) => ({
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

const auditPage = (rows: AuditRow[], limit: number) => ({
  items: rows.map(auditEntry),
  nextBefore: rows.length === limit ? Number(rows[rows.length - 1]!.id) : null,
});

function auditFilter(
  query: { customer?: string; staff?: string; action?: string; from?: string; to?: string; before?: string },
  limit: number,
): AuditFilter {
  return {
    customerId: query.customer ? Number(query.customer) : undefined,
    staffId: query.staff ? Number(query.staff) : undefined,
    action: query.action,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    // The whole last day.
    to: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000) : undefined,
    beforeId: query.before ? Number(query.before) : undefined,
    limit,
  };
}

/** A CSV field: quoted, quotes doubled, and a leading =, +, - or @ made inert for spreadsheets (CSV injection). */
const csvField = (value: unknown): string => {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
};

/** The audit trail as CSV: `;`-separated with a byte-order mark, as spreadsheets in Bosnia open it. */
function auditCsv(rows: AuditRow[]): string {
  const header = ['id', 'vrijeme', 'osoblje', 'radnja', 'korisnik', 'razlog', 'prije', 'poslije'];
  const lines = rows.map((row) =>
    [row.id, row.at.toISOString(), row.staff_name, row.action, row.customer_id, row.reason, row.before, row.after]
      .map(csvField)
      .join(';'),
  );
  return `\uFEFF${[header.map(csvField).join(';'), ...lines].join('\r\n')}\r\n`;
}

/**
 * The audit trail in the console under `/api/staff`: one customer's, everyone's by filter, and the same
 * as a CSV file; reading it is itself recorded (docs/decisions/032-support-console.md). Registered by
 * app.ts beside the other staff route files.
 */
export function staffAuditRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { store } = ctx;
  staffRoute(app, ctx, staffEndpoints.customerAudit, async ({ staff, params }) => {
    const rows = await store.audit.list({ customerId: await readCustomer(ctx, staff, params, 'audit'), limit: 100 });
    return auditPage(rows, 100);
  });

  staffRoute(app, ctx, staffEndpoints.audit, async ({ staff, query }) => {
    const limit = 100;
    const rows = await store.audit.list(auditFilter(query, limit));
    await recordAudit(ctx, staff, 'audit.read', query.customer ? Number(query.customer) : null);
    return auditPage(rows, limit);
  });

  // The same entries as a file for a spreadsheet, at most 10 000 at once (narrow the dates for more).
  staffRoute(app, ctx, staffEndpoints.auditCsv, async ({ staff, query, reply }) => {
    const rows = await store.audit.list(auditFilter(query, 10_000));
    await recordAudit(ctx, staff, 'audit.export', query.customer ? Number(query.customer) : null);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="revizija.csv"')
      .send(auditCsv(rows));
  });
}
