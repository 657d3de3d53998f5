import { queryOptions } from '@portal/shared';
import { priceEndpoints } from '@portal/shared/contract/prices';
import { voucherEndpoints } from '@portal/shared/contract/staffVouchers';
import { staffCall, staffEndpoints as e } from './staffClient';

/**
 * The console's reads, one `queryOptions` per staff endpoint, keyed under `['staff', …]` (a session's end
 * drops them all). Each read of a customer's data is written to the audit trail by the API.
 */
export const customerKey = (id: string) => ['staff', 'customer', id] as const;

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: customerKey(id),
    queryFn: ({ signal }) => staffCall(e.customer, { params: { customerId: id }, signal }),
  });

export const paymentsQuery = (id: string) =>
  queryOptions({
    queryKey: [...customerKey(id), 'payments'],
    queryFn: ({ signal }) => staffCall(e.customerPayments, { params: { customerId: id }, signal }),
  });

export const invoiceQuery = (id: string, orderNumber: string) =>
  queryOptions({
    queryKey: [...customerKey(id), 'invoice', orderNumber],
    queryFn: ({ signal }) => staffCall(e.customerInvoice, { params: { customerId: id, orderNumber }, signal }),
  });

export const devicesQuery = (id: string) =>
  queryOptions({
    queryKey: [...customerKey(id), 'devices'],
    queryFn: ({ signal }) => staffCall(e.customerDevices, { params: { customerId: id }, signal }),
  });

export const messagesQuery = (id: string) =>
  queryOptions({
    queryKey: [...customerKey(id), 'messages'],
    queryFn: ({ signal }) => staffCall(e.customerMessages, { params: { customerId: id }, signal }),
  });

export const customerAuditQuery = (id: string) =>
  queryOptions({
    queryKey: [...customerKey(id), 'audit'],
    queryFn: ({ signal }) => staffCall(e.customerAudit, { params: { customerId: id }, signal }),
  });

export const searchQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['staff', 'search', q, page],
    queryFn: ({ signal }) => staffCall(e.searchCustomers, { body: { q, page }, signal }),
    enabled: q !== '',
  });

/** The packages' prices, their changes and promos (docs/prices-and-promos.md); every member reads them. */
export const pricesQuery = queryOptions({
  queryKey: ['staff', 'prices'],
  queryFn: ({ signal }) => staffCall(priceEndpoints.prices, { signal }),
});

/** The voucher batches (docs/vouchers.md), newest first as the API lists them; every member reads them. */
export const voucherBatchesQuery = queryOptions({
  queryKey: ['staff', 'voucherBatches'],
  queryFn: ({ signal }) => staffCall(voucherEndpoints.voucherBatches, { signal }),
});

/** The last comparison of the books with the card processor (docs/support-console.md); only admins read it. */
export const reconciliationQuery = queryOptions({
  queryKey: ['staff', 'reconciliation'],
  queryFn: ({ signal }) => staffCall(e.reconciliation, { signal }),
});
