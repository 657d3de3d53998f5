/** The console's pages, under the path its host is served at (`/podrska`). */
const HOME = '/podrska';

export const SUPPORT_PATHS = {
  home: HOME,
  customer: {
    path: `${HOME}/kupci/:customerId`,
    href: (customerId: number | string) => `${HOME}/kupci/${customerId}`,
  },
  invoice: {
    path: `${HOME}/kupci/:customerId/racun/:orderNumber`,
    href: (customerId: number | string, orderNumber: string) =>
      `${HOME}/kupci/${customerId}/racun/${encodeURIComponent(orderNumber)}`,
  },
  audit: `${HOME}/zapisnik`,
  prices: `${HOME}/paketi`,
  vouchers: `${HOME}/vauceri`,
  reconciliation: `${HOME}/uskladjivanje`,
  passkeys: `${HOME}/kljucevi`,
} as const;
