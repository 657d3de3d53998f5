import {
  Alert,
  Button,
  CardLogo,
  Link,
  Spinner,
  formatDate,
  formatKM,
  paths,
  promoRibbon,
  messages,
  type CreditCard,
  type PlanInfo,
  type PlansFile,
  type Promo,
  type UseQueryResult,
} from '@portal/shared';
import { Dialog } from '@portal/shared/payments';
import { SUBSCRIBE_PLAN_TEXTS as P, SUBSCRIBE_TEXTS } from './texts';
import styles from './Subscribe.module.css';

/** The subscribe form's first step: the package as the catalogue describes it, its promo and its price. */
export function PlanStep({
  code,
  info,
  promo,
  vod,
  price,
}: {
  code: string;
  info: PlanInfo;
  promo: Promo | null;
  vod: PlansFile['vodNote'] | null;
  price: number;
}) {
  return (
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
        {formatKM(price)} {messages.perMonthVat}
      </p>
    </section>
  );
}

/** The second step: the primary card it is paid with, or a way to add one. */
export function CardStep({
  pendingCards,
  primary,
  onAddCard,
}: {
  pendingCards: boolean;
  primary: CreditCard | undefined;
  onAddCard: () => void;
}) {
  return (
    <section aria-label={P.cardSection}>
      {pendingCards && <Spinner />}
      {primary && (
        <p className={styles.card}>
          <CardLogo type={primary.creditCardTypeCode} height={24} />
          {P.payWith(primary.cardNumber)}
        </p>
      )}
      {!pendingCards && !primary && (
        <div className={styles.actions}>
          <span>{SUBSCRIBE_TEXTS.noCard}</span>
          <Button variant="secondary" onClick={onAddCard}>
            {SUBSCRIBE_TEXTS.addCard}
          </Button>
        </div>
      )}
    </section>
  );
}

const ACCEPT = {
  useTerms: { accept: SUBSCRIBE_TEXTS.acceptUseTerms, read: SUBSCRIBE_TEXTS.useTerms },
  terms: { accept: SUBSCRIBE_TEXTS.acceptTerms, read: SUBSCRIBE_TEXTS.terms },
} as const;

/** The terms a subscriber accepts: the terms of use and the general terms. */
export type Terms = keyof typeof ACCEPT;

/** The third step: both terms accepted, each readable in a dialog first. */
export function TermsStep({
  accepted,
  onAccept,
  onRead,
}: {
  accepted: Record<Terms, boolean>;
  onAccept: (which: Terms, checked: boolean) => void;
  onRead: (which: Terms) => void;
}) {
  return (
    <div>
      {(['useTerms', 'terms'] as const).map((which) => (
        <AcceptTerms
          key={which}
          which={which}
          checked={accepted[which]}
          onChange={(checked) => onAccept(which, checked)}
          onRead={() => onRead(which)}
        />
      ))}
    </div>
  );
}

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
  which: Terms;
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

/** The terms being read, in a wide dialog. */
export function TermsDialog({
  which,
  text,
  onClose,
}: {
  which: Terms;
  text: UseQueryResult<string>;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={which === 'useTerms' ? SUBSCRIBE_TEXTS.useTermsTitle : SUBSCRIBE_TEXTS.termsTitle}
      onClose={onClose}
      wide
    >
      <LegalText state={text} />
    </Dialog>
  );
}

function LegalText({ state }: { state: UseQueryResult<string> }) {
  if (state.isPending) return <Spinner />;
  if (state.isError) return <Alert kind="error">{P.textFailed}</Alert>;
  // Sanitised by the catalogue (DOMPurify) before it reaches here.
  return <div className={styles.legal} dangerouslySetInnerHTML={{ __html: state.data }} />;
}
