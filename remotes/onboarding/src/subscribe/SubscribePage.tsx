import { useCallback, useState } from 'react';
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
  getPlans,
  panelClass,
  promoRibbon,
  useAccountInfo,
  useAuth,
  useLoad,
  useNavigate,
  usePaymentData,
  useSearchParams,
  type AccountInfo,
  type PlansFile,
} from '@portal/shared';
import { Dialog, subscribeInPromo, useCardDialog } from '@portal/shared/payments';
import { loadSubscriptionContent } from './content';
import { SUBSCRIBE_TEXTS } from './texts';
import styles from './Subscribe.module.css';

export const SUCCESS_PATH = '/pretplata-uspjesna';
export const FAILURE_PATH = '/pretplata-greska';

/**
 * Who may open the subscribe pages: spec 4 says only EXPIRED; a customer who never had a
 * subscription (status null) must be able to buy a first one too, or nobody new could subscribe.
 */
export const maySubscribe = (info: AccountInfo) => info.status === 'EXPIRED' || info.status === null;

/** The spec's checks before a subscribe screen shows: logged in, a known plan, a status that may buy. */
export function SubscribeGuard({ plan, children }: { plan: string | null; children: (info: AccountInfo) => React.ReactNode }) {
  const initialized = useAuth((s) => s.initialized);
  const authorized = useAuth((s) => s.authorized);
  const account = useAccountInfo(initialized && authorized);
  if (!initialized) return null;
  if (!authorized) return <Navigate to="/nalog" replace />;
  if (!plan || !(PLAN_CODES as readonly string[]).includes(plan)) return <Navigate to="/paketi" replace />;
  if (account.status === 'loading') return <Page title={SUBSCRIBE_TEXTS.title} narrow><Spinner /></Page>;
  if (account.status === 'failed' || !maySubscribe(account.value)) return <Navigate to="/paketi" replace />;
  return children(account.value);
}

/** `/pretplati-se?paket=` (spec 2, Subscription). */
export function SubscribePage() {
  const [params] = useSearchParams();
  const code = params.get('paket');
  return <SubscribeGuard plan={code}>{() => <SubscribeForm code={code!} />}</SubscribeGuard>;
}

