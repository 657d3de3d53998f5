import type { FastifyInstance } from 'fastify';
import { VOUCHER_STAFF_TEXTS, voucherEndpoints } from '@portal/shared/contract/staffVouchers';
import { isRowId } from '@portal/shared/contract/staff';
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

  staffRoute(app, ctx, voucherEndpoints.voucherBatches, async () => listBatches(ctx.store));

  staffRoute(app, ctx, voucherEndpoints.issueVouchers, async ({ staff, body }) =>
    issueVouchers(deps, who(staff), body),
  );

  staffRoute(app, ctx, voucherEndpoints.cancelVoucherBatch, async ({ staff, params, body }) => {
    if (!isRowId(params.batchId)) throw new HttpError(404, VOUCHER_STAFF_TEXTS.batchNotFound, 'NOT_FOUND');
    return cancelBatch(deps, who(staff), Number(params.batchId), body.reason);
  });

  staffRoute(app, ctx, voucherEndpoints.lookupVoucher, async ({ staff, query }) =>
    lookUpVoucher(deps, who(staff), query.last),
  );
}
