import type { ReactNode } from 'react';
import { authStore, getProduct, lazyPage, type RouteObject, paths, withFallback } from '@portal/shared';
import { AccountRoute } from '../account/AccountRoute';
import { isAccountPage, prepareAccountPage } from '../account/prepare';
import { RequireAuth } from '@portal/shared';
import { DonePage } from '../subscription/DonePage';
import { DONE_TEXTS } from '../texts';

// `/nalog` (the login form, or the account page, itself loaded when a customer is signed in) comes with
// the routes; every other page is its own chunk, fetched on its first visit.
const ChangePinPage = lazyPage(() => import('../pin/ChangePinPage'), 'ChangePinPage');
const ChangePasswordPage = lazyPage(() => import('../password/ChangePasswordPage'), 'ChangePasswordPage');
const servicePages = () => import('../subscription/ServicePages');
const DeactivatePage = lazyPage(servicePages, 'DeactivatePage');
const DeactivatedPage = lazyPage(servicePages, 'DeactivatedPage');
const ReactivateWithoutPaymentPage = lazyPage(servicePages, 'ReactivateWithoutPaymentPage');
const ReactivatedPage = lazyPage(servicePages, 'ReactivatedPage');
const paymentPages = () => import('../subscription/ReactivateWithPaymentPage');
const ReactivateWithPaymentPage = lazyPage(paymentPages, 'ReactivateWithPaymentPage');
const PaymentDonePage = lazyPage(paymentPages, 'PaymentDonePage');
const PaymentFailedPage = lazyPage(paymentPages, 'PaymentFailedPage');
const ChangePlanPage = lazyPage(() => import('../subscription/ChangePlanPage'), 'ChangePlanPage');
const CardsPage = lazyPage(() => import('../cards/CardsPage'), 'CardsPage');
const DevicesPage = lazyPage(() => import('../devices/DevicesPage'), 'DevicesPage');
const HistoryPage = lazyPage(() => import('../payments/HistoryPage'), 'HistoryPage');
const InvoicePage = lazyPage(() => import('../invoice/InvoicePage'), 'InvoicePage');

const guarded = (element: ReactNode) => <RequireAuth>{withFallback(element)}</RequireAuth>;

/** Account pages (product.md §2, Account), mounted by the host under `/nalog`. */
export function accountRoutes(product: string): RouteObject[] {
  return [
    { path: paths.account.path, element: <AccountRoute /> },
    { path: paths.changePin.path, element: guarded(<ChangePinPage />) },
    {
      path: paths.changePinDone.path,
      element: guarded(<DonePage title={DONE_TEXTS.pinTitle}>{DONE_TEXTS.pin}</DonePage>),
    },
    { path: paths.changePassword.path, element: guarded(<ChangePasswordPage />) },
    {
      path: paths.changePasswordDone.path,
      element: guarded(<DonePage title={DONE_TEXTS.passwordTitle}>{DONE_TEXTS.password}</DonePage>),
    },
    { path: paths.deactivate.href(product), element: guarded(<DeactivatePage />) },
    { path: paths.deactivated.href(product), element: guarded(<DeactivatedPage />) },
    { path: paths.reactivateFree.href(product), element: guarded(<ReactivateWithoutPaymentPage />) },
    { path: paths.reactivated.href(product), element: guarded(<ReactivatedPage />) },
    { path: paths.reactivatePaid.href(product), element: guarded(<ReactivateWithPaymentPage />) },
    { path: paths.paid.path, element: guarded(<PaymentDonePage />) },
    {
      path: paths.paymentFailed.path,
      element: guarded(<PaymentFailedPage reactivatePath={paths.reactivatePaid.href(product)} />),
    },
    { path: paths.changePlan.path, element: guarded(<ChangePlanPage />) },
    { path: paths.cards.path, element: guarded(<CardsPage />) },
    { path: paths.devices.path, element: guarded(<DevicesPage />) },
    { path: paths.payments.path, element: guarded(<HistoryPage />) },
    { path: paths.invoice.path, element: guarded(<InvoicePage />) },
  ];
}

/** The product is configured before any remote loads, so the paths can be fixed when this module runs. */
export const routes: RouteObject[] = accountRoutes(getProduct());

// The host reads the session and loads this module at its start, beside its first render: a signed-in
// customer opening /nalog gets the account page's code asked for now, not once the route has rendered
// (its reads the host has asked for already; they are asked here for a host that does not).
if (authStore.getState().authorized && isAccountPage(window.location.pathname)) prepareAccountPage();
