import type { FastifyInstance } from 'fastify';
import { usernameOf } from '@portal/shared/contract';
import { STAFF_TEXTS, staffEndpoints } from '@portal/shared/contract/staff';
import type { ApiContext } from '../context';
import { HttpError } from '../http/validate';
import { staffRoute } from '../http/staffRoute';
import { customerIdOf, readCustomer, recordAudit } from '../http/staffAccess';
import { customerSummary } from '../staff/customers';
import { invoiceOf, paymentHistory } from '../payments/orders';

const PAGE_SIZE = 20;

/**
 * The console's reads of customers under `/api/staff`: finding them, one customer's summary, payments,
 * an invoice and the messages sent to them, each read in the audit trail (docs/decisions/032-support-console.md).
 * Registered by app.ts beside the other staff route files.
 */
export function staffCustomerRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { store } = ctx;
  // Finding customers: the search itself is recorded, with what was asked.
  staffRoute(app, ctx, staffEndpoints.searchCustomers, async ({ staff, body }) => {
    const { q, page } = body;
    const phone = q.includes('@') ? null : (usernameOf(q)?.value ?? null);
    const { rows, total } = await store.customers.search(q, phone, PAGE_SIZE, (page - 1) * PAGE_SIZE);
    await recordAudit(ctx, staff, 'customer.search', null, { reason: q });
    return { items: rows.map(customerSummary), page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
  });

  staffRoute(app, ctx, staffEndpoints.customer, async ({ staff, params }) => {
    const customerId = customerIdOf(params);
    const row = await store.customers.summary(customerId);
    if (!row) throw new HttpError(404, STAFF_TEXTS.customerNotFound, 'NOT_FOUND');
    await recordAudit(ctx, staff, 'customer.view', customerId);
    return customerSummary(row);
  });

  staffRoute(app, ctx, staffEndpoints.customerPayments, async ({ staff, params }) =>
    paymentHistory(store, await readCustomer(ctx, staff, params, 'payments')),
  );

  staffRoute(app, ctx, staffEndpoints.customerInvoice, async ({ staff, params }) => {
    const invoice = await invoiceOf(store, params.orderNumber, await readCustomer(ctx, staff, params, 'invoice'));
    if (!invoice) throw new HttpError(404, STAFF_TEXTS.paymentNotFound, 'NOT_FOUND');
    return invoice;
  });

  staffRoute(app, ctx, staffEndpoints.customerMessages, async ({ staff, params }) => {
    const customerId = await readCustomer(ctx, staff, params, 'messages');
    const contact = await store.customers.contactOf(customerId);
    const addresses = [contact?.email, contact?.phone_number].filter((a): a is string => !!a);
    const rows = await store.outbox.sentTo(addresses, 50);
    return rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      channel: row.channel,
      to: row.to_address,
      subject: row.meta.subject ?? null,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    }));
  });
}
