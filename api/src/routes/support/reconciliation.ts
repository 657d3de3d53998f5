import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../../context';
import { staffRoute } from '../../http/staffRoute';
import { lastReconciliation } from '../../money/reconcile';

/** The books in the console under `/api/staff` (admins): the last comparison with the card processor. */
export function reconciliationRoutes(app: FastifyInstance, ctx: ApiContext): void {
  staffRoute(app, ctx, endpoints.staffReconciliation, async () => lastReconciliation(ctx.store));
}