function SubscribeForm({ code }: { code: string }) {
  const navigate = useNavigate();
  const content = useLoad(loadSubscriptionContent, 'Subscription content');
  const plans = useLoad(getPlans, 'Plans');
  const payment = usePaymentData();
  const cardDialog = useCardDialog(payment.retry);
  const loadUseTerms = useCallback(() => loadSubscriptionContent().then((c) => c.loadLegalText('use-terms.html')), []);
  const loadTerms = useCallback(() => loadSubscriptionContent().then((c) => c.loadLegalText('terms.html')), []);
  const useTerms = useLoad(loadUseTerms, 'Use terms');
  const terms = useLoad(loadTerms, 'Terms');
  const [accepted, setAccepted] = useState({ useTerms: false, terms: false });
  const [reading, setReading] = useState<'useTerms' | 'terms' | null>(null);
  const [busy, setBusy] = useState(false);

  const apiPlan = plans.status === 'ready' ? plans.value.find((p) => p.code === code) : undefined;
  const promo = apiPlan ? activePromo(apiPlan.promos) : null;
  const primary = payment.status === 'ready' ? payment.value.creditCards.find((c) => c.primaryCard) : undefined;

  if (content.status === 'loading' || plans.status === 'loading') return <Page title={SUBSCRIBE_TEXTS.title}><Spinner /></Page>;
  const info = content.status === 'ready' ? content.value.plansInfo.plans[code as keyof PlansFile['plans']] : undefined;
  if (content.status === 'failed' || plans.status === 'failed' || !info || !apiPlan) {
    return (
      <Page title={SUBSCRIBE_TEXTS.title} narrow>
        <div className={panelClass()}>
          <Alert kind="error">{SUBSCRIBE_TEXTS.loadFailed}</Alert>
          <Button variant="secondary" onClick={() => (content.status === 'failed' ? content.retry() : plans.retry())}>
            Pokušaj ponovo
          </Button>
        </div>
      </Page>
    );
  }
  const vod = content.status === 'ready' ? content.value.plansInfo.vodNote : null;
  const canSubmit = accepted.useTerms && accepted.terms && Boolean(primary) && !busy;

  async function submit() {
    if (!canSubmit) return;
    if (!promo) {
      void navigate(`/potvrdi-pretplatu?plan=${encodeURIComponent(code)}`);
      return;
    }
    // A promo plan with a saved primary card subscribes directly (spec 4, Subscribing).
    setBusy(true);
    try {
      await subscribeInPromo(code);
      void navigate(SUCCESS_PATH, { replace: true });
    } catch (error) {
      console.warn('Promo subscription failed', error);
      void navigate(FAILURE_PATH, { replace: true });
    }
  }

  return (
    <Page title={SUBSCRIBE_TEXTS.title} narrow>
      <div className={`${panelClass()} ${styles.grid}`}>
        <section className={styles.plan} aria-labelledby="plan-name">
          <h2 id="plan-name">{info.name}</h2>
          {promo && <p className={styles.ribbon}>{promoRibbon(promo)}</p>}
          {info.planSpotlight && <p className={styles.muted}>Naš najtraženiji paket</p>}
          <p>
            <Link to={`/tv-kanali?paket=${code}`}>{info.numChannels} TV kanala</Link>
          </p>
          <ul className={styles.list} aria-label="Dodatne usluge">
            {info.additionalServices.map((service) => (
              <li key={service.name} data-type={service.type}>
                {service.name}
              </li>
            ))}
          </ul>
          <p>{info.multiscreenDescription}</p>
          {vod && (
            <p className={styles.muted}>
              {vod.text} (promotivno do {formatDate(vod.promoUntil)}).
            </p>
          )}
          <p className={styles.price}>{formatKM(apiPlan.price)} mjesečno, PDV uključen</p>
        </section>

        <section aria-label="Kartica za plaćanje">
          {payment.status === 'loading' && <Spinner />}
          {payment.status === 'ready' && primary && (
            <p className={styles.card}>
              <CardLogo type={primary.creditCardTypeCode} height={24} /> Plaćanje karticom {primary.cardNumber}
            </p>
          )}
          {payment.status !== 'loading' && !primary && (
            <div className={styles.actions}>
              <span>{SUBSCRIBE_TEXTS.noCard}</span>
              <Button variant="secondary" onClick={cardDialog.open}>
                {SUBSCRIBE_TEXTS.addCard}
              </Button>
            </div>
          )}
        </section>

        <div>
          <p className={styles.check}>
            {/* Named by the label and the button beside it: "Prihvatam uslove korištenja", not two boxes called "Prihvatam". */}
            <input
              id="accept-use-terms"
              type="checkbox"
              aria-labelledby="accept-use-terms-label read-use-terms"
              checked={accepted.useTerms}
              onChange={(e) => setAccepted((a) => ({ ...a, useTerms: e.target.checked }))}
            />
            <label id="accept-use-terms-label" htmlFor="accept-use-terms">
              {SUBSCRIBE_TEXTS.acceptUseTerms}{' '}
            </label>
            <button id="read-use-terms" type="button" className={styles.linkButton} onClick={() => setReading('useTerms')}>
              {SUBSCRIBE_TEXTS.useTerms}
            </button>
          </p>
          <p className={styles.check}>
            <input
              id="accept-terms"
              type="checkbox"
              aria-labelledby="accept-terms-label read-terms"
              checked={accepted.terms}
              onChange={(e) => setAccepted((a) => ({ ...a, terms: e.target.checked }))}
            />
            <label id="accept-terms-label" htmlFor="accept-terms">
              {SUBSCRIBE_TEXTS.acceptTerms}{' '}
            </label>
            <button id="read-terms" type="button" className={styles.linkButton} onClick={() => setReading('terms')}>
              {SUBSCRIBE_TEXTS.terms}
            </button>
          </p>
        </div>

        <Button block disabled={!canSubmit} onClick={() => void submit()}>
          {busy ? 'Šaljem…' : promo ? SUBSCRIBE_TEXTS.promoSubmit : SUBSCRIBE_TEXTS.submit}
        </Button>
      </div>
      {reading && (
        <Dialog title={reading === 'useTerms' ? SUBSCRIBE_TEXTS.useTermsTitle : SUBSCRIBE_TEXTS.termsTitle} onClose={() => setReading(null)} wide>
          <LegalText state={reading === 'useTerms' ? useTerms : terms} />
        </Dialog>
      )}
      {cardDialog.dialog}
    </Page>
  );
}

function LegalText({ state }: { state: ReturnType<typeof useLoad<string>> }) {
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'failed') return <Alert kind="error">Tekst trenutno nije moguće učitati.</Alert>;
  // Sanitised by the catalogue (DOMPurify) before it reaches here.
  return <div className={styles.legal} dangerouslySetInnerHTML={{ __html: state.value }} />;
}
