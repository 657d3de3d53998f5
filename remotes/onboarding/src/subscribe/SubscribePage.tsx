import { Suspense, lazy, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Navigate,
  PLAN_CODES,
  Page,
  Spinner,
  activePromo,
  formatKM,
  plansQuery,
  retryRead,
  useQuery,
  panelClass,
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
import { subscribeInPromo, useCardDialog } from '@portal/shared/payments';
import { legalTextQuery, subscriptionContentQuery } from './content';
import { SUBSCRIBE_TEXTS } from './texts';
import { PROMO_REFUSED_TEXTS } from '../texts';
import { saleRef } from '../wizard/storage';
import { CardStep, PlanStep, TermsDialog, TermsStep, type Terms } from './SubscribeSteps';
import styles from './Subscribe.module.css';

// The voucher's way comes with its own chunk, after the page has drawn (it is not the card's).
const VoucherStep = lazy(() => import(/* webpackChunkName: "subscribe-voucher" */ './VoucherStep'));

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

/** Why the free period was refused, and the same package offered at its price. */
function PromoRefused({ refusal, plan, price }: { refusal: PromoRefusal; plan: string; price: number }) {
  return (
    <Alert kind="error">
      {PROMO_REFUSED_TEXTS[refusal]} {PROMO_REFUSED_TEXTS.paidOffer(plan, formatKM(price))}
    </Alert>
  );
}

/**
 * Subscribing in a promo with the saved primary card. A refused free period is no dead end: `refusal` says
 * why, and the page offers the same package at its price; any other failure ends on the failure page.
 */
function usePromoSubscription(code: string) {
  const navigate = useNavigate();
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
  const subscribe = () =>
    void run(async () => {
      await subscribeInPromo(code, saleRef.get());
      void navigate(paths.subscribed.href(), { replace: true });
    });
  return { busy, refusal, subscribe };
}

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
  const [reading, setReading] = useState<Terms | null>(null);
  const { busy, refusal, subscribe } = usePromoSubscription(code);

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
    subscribe();
  }

  return (
    <Page title={SUBSCRIBE_TEXTS.title} narrow>
      <div className={`${panelClass()} ${styles.grid}`}>
        <PlanStep code={code} info={info} promo={promo} vod={vod} price={apiPlan.price} />
        <CardStep pendingCards={payment.isPending} primary={primary} onAddCard={cardDialog.open} />
        <TermsStep
          accepted={accepted}
          onAccept={(which, checked) => setAccepted((a) => ({ ...a, [which]: checked }))}
          onRead={setReading}
        />

        {refusal && <PromoRefused refusal={refusal} plan={info.name} price={apiPlan.price} />}
        <Button block disabled={!canSubmit} onClick={submit}>
          {busy ? messages.sending : promo ? SUBSCRIBE_TEXTS.promoSubmit : SUBSCRIBE_TEXTS.submit}
        </Button>
        <Suspense fallback={null}>
          <VoucherStep code={code} termsAccepted={accepted.useTerms && accepted.terms} />
        </Suspense>
      </div>
      {reading && (
        <TermsDialog
          which={reading}
          text={reading === 'useTerms' ? useTerms : terms}
          onClose={() => setReading(null)}
        />
      )}
      {cardDialog.dialog}
    </Page>
  );
}
