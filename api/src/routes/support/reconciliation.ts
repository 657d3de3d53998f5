import type { FastifyInstance } from 'fastify';
import { staffEndpoints } from '@portal/shared/contract/staff';
import type { ApiContext } from '../../context';
import { staffRoute } from '../../http/staffRoute';
import { lastReconciliation } from '../../money/reconcile';

/** The books in the console under `/api/staff` (admins): the last comparison with the card processor. */
export function reconciliationRoutes(app: FastifyInstance, ctx: ApiContext): void {
  staffRoute(app, ctx, staffEndpoints.reconciliation, async () => lastReconciliation(ctx.store));
}
