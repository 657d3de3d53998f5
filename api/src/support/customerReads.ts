import { STAFF_TEXTS, type CustomerSummary } from '@portal/shared/contract/support';
import { usernameOf, type Invoice, type PaymentRecord } from '@portal/shared/contract';
import type { StaffSession } from '../repositories/staff';
import { DomainError } from '../errors';
import { invoiceOf, paymentHistory } from '../money/orders';
import { customerSummary } from './customers';
import { customerNotFound, readCustomer, recordAudit, type SupportDeps } from './audit';

/**
 * The console's reads of customers (docs/decisions/032-support-console.md): finding them, one
 * customer's summary, payments, an invoice and the messages sent to them, each read in the audit trail.
 */

const PAGE_SIZE = 20;

/** Finding customers by phone, e-mail, name, account or invoice number, 20 a page: the search itself is recorded, with what was asked. */
export async function searchCustomers(deps: SupportDeps, staff: StaffSession, q: string, page: number) {
  const phone = q.includes('@') ? null : (usernameOf(q)?.value ?? null);
  const { rows, total } = await deps.store.customers.search(q, phone, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  await recordAudit(deps, staff, 'customer.search', null, { reason: q });
  return { items: rows.map(customerSummary), page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
}

/** One customer as the console shows them, the view recorded. */
export async function viewCustomer(
  deps: SupportDeps,
  staff: StaffSession,
  customerId: number,
): Promise<CustomerSummary> {
  const row = await deps.store.customers.summary(customerId);
  if (!row) throw customerNotFound();
  await recordAudit(deps, staff, 'customer.view', customerId);
  return customerSummary(row);
}

/** The customer's paid orders with their credit notes, as their own page lists them. */
export async function customerPayments(
  deps: SupportDeps,
  staff: StaffSession,
  customerId: number,
): Promise<PaymentRecord[]> {
  return paymentHistory(deps.store, await readCustomer(deps, staff, customerId, 'payments'));
}

/** One of the customer's invoices; 404 when the order is not theirs or not paid. */
export async function customerInvoice(
  deps: SupportDeps,
  staff: StaffSession,
  customerId: number,
  orderNumber: string,
): Promise<Invoice> {
  const invoice = await invoiceOf(deps.store, orderNumber, await readCustomer(deps, staff, customerId, 'invoice'));
  if (!invoice) throw new DomainError('not-found', STAFF_TEXTS.paymentNotFound, 'NOT_FOUND');
  return invoice;
}

/** The last 50 messages sent to the customer's e-mail address and phone number, newest first. */
export async function messagesSentTo(deps: SupportDeps, staff: StaffSession, customerId: number) {
  await readCustomer(deps, staff, customerId, 'messages');
  const contact = await deps.store.customers.contactOf(customerId);
  const addresses = [contact?.email, contact?.phone_number].filter((a): a is string => !!a);
  const rows = await deps.store.outbox.sentTo(addresses, 50);
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
}
