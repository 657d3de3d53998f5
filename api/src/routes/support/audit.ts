import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../../context';
import { staffRoute } from '../../http/staffRoute';
import { customerIdOf } from '../../http/staffAccess';
import { customerAudit, exportAudit, listAudit } from '../../support/audit';

/**
 * The audit trail in the console under `/api/staff`: one customer's, everyone's by filter, and the same
 * as a CSV file; reading it is itself recorded (docs/decisions/032-support-console.md). Each route calls
 * one use case of support/audit.ts. Registered by app.ts beside the other route files of routes/support/.
 */
export function supportAuditRoutes(app: FastifyInstance, ctx: ApiContext): void {
  staffRoute(app, ctx, endpoints.staffCustomerAudit, async ({ staff, params }) =>
    customerAudit(ctx, staff, customerIdOf(params)),
  );

  staffRoute(app, ctx, endpoints.staffAudit, async ({ staff, query }) => listAudit(ctx, staff, query));

  // The same entries as a file for a spreadsheet.
  staffRoute(app, ctx, endpoints.staffAuditCsv, async ({ staff, query, reply }) => {
    const csv = await exportAudit(ctx, staff, query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="revizija.csv"')
      .send(csv);
  });
}
