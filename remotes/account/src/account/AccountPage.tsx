import {
  Alert,
  Button,
  ButtonLink,
  Card,
  Link,
  Page,
  Spinner,
  getProduct,
  messages,
  shownPhone,
  useAccountInfo,
  accountInfoQuery,
  retryRead,
  useAuth,
  useLogout,
  usePaymentData,
  type AccountInfo,
  paths,
  canReactivateWithoutPayment,
  localDay,
  LoadFailed,
} from '@portal/shared';
import { PlanSection } from './PlanSection';
import { PaymentSection } from './PaymentSection';
import { PasskeysSection } from '../passkeys/PasskeysSection';
import styles from './AccountPage.module.css';
import { ACCOUNT_INFO_FAILED, ACCOUNT_TEXTS as T, PAYMENT_DATA_FAILED } from '../texts';

/** `/nalog` for a logged-in customer (product.md §2): user data, 'Moj paket', payment and actions. */
export function AccountPage() {
  const tokenData = useAuth((s) => s.tokenData);
  const logout = useLogout();
  const account = useAccountInfo();
  const payment = usePaymentData();
  if (!tokenData) return null;
  const fullName = `${tokenData.first_name} ${tokenData.last_name}`.trim();
  const username =
    tokenData.email ?? (tokenData.phone_number ? shownPhone(tokenData.phone_number) : tokenData.device_username);
  const info = account.isSuccess ? account.data : null;

  return (
    <Page title={T.title}>
      <div className={styles.grid}>
        <Card>
          <h2 className={styles.heading}>{T.userData}</h2>
          <dl className={styles.data}>
            <dt>{T.fullName}</dt>
            <dd>{fullName}</dd>
            <dt>{T.username}</dt>
            <dd>{username}</dd>
            {(info?.accountNumber || account.isPending) && (
              <>
                <dt>{T.accountNumber}</dt>
                {/* Held while loading, so the sections below do not move when it arrives (CLS). */}
                <dd aria-busy={!info}>{info?.accountNumber ?? '\u00a0'}</dd>
              </>
            )}
          </dl>
          <p className={styles.links}>
            <Link to={paths.changePassword.href()}>{messages.changePassword}</Link>
            <Link to={paths.changePin.href()}>{messages.changePin}</Link>
            <Link to={paths.devices.href()}>{T.devices}</Link>
          </p>
        </Card>

        {/* Loading sections keep about the size of the loaded ones, so nothing jumps when they arrive (CLS). */}
        {account.isPending && (
          <Card className={styles.pendingPlanCard}>
            <h2 className={styles.heading}>{T.myPackage}</h2>
            <Spinner label={T.loadingAccount} />
          </Card>
        )}
        {account.isError && <LoadFailed message={ACCOUNT_INFO_FAILED} retry={retryRead(accountInfoQuery)} />}
        {info && <PlanSection info={info} />}

        {payment.isPending && (
          <Card className={styles.pendingPayment}>
            <h2 className={styles.heading}>{T.payment}</h2>
            <Spinner label={T.loadingCards} />
          </Card>
        )}
        {payment.isError && <Alert kind="error">{PAYMENT_DATA_FAILED}</Alert>}
        {payment.isSuccess && <PaymentSection payment={payment.data} info={info} />}

        <PasskeysSection />

        <div className={styles.actions}>
          {info && <ServiceAction info={info} />}
          <Button variant="secondary" onClick={() => void logout()}>
            {messages.logout}
          </Button>
        </div>
      </div>
    </Page>
  );
}

/** Deactivate when ACTIVE; reactivate when DEACTIVATED, without payment while the paid period runs (product.md §2). */
function ServiceAction({ info }: { info: AccountInfo }) {
  const product = getProduct();
  if (info.status === 'ACTIVE') {
    return (
      <ButtonLink to={paths.deactivate.href(product)} variant="secondary">
        {T.deactivate}
      </ButtonLink>
    );
  }
  if (info.status === 'DEACTIVATED') {
    return (
      <ButtonLink
        to={
          canReactivateWithoutPayment(info, localDay())
            ? paths.reactivateFree.href(product)
            : paths.reactivatePaid.href(product)
        }
      >
        {T.reactivate}
      </ButtonLink>
    );
  }
  return null;
}
