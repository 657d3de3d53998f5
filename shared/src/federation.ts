import type { RouteObject } from './router';

/**
 * What every remote exposes as `./routes`: its route objects. The host mounts them under the
 * URL prefixes it maps to the remote; paths are absolute (`/nalog/...`).
 */
export interface RemoteRoutesModule {
  routes: RouteObject[];
}

/**
 * What the catalogue exposes as `./subscription` for the subscribe page: the static plan file and the
 * two terms texts, sanitised (product.md §2, Subscribing).
 */
export interface SubscriptionContentModule {
  plansInfo: import('./contract').PlansFile;
  /** The app badges, with their image addresses resolved. */
  apps: Array<{ label: string; href: string; image: string }>;
  loadLegalText(file: 'terms.html' | 'use-terms.html'): Promise<string>;
}

/**
 * What the account remote exposes as `./views` for the support console (docs/decisions/032): its views of
 * a customer's payments, invoice and devices, drawn from answers alone. The customer's pages and the
 * console's read-only staff mode render the same components; the console adds its own actions.
 */
export interface AccountViewsModule {
  PaymentHistoryView: import('react').ComponentType<{
    payments: import('./contract').PaymentRecord[];
    invoiceHref: (orderNumber: string) => string;
    renderActions?: (payment: import('./contract').PaymentRecord) => import('react').ReactNode;
  }>;
  InvoiceView: import('react').ComponentType<{
    invoice: import('./contract').Invoice;
    actions?: import('react').ReactNode;
  }>;
  DeviceListView: import('react').ComponentType<{
    devices: import('./contract').SignedInDevice[];
    renderActions?: (device: import('./contract').SignedInDevice) => import('react').ReactNode;
  }>;
}
