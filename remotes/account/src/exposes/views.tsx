import type { AccountViewsModule } from '@portal/shared';

/**
 * `account/views`: the account pages' views without their data, for the support console to show a
 * customer's payments, invoices and devices read-only (it adds only its own actions) instead of copying
 * them (docs/decisions/032-support-console.md).
 */
export { PaymentHistoryView, type PaymentHistoryViewProps } from '../payments/PaymentHistoryView';
export { InvoiceView, type InvoiceViewProps } from '../invoice/InvoiceView';
export { DeviceListView, type DeviceListViewProps } from '../devices/DeviceListView';

/** `AccountViewsModule` in @portal/shared is what the console relies on: this fails to compile when the views stop matching it. */
type Check<T extends AccountViewsModule> = T;
export type CheckedViews = Check<typeof import('./views')>;
