import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  CardLogo,
  Link,
  Navigate,
  PLAN_CODES,
  Page,
  Spinner,
  activePromo,
  formatDate,
  formatKM,
  plansQuery,
  retryRead,
  useQuery,
  type UseQueryResult,
  panelClass,
  promoRibbon,
  useAccountInfo,
  useAuth,
  useNavigate,
  usePaymentData,
  useSearchParams,
  type AccountInfo,
  type PlansFile,
  paths,
  maySubscribe,
  useSubmit,
  localDay,
  LoadFailed,
  messages,
} from '@portal/shared';
import { Dialog, subscribeInPromo, useCardDialog } from '@portal/shared/payments';
import { legalTextQuery, subscriptionContentQuery } from './content';
import { SUBSCRIBE_PLAN_TEXTS as P, SUBSCRIBE_TEXTS } from './texts';
import { PROMO_REFUSED_TEXTS } from '../texts';
import { saleRef } from '../wizard/storage';
import styles from './Subscribe.module.css';

/** The checks before a subscribe screen shows: logged in, a known plan, a status that may buy (product.md §4, §6). */
export function SubscribeGuard({
  plan,
  children,
}: {
  plan: string | null;
  children: (info: AccountInfo) => React.ReactNode;
}) {
  const initialized = useAuth((s) => s.initialized);
  const authorized = useAuth((s) => s.authorized);
  const account = useAccountInfo(initialized && authorized);
  if (!initialized) return null;
  if (!authorized) return <Navigate to={paths.account.href()} replace />;
  if (!plan || !(PLAN_CODES as readonly string[]).includes(plan))
    return <Navigate to={paths.packages.href()} replace />;
  if (account.isPending)
    return (
      <Page title={SUBSCRIBE_TEXTS.title} narrow>
        <Spinner />
      </Page>
    );
  if (account.isError || !maySubscribe(account.data, localDay()))
    return <Navigate to={paths.packages.href()} replace />;
  return children(account.data);
}

/** `/pretplati-se?paket=` (product.md §2, Subscribing). */
export function SubscribePage() {
  const [params] = useSearchParams();
  const code = params.get('paket');
  const ref = params.get('ref');
  // Remembered before the checks, so it survives a login on the way.
  useEffect(() => saleRef.remember(ref), [ref]);
  return (
    <SubscribeGuard plan={code}>
      {(account) => <SubscribeForm code={code!} promoUsed={account.usedPromos?.includes(code!) ?? false} />}
    </SubscribeGuard>
  );
}

/** The API's codes for a free period refused: once per customer and plan, once per card and plan (docs/limits.md). */
type PromoRefusal = 'CARD_PROMO_USED' | 'PROMO_USED';
const isPromoRefusal = (code: string | undefined): code is PromoRefusal =>
  code === 'CARD_PROMO_USED' || code === 'PROMO_USED';

