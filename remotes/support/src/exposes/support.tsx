import { useEffect } from 'react';
import { STAFF_TEXTS } from '@portal/shared/contract/support';
import {
  Button,
  Link,
  NavLink,
  Routes,
  queryClient,
  lazyPage,
  withFallback,
  useSubmit,
  type RouteObject,
  calls,
} from '@portal/shared';
import { SignIn } from '../signin/SignIn';
import { SearchPage } from '../search/SearchPage';
import { endSession, sessionIdle, useSession } from '../api/session';
import { configureStaffApi, staffCall } from '../api/staffClient';
import { SUPPORT_PATHS } from '../paths';
import { SUPPORT_TEXTS } from '../texts';
import { CUSTOMER_TEXTS } from '../customer/texts';
import styles from '../support.module.css';

const CustomerPage = lazyPage(() => import('../customer/CustomerPage'), 'CustomerPage');
const InvoicePage = lazyPage(() => import('../customer/InvoicePage'), 'InvoicePage');
const AuditPage = lazyPage(() => import('../audit/AuditPage'), 'AuditPage');
const PricesPage = lazyPage(() => import('../prices/PricesPage'), 'PricesPage');
const VouchersPage = lazyPage(() => import('../vouchers/VouchersPage'), 'VouchersPage');
const ReconciliationPage = lazyPage(() => import('../reconciliation/ReconciliationPage'), 'ReconciliationPage');
const PasskeysPage = lazyPage(() => import('../passkeys/PasskeysPage'), 'PasskeysPage');
const T = SUPPORT_TEXTS.shell;
const IDLE_CHECK_MS = 10_000;

const routes: RouteObject[] = [
  { path: SUPPORT_PATHS.home, element: <SearchPage /> },
  { path: `${SUPPORT_PATHS.home}/`, element: <SearchPage /> },
  { path: SUPPORT_PATHS.customer.path, element: withFallback(<CustomerPage />) },
  { path: SUPPORT_PATHS.invoice.path, element: withFallback(<InvoicePage />) },
  { path: SUPPORT_PATHS.audit, element: withFallback(<AuditPage />) },
  { path: SUPPORT_PATHS.prices, element: withFallback(<PricesPage />) },
  { path: SUPPORT_PATHS.vouchers, element: withFallback(<VouchersPage />) },
  { path: SUPPORT_PATHS.reconciliation, element: withFallback(<ReconciliationPage />) },
  { path: SUPPORT_PATHS.passkeys, element: withFallback(<PasskeysPage />) },
  { path: '*', element: <p className={styles.notFound}>{T.notFound}</p> },
];

/**
 * The support console (`support/support`), rendered by its own host at `/podrska/`
 * (docs/decisions/032-support-console.md): the sign-in until a member of staff is signed in, then the
 * console's pages. `apiBaseUrl` is the API the host's support.config.json names.
 */
export function SupportApp({ apiBaseUrl }: { apiBaseUrl: string }) {
  // Set while rendering, before any page below asks: the client only keeps the address.
  configureStaffApi(apiBaseUrl);
  const staff = useSession((s) => s.staff);
  const signOut = useSubmit(CUSTOMER_TEXTS.actionFailed);
  // Idle as long as the server keeps a session: the customer's data leaves the screen, as the session ends there.
  useEffect(() => {
    if (!staff) return undefined;
    const timer = setInterval(() => {
      if (!sessionIdle()) return;
      queryClient.removeQueries({ queryKey: ['staff'] });
      endSession(STAFF_TEXTS.sessionOver);
    }, IDLE_CHECK_MS);
    return () => clearInterval(timer);
  }, [staff]);
  if (!staff) return <SignIn />;
  const leave = () =>
    void signOut.run(
      async () => {
        // Signed out here even when the server cannot be told (the session lapses there on its own).
        await staffCall(calls.staffLogout).catch(() => undefined);
        queryClient.removeQueries({ queryKey: ['staff'] });
        endSession();
        // Settled: the shell stays mounted through the next sign-in, whose 'Odjavi se' must work.
      },
      { settle: true },
    );
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        {SUPPORT_TEXTS.skipToContent}
      </a>
      <header className={styles.header}>
        <Link to={SUPPORT_PATHS.home} className={styles.brand}>
          {SUPPORT_TEXTS.product}
        </Link>
        <nav aria-label={T.nav} className={styles.nav}>
          <NavLink to={SUPPORT_PATHS.home} end className={({ isActive }) => (isActive ? styles.active : '')}>
            {T.search}
          </NavLink>
          <NavLink to={SUPPORT_PATHS.prices} className={({ isActive }) => (isActive ? styles.active : '')}>
            {T.prices}
          </NavLink>
          <NavLink to={SUPPORT_PATHS.vouchers} className={({ isActive }) => (isActive ? styles.active : '')}>
            {T.vouchers}
          </NavLink>
          <NavLink to={SUPPORT_PATHS.passkeys} className={({ isActive }) => (isActive ? styles.active : '')}>
            {T.passkeys}
          </NavLink>
          {staff.role === 'admin' && (
            <>
              <NavLink to={SUPPORT_PATHS.audit} className={({ isActive }) => (isActive ? styles.active : '')}>
                {T.audit}
              </NavLink>
              <NavLink to={SUPPORT_PATHS.reconciliation} className={({ isActive }) => (isActive ? styles.active : '')}>
                {T.reconciliation}
              </NavLink>
            </>
          )}
        </nav>
        <p className={styles.who}>{T.signedInAs(staff.name, T.role[staff.role] ?? staff.role)}</p>
        <Button variant="secondary" onClick={leave} disabled={signOut.busy}>
          {T.signOut}
        </Button>
      </header>
      <main id="main" className={styles.main}>
        <Routes routes={routes} />
      </main>
    </div>
  );
}
