import { useState } from 'react';
import {
  Alert,
  Button,
  ButtonLink,
  CardLogo,
  Link,
  LoadFailed,
  Navigate,
  Page,
  Spinner,
  formatDate,
  formatKM,
  messageOf,
  messages,
  panelClass,
  paths,
  retryRead,
  useQuery,
  usePaymentData,
  useSearchParams,
  useSubmit,
  toApiError,
  type PlanChangeQuote,
} from '@portal/shared';
import { PayDialog, changePlan, newIdempotencyKey, planChangeQuoteQuery, useCardDialog } from '@portal/shared/payments';
import { CHANGE_PLAN_TEXTS as T } from '../texts';
import { ConfirmActions } from './ConfirmActions';
import styles from '../forms.module.css';

type Done = { kind: 'changed' | 'paid'; plan: string } | { kind: 'scheduled'; plan: string; on: string };

/**
 * `/nalog/promijeni-paket?paket=` (product.md §10, Changing the package): what the change costs and from
 * when, as the API quotes it, then the change: an upgrade paid now with the primary card (security code,
 * 3-D Secure when the card asks), a downgrade from the next renewal, and during a promo either from its end.
 */
export function ChangePlanPage() {
  const [params] = useSearchParams();
  const plan = params.get('paket');
  if (!plan) return <Navigate to={paths.packages.href()} replace />;
  return <ChangePlan plan={plan} />;
}

/** The API refuses to quote a change that may not be made (not ACTIVE, the same package, a renewal under way) in its own words. */
const isRefusal = (error: unknown) => [404, 409].includes(toApiError(error).status);

function ChangePlan({ plan }: { plan: string }) {
  const quoted = useQuery(planChangeQuoteQuery(plan));
  const [done, setDone] = useState<Done | null>(null);

  return (
    <Page title={T.title} narrow>
      <div className={panelClass()}>
        {done ? (
          <DoneNote done={done} />
        ) : quoted.isPending ? (
          <Spinner />
        ) : quoted.isError && isRefusal(quoted.error) ? (
          <Refused message={messageOf(quoted.error, T.failed)} />
        ) : quoted.isError ? (
          <LoadFailed message={T.failed} retry={retryRead(planChangeQuoteQuery(plan))} />
        ) : (
          <QuoteView quote={quoted.data} onDone={setDone} />
        )}
      </div>
    </Page>
  );
}

function Refused({ message }: { message: string }) {
  return (
    <>
      <Alert kind="error">{message}</Alert>
      <div className={styles.actions}>
        <ButtonLink to={paths.account.href()}>{messages.backToAccount}</ButtonLink>
        <ButtonLink to={paths.packages.href()} variant="secondary">
          {T.packages}
        </ButtonLink>
      </div>
    </>
  );
}

function QuoteView({ quote, onDone }: { quote: PlanChangeQuote; onDone: (done: Done) => void }) {
  const payment = usePaymentData(quote.amount > 0);
  const cardDialog = useCardDialog();
  const [paying, setPaying] = useState(false);
  const [payFailed, setPayFailed] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const { busy, error, run } = useSubmit(T.failed);
  const paid = quote.amount > 0;
  const primary = payment.isSuccess ? payment.data.creditCards.find((c) => c.primaryCard) : undefined;

  const confirmFree = () =>
    void run(async () => {
      const answer = await changePlan({ plan: quote.to.code, amount: 0, idempotencyKey: key });
      onDone(
        answer.result === 'SCHEDULED'
          ? { kind: 'scheduled', plan: quote.to.name, on: answer.effectiveOn }
          : { kind: 'changed', plan: quote.to.name },
      );
    });

  return (
    <>
      <QuoteTerms quote={quote} />
      {paid && payment.isPending && <Spinner />}
      {paid && payment.isError && <Alert kind="error">{messages.cannotLoad('Podatke o karticama')}</Alert>}
      {paid && payment.isSuccess && primary && (
        <p className={styles.text}>
          <CardLogo type={primary.creditCardTypeCode} height={24} /> {T.payWith} {primary.cardNumber}
        </p>
      )}
      {paid && payment.isSuccess && !primary && (
        <>
          <p className={styles.text}>{messages.noCards}</p>
          <Button variant="secondary" onClick={cardDialog.open}>
            {T.addCard}
          </Button>
        </>
      )}
      {payFailed && <Alert kind="error">{T.paymentFailed}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
      <ConfirmActions>
        {paid ? (
          <Button disabled={!primary} onClick={() => setPaying(true)}>
            {T.pay(formatKM(quote.amount))}
          </Button>
        ) : (
          <Button disabled={busy} onClick={confirmFree}>
            {busy ? messages.saving : T.confirmDowngrade}
          </Button>
        )}
      </ConfirmActions>
      {cardDialog.dialog}
      {paying && primary && (
        <PayDialog
          card={primary}
          amount={quote.amount}
          placeOrder={async (idempotencyKey) => {
            const answer = await changePlan({ plan: quote.to.code, amount: quote.amount, idempotencyKey });
            if (!answer.order) throw new Error('The plan change placed no order');
            return answer.order;
          }}
          onResult={(ok) => {
            setPaying(false);
            setPayFailed(!ok);
            if (ok) onDone({ kind: 'paid', plan: quote.to.name });
          }}
          onClose={() => setPaying(false)}
        />
      )}
    </>
  );
}

/**
 * The quote's terms: from which package to which, and then when a promo or a downgrade takes effect, or
 * what an upgrade costs for the rest of the period and from when the new price is paid.
 */
function QuoteTerms({ quote }: { quote: PlanChangeQuote }) {
  return (
    <>
      <p className={styles.text}>
        {T.fromTo(quote.from.name, formatKM(quote.from.price), quote.to.name, formatKM(quote.to.price))}
      </p>
      {quote.promo ? (
        <p className={styles.text}>{T.promo(quote.from.name, formatDate(quote.effectiveOn), quote.to.name)}</p>
      ) : quote.kind === 'DOWNGRADE' ? (
        <p className={styles.text}>{T.downgrade(quote.to.name, formatDate(quote.effectiveOn), quote.from.name)}</p>
      ) : (
        <>
          <p className={styles.text}>
            {T.upgrade(quote.days, quote.periodDays, formatDate(quote.periodStart), formatDate(quote.periodEnd))}
          </p>
          <p className={styles.text}>
            {T.toPay}: <strong>{formatKM(quote.amount)}</strong> ({T.vatIncluded})
          </p>
          <p className={styles.text}>{T.afterRenewal(formatDate(quote.periodEnd), formatKM(quote.to.price))}</p>
        </>
      )}
    </>
  );
}

function DoneNote({ done }: { done: Done }) {
  return (
    <>
      <Alert kind="success">
        {done.kind === 'scheduled'
          ? T.scheduled(done.plan, formatDate(done.on))
          : done.kind === 'paid'
            ? T.paid(done.plan)
            : T.changed(done.plan)}
      </Alert>
      <div className={styles.actions}>
        <ButtonLink to={paths.account.href()}>{messages.backToAccount}</ButtonLink>
        {done.kind === 'paid' && (
          <Link to={paths.payments.href()} className={styles.text}>
            {T.history}
          </Link>
        )}
      </div>
    </>
  );
}