/** `promoUsed`: the customer has had this plan's promo (once per customer and plan), so it is bought at its price. */
function SubscribeForm({ code, promoUsed }: { code: string; promoUsed: boolean }) {
  const navigate = useNavigate();
  const content = useQuery(subscriptionContentQuery);
  const plans = useQuery(plansQuery);
  const payment = usePaymentData();
  const cardDialog = useCardDialog();
  const useTerms = useQuery(legalTextQuery('use-terms.html'));
  const terms = useQuery(legalTextQuery('terms.html'));
  const [accepted, setAccepted] = useState({ useTerms: false, terms: false });
  const [reading, setReading] = useState<'useTerms' | 'terms' | null>(null);
  // A refused free period is no dead end: the page says why and offers the same package at its price.
  const {
    busy,
    error: refusal,
    run,
  } = useSubmit<PromoRefusal | null>((failure) => {
    if (isPromoRefusal(failure.code)) return failure.code;
    console.warn('Promo subscription failed', failure);
    void navigate(paths.subscribeFailed.href(), { replace: true });
    return null;
  });

  const apiPlan = plans.isSuccess ? plans.data.find((p) => p.code === code) : undefined;
  const promo = apiPlan && !promoUsed && !refusal ? activePromo(apiPlan.promos) : null;
  const primary = payment.isSuccess ? payment.data.creditCards.find((c) => c.primaryCard) : undefined;

  if (content.isPending || plans.isPending)
    return (
      <Page title={SUBSCRIBE_TEXTS.title}>
        <Spinner />
      </Page>
    );
  const info = content.isSuccess ? content.data.plansInfo.plans[code as keyof PlansFile['plans']] : undefined;
  if (content.isError || plans.isError || !info || !apiPlan) {
    return (
      <Page title={SUBSCRIBE_TEXTS.title} narrow>
        <div className={panelClass()}>
          <LoadFailed
            message={SUBSCRIBE_TEXTS.loadFailed}
            retry={retryRead(content.isError ? subscriptionContentQuery : plansQuery)}
          />
        </div>
      </Page>
    );
  }
  const vod = content.isSuccess ? content.data.plansInfo.vodNote : null;
  const canSubmit = accepted.useTerms && accepted.terms && Boolean(primary) && !busy;

  function submit() {
    if (!canSubmit) return;
    if (!promo) {
      void navigate(paths.confirmSubscription.href(code));
      return;
    }
    // A promo plan with a saved primary card subscribes directly (product.md §2, Subscribing).
    void run(async () => {
      await subscribeInPromo(code, saleRef.get());
      void navigate(paths.subscribed.href(), { replace: true });
    });
  }

  return (
    <Page title={SUBSCRIBE_TEXTS.title} narrow>
      <div className={`${panelClass()} ${styles.grid}`}>
        <section className={styles.plan} aria-labelledby="plan-name">
          <h2 id="plan-name">{info.name}</h2>
          {promo && <p className={styles.ribbon}>{promoRibbon(promo)}</p>}
          {info.planSpotlight && <p className={styles.muted}>{P.spotlight}</p>}
          <p>
            <Link to={paths.channels.href(code)}>{P.channels(info.numChannels)}</Link>
          </p>
          <ul className={styles.list} aria-label={P.services}>
            {info.additionalServices.map((service) => (
              <li key={service.name} data-type={service.type}>
                {service.name}
              </li>
            ))}
          </ul>
          <p>{info.multiscreenDescription}</p>
          {vod && <p className={styles.muted}>{P.vod(vod.text, formatDate(vod.promoUntil))}</p>}
          <p className={styles.price}>
            {formatKM(apiPlan.price)} {messages.perMonthVat}
          </p>
        </section>

        <section aria-label={P.cardSection}>
          {payment.isPending && <Spinner />}
          {payment.isSuccess && primary && (
            <p className={styles.card}>
              <CardLogo type={primary.creditCardTypeCode} height={24} />
              {P.payWith(primary.cardNumber)}
            </p>
          )}
          {!payment.isPending && !primary && (
            <div className={styles.actions}>
              <span>{SUBSCRIBE_TEXTS.noCard}</span>
              <Button variant="secondary" onClick={cardDialog.open}>
                {SUBSCRIBE_TEXTS.addCard}
              </Button>
            </div>
          )}
        </section>

        <div>
          {(['useTerms', 'terms'] as const).map((which) => (
            <AcceptTerms
              key={which}
              which={which}
              checked={accepted[which]}
              onChange={(checked) => setAccepted((a) => ({ ...a, [which]: checked }))}
              onRead={() => setReading(which)}
            />
          ))}
        </div>

        {refusal && (
          <Alert kind="error">
            {PROMO_REFUSED_TEXTS[refusal]} {PROMO_REFUSED_TEXTS.paidOffer(info.name, formatKM(apiPlan.price))}
          </Alert>
        )}
        <Button block disabled={!canSubmit} onClick={submit}>
          {busy ? messages.sending : promo ? SUBSCRIBE_TEXTS.promoSubmit : SUBSCRIBE_TEXTS.submit}
        </Button>
      </div>
      {reading && (
        <Dialog
          title={reading === 'useTerms' ? SUBSCRIBE_TEXTS.useTermsTitle : SUBSCRIBE_TEXTS.termsTitle}
          onClose={() => setReading(null)}
          wide
        >
          <LegalText state={reading === 'useTerms' ? useTerms : terms} />
        </Dialog>
      )}
      {cardDialog.dialog}
    </Page>
  );
}

const ACCEPT = {
  useTerms: { accept: SUBSCRIBE_TEXTS.acceptUseTerms, read: SUBSCRIBE_TEXTS.useTerms },
  terms: { accept: SUBSCRIBE_TEXTS.acceptTerms, read: SUBSCRIBE_TEXTS.terms },
} as const;

/**
 * "Prihvatam [uslove korištenja]": a checkbox, and a button that opens the text. The checkbox is named
 * by both ("Prihvatam uslove korištenja"), not two boxes called "Prihvatam".
 */
function AcceptTerms({
  which,
  checked,
  onChange,
  onRead,
}: {
  which: keyof typeof ACCEPT;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onRead: () => void;
}) {
  const id = `accept-${which}`;
  return (
    <p className={styles.check}>
      <input
        id={id}
        type="checkbox"
        aria-labelledby={`${id}-label ${id}-read`}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label id={`${id}-label`} htmlFor={id}>
        {ACCEPT[which].accept}{' '}
      </label>
      <button id={`${id}-read`} type="button" className={styles.linkButton} onClick={onRead}>
        {ACCEPT[which].read}
      </button>
    </p>
  );
}

function LegalText({ state }: { state: UseQueryResult<string> }) {
  if (state.isPending) return <Spinner />;
  if (state.isError) return <Alert kind="error">{P.textFailed}</Alert>;
  // Sanitised by the catalogue (DOMPurify) before it reaches here.
  return <div className={styles.legal} dangerouslySetInnerHTML={{ __html: state.data }} />;
}
