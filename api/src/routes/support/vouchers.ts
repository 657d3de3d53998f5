import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import { VOUCHER_STAFF_TEXTS, isRowId } from '@portal/shared/contract/support';
import type { ApiContext } from '../../context';
import { staffRoute } from '../../http/staffRoute';
import { HttpError } from '../../http/validate';
import { cancelBatch, issueVouchers, listBatches, lookUpVoucher, type VoucherDeps } from '../../money/vouchers/batches';

/**
 * The console's vouchers (docs/vouchers.md), under `/api/staff`: admins issue and cancel batches,
 * agents list them and look a code up by its last four characters; each in the audit trail.
 * Registered by app.ts beside the other route files of routes/support/ (routes/support/).
 */
export function supportVoucherRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const deps: VoucherDeps = { store: ctx.store, sealing: ctx.keys.sealing, now: ctx.now };
  const who = (staff: { staffId: number; name: string }) => ({ staffId: staff.staffId, name: staff.name });

  staffRoute(app, ctx, endpoints.staffVoucherBatches, async () => listBatches(ctx.store));

  staffRoute(app, ctx, endpoints.staffIssueVouchers, async ({ staff, body }) => issueVouchers(deps, who(staff), body));

  staffRoute(app, ctx, endpoints.staffCancelVoucherBatch, async ({ staff, params, body }) => {
    if (!isRowId(params.batchId)) throw new HttpError(404, VOUCHER_STAFF_TEXTS.batchNotFound, 'NOT_FOUND');
    return cancelBatch(deps, who(staff), Number(params.batchId), body.reason);
  });

  staffRoute(app, ctx, endpoints.staffLookupVoucher, async ({ staff, query }) =>
    lookUpVoucher(deps, who(staff), query.last),
  );
}
