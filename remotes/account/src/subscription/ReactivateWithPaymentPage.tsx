import { useState } from 'react';
import {
  Alert,
  Button,
  ButtonLink,
  CardLogo,
  Navigate,
  Page,
  Spinner,
  formatKM,
  panelClass,
  useAccountInfo,
  useNavigate,
  usePaymentData,
  paths,
  canReactivateWithoutPayment,
  localDay,
  messages,
} from '@portal/shared';
import { PayDialog, createOrder, useCardDialog } from '@portal/shared/payments';
import { ConfirmActions } from './ConfirmActions';
import { DonePage } from './DonePage';
import styles from '../forms.module.css';
import { SERVICE_TEXTS as T, TITLES } from '../texts';

/**
 * `/nalog/reaktiviraj-{product}`: a DEACTIVATED subscription whose paid period has ended is bought
 * again for its plan with the primary card, after the security code; a new period starts today.
 */
export function ReactivateWithPaymentPage() {
  const account = useAccountInfo();
  const payment = usePaymentData();
  const cardDialog = useCardDialog();
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  const title = TITLES.reactivate;

  if (account.isPending)
    return (
      <Page title={title} narrow>
        <Spinner />
      </Page>
    );
  const info = account.isSuccess ? account.data : null;
  if (!info?.plan || info.status !== 'DEACTIVATED' || canReactivateWithoutPayment(info, localDay()))
    return <Navigate to={paths.account.href()} replace />;
  const plan = info.plan;
  const primary = payment.isSuccess ? payment.data.creditCards.find((c) => c.primaryCard) : undefined;

  return (
    <Page title={title} narrow>
      <div className={panelClass()}>
        <p className={styles.text}>
          {T.expired} <strong>{plan.name}</strong> {T.expiredRest}
        </p>
        <p className={styles.text}>
          {T.price} <strong>{formatKM(plan.price)}</strong> {T.perMonth}
        </p>
        {payment.isPending && <Spinner />}
        {payment.isError && <Alert kind="error">{T.cardsFailed}</Alert>}
        {payment.isSuccess && primary && (
          <p className={styles.text}>
            <CardLogo type={primary.creditCardTypeCode} height={24} />
            {T.payWith(primary.cardNumber)}
          </p>
        )}
        {payment.isSuccess && !primary && (
          <>
            <p className={styles.text}>{messages.noCards}</p>
            <Button variant="secondary" onClick={cardDialog.open}>
              {messages.addCard}
            </Button>
          </>
        )}
        <ConfirmActions>
          <Button disabled={!primary} onClick={() => setPaying(true)}>
            {T.payAndReactivate}
          </Button>
        </ConfirmActions>
      </div>
      {cardDialog.dialog}
      {paying && primary && (
        <PayDialog
          card={primary}
          amount={plan.price}
          placeOrder={(key) =>
            createOrder({ planId: plan.code, amount: plan.price, cardCode: primary.code, idempotencyKey: key })
          }
          onResult={(paid) => void navigate(paid ? paths.paid.href() : paths.paymentFailed.href(), { replace: true })}
          onClose={() => setPaying(false)}
        />
      )}
    </Page>
  );
}

/** `/nalog/placanje-uspjesno`: the subscription is extended. */
export function PaymentDonePage() {
  return <DonePage title={T.paidTitle}>{T.paid}</DonePage>;
}

/** `/nalog/placanje-greska`: the extension failed; retry or contact support. */
export function PaymentFailedPage({ reactivatePath }: { reactivatePath: string }) {
  return (
    <Page title={T.failedTitle} narrow>
      <div className={panelClass()}>
        <Alert kind="error">{T.failed}</Alert>
        <p className={styles.text}>{T.failedHelp}</p>
        <div className={styles.actions}>
          <ButtonLink to={reactivatePath}>{messages.retry}</ButtonLink>
          <ButtonLink to={paths.account.href()} variant="secondary">
            {messages.backToAccount}
          </ButtonLink>
        </div>
      </div>
    </Page>
  );
}
