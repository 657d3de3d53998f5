import { calls, queryOptions } from '@portal/shared';
import { staffCall } from './staffClient';

/**
 * The console's reads, one `queryOptions` per staff endpoint, keyed under `['staff', …]` (a session's end
 * drops them all). Each read of a customer's data is written to the audit trail by the API.
 */
export const customerKey = (id: string) => ['staff', 'customer', id] as const;

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: customerKey(id),
    queryFn: ({ signal }) => staffCall(calls.staffCustomer, { params: { customerId: id }, signal }),
  });

export const paymentsQuery = (id: string) =>
  queryOptions({
    queryKey: [...customerKey(id), 'payments'],
    queryFn: ({ signal }) => staffCall(calls.staffCustomerPayments, { params: { customerId: id }, signal }),
  });

export const invoiceQuery = (id: string, orderNumber: string) =>
  queryOptions({
    queryKey: [...customerKey(id), 'invoice', orderNumber],
    queryFn: ({ signal }) => staffCall(calls.staffCustomerInvoice, { params: { customerId: id, orderNumber }, signal }),
  });

export const devicesQuery = (id: string) =>
  queryOptions({
    queryKey: [...customerKey(id), 'devices'],
    queryFn: ({ signal }) => staffCall(calls.staffCustomerDevices, { params: { customerId: id }, signal }),
  });

export const messagesQuery = (id: string) =>
  queryOptions({
    queryKey: [...customerKey(id), 'messages'],
    queryFn: ({ signal }) => staffCall(calls.staffCustomerMessages, { params: { customerId: id }, signal }),
  });

export const customerAuditQuery = (id: string) =>
  queryOptions({
    queryKey: [...customerKey(id), 'audit'],
    queryFn: ({ signal }) => staffCall(calls.staffCustomerAudit, { params: { customerId: id }, signal }),
  });

export const searchQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['staff', 'search', q, page],
    queryFn: ({ signal }) => staffCall(calls.staffSearchCustomers, { body: { q, page }, signal }),
    enabled: q !== '',
  });

/** The packages' prices, their changes and promos (docs/prices-and-promos.md); every member reads them. */
export const pricesQuery = queryOptions({
  queryKey: ['staff', 'prices'],
  queryFn: ({ signal }) => staffCall(calls.staffPrices, { signal }),
});

/** The voucher batches (docs/vouchers.md), newest first as the API lists them; every member reads them. */
export const voucherBatchesQuery = queryOptions({
  queryKey: ['staff', 'voucherBatches'],
  queryFn: ({ signal }) => staffCall(calls.staffVoucherBatches, { signal }),
});

/** The last comparison of the books with the card processor (docs/support-console.md); only admins read it. */
export const reconciliationQuery = queryOptions({
  queryKey: ['staff', 'reconciliation'],
  queryFn: ({ signal }) => staffCall(calls.staffReconciliation, { signal }),
});
