import type { ReactNode } from 'react';
import { getProduct, type RouteObject } from '@portal/shared';
import { AccountRoute } from '../account/AccountRoute';
import { servicePaths } from '../account/status';
import { RequireAuth } from '@portal/shared';
import { ChangePinPage } from '../pin/ChangePinPage';
import { ChangePasswordPage } from '../password/ChangePasswordPage';
import { DonePage } from '../service/DonePage';
import { DeactivatePage, DeactivatedPage, ReactivateWithoutPaymentPage, ReactivatedPage } from '../service/ServicePages';
import { PAID_PATH, PAYMENT_FAILED_PATH, PaymentDonePage, PaymentFailedPage, ReactivateWithPaymentPage } from '../service/ReactivateWithPaymentPage';
import { CardsPage } from '../cards/CardsPage';
import { HistoryPage } from '../payments/HistoryPage';
import { InvoicePage } from '../invoice/InvoicePage';

const guarded = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;

/** Account pages (spec 2, Login and account), mounted by the host under `/nalog`. */
export function accountRoutes(product: string): RouteObject[] {
  const paths = servicePaths(product);
  return [
    { path: '/nalog', element: <AccountRoute /> },
    { path: '/nalog/promijeni-pin', element: guarded(<ChangePinPage />) },
    { path: '/nalog/promijeni-pin/uspjesno', element: guarded(<DonePage title="PIN je promijenjen">Tvoj PIN je uspješno promijenjen.</DonePage>) },
    { path: '/nalog/promijeni-lozinku', element: guarded(<ChangePasswordPage />) },
    {
      path: '/nalog/promijeni-lozinku/uspjesno',
      element: guarded(<DonePage title="Lozinka je promijenjena">Tvoja lozinka je uspješno promijenjena. Na ostalim uređajima prijavi se novom lozinkom.</DonePage>),
    },
    { path: paths.deactivate, element: guarded(<DeactivatePage />) },
    { path: paths.deactivated, element: guarded(<DeactivatedPage />) },
    { path: paths.reactivateFree, element: guarded(<ReactivateWithoutPaymentPage />) },
    { path: paths.reactivated, element: guarded(<ReactivatedPage />) },
    { path: paths.reactivatePaid, element: guarded(<ReactivateWithPaymentPage />) },
    { path: PAID_PATH, element: guarded(<PaymentDonePage />) },
    { path: PAYMENT_FAILED_PATH, element: guarded(<PaymentFailedPage reactivatePath={paths.reactivatePaid} />) },
    { path: '/nalog/moje-kartice', element: guarded(<CardsPage />) },
    { path: '/nalog/istorija-uplata', element: guarded(<HistoryPage />) },
    { path: '/nalog/racun', element: guarded(<InvoicePage />) },
  ];
}

/** The product is configured before any remote loads, so the paths can be fixed when this module runs. */
export const routes: RouteObject[] = accountRoutes(getProduct());
