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
import { DonePage } from './DonePage';
import styles from '../forms.module.css';

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
  const title = 'Reaktivacija pretplate';

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
          Plaćeni period paketa <strong>{plan.name}</strong> je istekao. Reaktivacijom plaćaš novi mjesečni period koji
          počinje danas.
        </p>
        <p className={styles.text}>
          Cijena: <strong>{formatKM(plan.price)}</strong> mjesečno, PDV uključen.
        </p>
        {payment.isPending && <Spinner />}
        {payment.isError && <Alert kind="error">Podatke o karticama trenutno nije moguće učitati.</Alert>}
        {payment.isSuccess && primary && (
          <p className={styles.text}>
            <CardLogo type={primary.creditCardTypeCode} height={24} /> Plaćanje karticom {primary.cardNumber}
          </p>
        )}
        {payment.isSuccess && !primary && (
          <>
            <p className={styles.text}>{messages.noCards}</p>
            <Button variant="secondary" onClick={cardDialog.open}>
              Dodaj karticu
            </Button>
          </>
        )}
        <div className={styles.actions}>
          <Button disabled={!primary} onClick={() => setPaying(true)}>
            Plati i reaktiviraj
          </Button>
          <ButtonLink to={paths.account.href()} variant="secondary">
            {messages.cancel}
          </ButtonLink>
        </div>
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
  return <DonePage title="Plaćanje uspješno">Plaćanje je uspješno i pretplata je produžena. Hvala!</DonePage>;
}

/** `/nalog/placanje-greska`: the extension failed; retry or contact support. */
export function PaymentFailedPage({ reactivatePath }: { reactivatePath: string }) {
  return (
    <Page title="Plaćanje nije uspjelo" narrow>
      <div className={panelClass()}>
        <Alert kind="error">Produženje pretplate nije uspjelo: plaćanje nije prošlo.</Alert>
        <p className={styles.text}>
          Pokušaj ponovo, ili se obrati svojoj banci ili našoj podršci ako se greška ponovi.
        </p>
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
