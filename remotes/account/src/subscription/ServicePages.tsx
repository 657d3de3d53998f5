import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  Navigate,
  Page,
  Spinner,
  calls,
  markStale,
  formatDate,
  getProduct,
  useAccountInfo,
  useSubmit,
  useLocation,
  useNavigate,
  type AccountInfo,
  panelClass,
  paths,
  canReactivateWithoutPayment,
  localDay,
  messages,
} from '@portal/shared';
import { ConfirmActions } from './ConfirmActions';
import { DonePage } from './DonePage';
import styles from '../forms.module.css';
import { SERVICE_FAILED, SERVICE_TEXTS as T, TITLES } from '../texts';

/**
 * A confirm screen for a service change that is allowed only in some states (product.md §4): it waits for
 * the account info, sends everyone else back to /nalog, and shows the server's message on refusal.
 */
function ServiceChange({
  allowed,
  call,
  done,
  title,
  children,
  confirm,
}: {
  allowed: (info: AccountInfo) => boolean;
  call: 'deactivate' | 'reactivateWithoutPayment';
  done: string;
  title: string;
  confirm: string;
  children: (info: AccountInfo) => ReactNode;
}) {
  const account = useAccountInfo();
  const navigate = useNavigate();
  const { busy, error, run } = useSubmit(SERVICE_FAILED);

  if (account.isPending)
    return (
      <Page title={title} narrow>
        <Spinner />
      </Page>
    );
  if (account.isError || !allowed(account.data)) return <Navigate to={paths.account.href()} replace />;

  const change = () =>
    run(async () => {
      const { nextPaymentOn } = await calls[call]();
      markStale('accountInfo'); // the status changed: the next page showing it asks again
      void navigate(done, { state: { nextPaymentOn } });
    });

  return (
    <Page title={title} narrow>
      <div className={panelClass()}>
        {children(account.data)}
        {error && <Alert kind="error">{error}</Alert>}
        <ConfirmActions>
          <Button onClick={() => void change()} disabled={busy}>
            {busy ? messages.sending : confirm}
          </Button>
        </ConfirmActions>
      </div>
    </Page>
  );
}

const until = (day: string | null) => (day ? ` (${formatDate(day)})` : '');

export function DeactivatePage() {
  return (
    <ServiceChange
      title={TITLES.deactivate}
      call="deactivate"
      done={paths.deactivated.href(getProduct())}
      confirm={T.deactivateConfirm}
      allowed={(info) => info.status === 'ACTIVE'}
    >
      {(info) => (
        <p className={styles.text}>{T.deactivateQuestion(info.plan?.name ?? '', until(info.nextPaymentOn))}</p>
      )}
    </ServiceChange>
  );
}

export function ReactivateWithoutPaymentPage() {
  return (
    <ServiceChange
      title={TITLES.reactivate}
      call="reactivateWithoutPayment"
      done={paths.reactivated.href(getProduct())}
      confirm={T.reactivateConfirm}
      allowed={(info) => canReactivateWithoutPayment(info, localDay())}
    >
      {(info) => (
        <p className={styles.text}>{T.reactivateFree(info.plan?.name ?? '', formatDate(info.nextPaymentOn ?? ''))}</p>
      )}
    </ServiceChange>
  );
}

const doneDate = (state: unknown) => {
  const day = (state as { nextPaymentOn?: unknown } | null)?.nextPaymentOn;
  return typeof day === 'string' ? formatDate(day) : null;
};

export function DeactivatedPage() {
  const date = doneDate(useLocation().state);
  return <DonePage title={T.deactivatedTitle}>{T.deactivated(date)}</DonePage>;
}

export function ReactivatedPage() {
  return <DonePage title={T.reactivatedTitle}>{T.reactivated}</DonePage>;
}
