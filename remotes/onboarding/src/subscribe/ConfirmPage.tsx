import { useRef, useState } from 'react';
import {
  Alert,
  ApiError,
  Button,
  CardLogo,
  Navigate,
  Page,
  Spinner,
  formatDate,
  formatKM,
  invalidate,
  messageOf,
  panelClass,
  useQuery,
  useNavigate,
  usePaymentData,
  useSearchParams,
  paths,
  messages,
  type CreditCard,
  type PaymentInfo,
} from '@portal/shared';
import { PayDialog, createOrder, paymentInfoQuery, useCardDialog } from '@portal/shared/payments';
import { SubscribeGuard } from './SubscribePage';
import { SUBSCRIBE_PLAN_TEXTS as P, SUBSCRIBE_TEXTS } from './texts';
import { saleRef } from '../wizard/storage';
import styles from './Subscribe.module.css';

/** `/potvrdi-pretplatu?plan=` (product.md §2, §4): plan, period, price and card; consent; pay after the security code. */
export function ConfirmPage() {
  const [params] = useSearchParams();
  const plan = params.get('plan');
  return <SubscribeGuard plan={plan}>{() => <ConfirmForm plan={plan!} />}</SubscribeGuard>;
}

function ConfirmForm({ plan }: { plan: string }) {
  const navigate = useNavigate();
  const info = useQuery(paymentInfoQuery(plan));
  const payment = usePaymentData();
  const cardDialog = useCardDialog();
  const [consent, setConsent] = useState(false);
  const [paying, setPaying] = useState(false);
  const priceChange = usePriceChange();
  const primary = payment.isSuccess ? payment.data.creditCards.find((c) => c.primaryCard) : undefined;

  if (info.isPending)
    return (
      <Page title={SUBSCRIBE_TEXTS.confirmTitle} narrow>
        <Spinner />
      </Page>
    );
  if (info.isError) return <Navigate to={paths.packages.href()} replace />;
  const chosen = info.data.plan;
  const canPay = consent && Boolean(primary);

  return (
    <Page title={SUBSCRIBE_TEXTS.confirmTitle} narrow>
      {priceChange.message && <Alert kind="error">{priceChange.message}</Alert>}
      <div className={`${panelClass()} ${styles.grid}`}>
        <OrderFacts order={info.data} pendingCards={payment.isPending} primary={primary} onAddCard={cardDialog.open} />
        <p className={styles.check}>
          <input
            id="billing-consent"
            type="checkbox"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
          />
          <label htmlFor="billing-consent">{SUBSCRIBE_TEXTS.consent}</label>
        </p>
        <Button block disabled={!canPay} onClick={() => setPaying(true)}>
          {SUBSCRIBE_TEXTS.pay}
        </Button>
      </div>
      {cardDialog.dialog}
      {paying && primary && (
        <PayDialog
          card={primary}
          amount={chosen.price}
          placeOrder={(key) =>
            priceChange.watch(
              createOrder({
                planId: chosen.id,
                amount: chosen.price,
                cardCode: primary.code,
                idempotencyKey: key,
                ref: saleRef.get(),
              }),
            )
          }
          onResult={(paid) => {
            if (priceChange.happened()) return setPaying(false);
            void navigate(paid ? paths.subscribed.href() : paths.subscribeFailed.href(), { replace: true });
          }}
          onClose={() => setPaying(false)}
        />
      )}
    </Page>
  );
}

/** What is bought: the plan, the period, the price and the card it is paid with (or a way to add one). */
function OrderFacts({
  order,
  pendingCards,
  primary,
  onAddCard,
}: {
  order: PaymentInfo;
  pendingCards: boolean;
  primary: CreditCard | undefined;
  onAddCard: () => void;
}) {
  const { plan: chosen, periodStart, periodEnd } = order;
  return (
    <dl className={styles.plan}>
      <dt className={styles.muted}>{P.plan}</dt>
      <dd>
        <strong>{chosen.name}</strong>
      </dd>
      <dt className={styles.muted}>{P.period}</dt>
      <dd>
        {formatDate(periodStart)} – {formatDate(periodEnd)}
      </dd>
      <dt className={styles.muted}>{P.price}</dt>
      <dd className={styles.price}>
        {formatKM(chosen.price)} {messages.perMonthVat}
      </dd>
      <dt className={styles.muted}>{P.card}</dt>
      <dd>
        {pendingCards && <Spinner />}
        {primary && (
          <span className={styles.card}>
            <CardLogo type={primary.creditCardTypeCode} height={24} /> {primary.cardNumber}
          </span>
        )}
        {!pendingCards && !primary && (
          <Button variant="secondary" onClick={onAddCard}>
            {SUBSCRIBE_TEXTS.addCard}
          </Button>
        )}
      </dd>
    </dl>
  );
}

/**
 * An order refused because the package's price changed since the page asked (409 `PRICE_CHANGED`,
 * docs/prices-and-promos.md): the page stays, says so in the API's words and asks for the payment info
 * again, so the visitor sees the new price and pays it from a new dialog (decision 028: through the
 * page's one query client). Any other failure ends on the failure page as before.
 */
function usePriceChange() {
  const [message, setMessage] = useState<string | null>(null);
  const changed = useRef(false);
  return {
    message,
    async watch<T>(order: Promise<T>): Promise<T> {
      changed.current = false;
      setMessage(null);
      try {
        return await order;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'PRICE_CHANGED') {
          changed.current = true;
          setMessage(messageOf(error, SUBSCRIBE_TEXTS.priceChanged));
          await invalidate('paymentInfo');
        }
        throw error;
      }
    },
    /** Whether the last order was refused for its price (the dialog then closes, the page stays). */
    happened: () => changed.current,
  };
}
