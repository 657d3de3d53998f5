import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../../context';
import { staffRoute } from '../../http/staffRoute';
import { customerIdOf } from '../../http/staffAccess';
import {
  customerInvoice,
  customerPayments,
  messagesSentTo,
  searchCustomers,
  viewCustomer,
} from '../../support/customerReads';

/**
 * The console's reads of customers under `/api/staff`: finding them, one customer's summary, payments,
 * an invoice and the messages sent to them, each read in the audit trail (docs/decisions/032-support-console.md).
 * Each route calls one use case of support/customerReads.ts. Registered by app.ts beside the other route files of routes/support/.
 */
export function supportCustomerRoutes(app: FastifyInstance, ctx: ApiContext): void {
  staffRoute(app, ctx, endpoints.staffSearchCustomers, async ({ staff, body }) =>
    searchCustomers(ctx, staff, body.q, body.page),
  );

  staffRoute(app, ctx, endpoints.staffCustomer, async ({ staff, params }) =>
    viewCustomer(ctx, staff, customerIdOf(params)),
  );

  staffRoute(app, ctx, endpoints.staffCustomerPayments, async ({ staff, params }) =>
    customerPayments(ctx, staff, customerIdOf(params)),
  );

  staffRoute(app, ctx, endpoints.staffCustomerInvoice, async ({ staff, params }) =>
    customerInvoice(ctx, staff, customerIdOf(params), params.orderNumber),
  );

  staffRoute(app, ctx, endpoints.staffCustomerMessages, async ({ staff, params }) =>
    messagesSentTo(ctx, staff, customerIdOf(params)),
  );
}
