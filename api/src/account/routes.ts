import type { FastifyInstance } from 'fastify';
import { accountInfoSchema, type AccountInfo } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import { requireCustomer } from '../auth/guard';
import { findCustomerById } from '../auth/customers';
import { HttpError, respond } from '../http/validate';

/** `GET /{product}/accountInfo` (spec 7, Service). Subscriptions arrive with the account issue. */
export function accountRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get(`/${ctx.config.product}/accountInfo`, async (request): Promise<AccountInfo> => {
    const { customerId } = await requireCustomer(ctx, request);
    const customer = await findCustomerById(ctx.db, customerId);
    if (!customer) throw new HttpError(401, 'Sesija je istekla. Prijavi se ponovo.', 'UNAUTHORIZED');
    return respond(accountInfoSchema, { status: null, plan: null, nextPaymentOn: null, accountNumber: customer.customer_number, promos: [] });
  });
}
