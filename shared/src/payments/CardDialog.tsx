import { useId, useMemo, useState, type ReactNode } from 'react';
import { cardHolderSchema, type CardHolder, type CardHolderField } from '@portal/shared';
import {
  Alert,
  Button,
  Spinner,
  TextField,
  useAuth,
  useForm,
  useQuery,
  useSubmit,
  messages,
  shownPhone,
} from '@portal/shared';
import { Dialog } from './Dialog';
import { ChallengeStep } from './ChallengeStep';
import { countryOptions, DEFAULT_COUNTRY } from './countries';
import { cardsChanged, createCard, updateCardHolder } from './calls';
import { paymentProviderQuery, type Outcome, type PaymentProvider } from './provider';
import { CARD_TEXTS } from './texts';
import styles from './payments.module.css';

type Step = { n: 1 } | { n: 2; secret: string; holder: CardHolder } | { n: 3 } | { n: 4 };

/** A phone from the login token (`38761…`) in the form the card-holder rule accepts (`+38761…`). */
const phoneOf = (value: string | null | undefined) => (value ? shownPhone(value) : '');

/**
 * A page's card dialog: `open()` shows it, and when it closes every list of the customer's cards is
 * refreshed (cardsChanged). Render `dialog` anywhere in the page.
 */
export function useCardDialog(): { open: () => void; dialog: ReactNode } {
  const [adding, setAdding] = useState(false);
  const dialog = adding ? (
    <CardDialog
      onClose={() => {
        setAdding(false);
        void cardsChanged();
      }}
    />
  ) : null;
  return { open: () => setAdding(true), dialog };
}

/**
 * The four-step card dialog (product.md §2): card-holder data, the provider's card fields, 'Čestitamo' or
 * 'Greška'. `onClose(saved)` runs when it closes; the caller refreshes its card list.
 */
export function CardDialog({ onClose }: { onClose: (saved: boolean) => void }) {
  const provider = useQuery(paymentProviderQuery());
  const [step, setStep] = useState<Step>({ n: 1 });
  return (
    <Dialog title={CARD_TEXTS.title} onClose={() => onClose(step.n === 3)}>
      <p className={styles.stepper} aria-live="polite">
        {CARD_TEXTS.step(step.n)}
      </p>
      {step.n === 1 && (
        <HolderStep onDone={(secret, holder) => setStep({ n: 2, secret, holder })} onFailed={() => setStep({ n: 4 })} />
      )}
      {step.n === 2 && provider.isPending && <Spinner />}
      {step.n === 2 && provider.isError && (
        <ErrorStep onRetry={() => setStep({ n: 1 })} onClose={() => onClose(false)} />
      )}
      {step.n === 2 && provider.isSuccess && (
        <provider.data.Scope>
          <CardStep
            provider={provider.data}
            secret={step.secret}
            holder={step.holder}
            onOutcome={(ok) => setStep({ n: ok ? 3 : 4 })}
          />
        </provider.data.Scope>
      )}
      {step.n === 3 && (
        <div className={styles.result}>
          <h3 className={styles.stepTitle}>{CARD_TEXTS.successTitle}</h3>
          <Alert kind="success">{CARD_TEXTS.success}</Alert>
          <Button onClick={() => onClose(true)}>{CARD_TEXTS.close}</Button>
        </div>
      )}
      {step.n === 4 && <ErrorStep onRetry={() => setStep({ n: 1 })} onClose={() => onClose(false)} />}
    </Dialog>
  );
}

function ErrorStep({ onRetry, onClose }: { onRetry: () => void; onClose: () => void }) {
  return (
    <div className={styles.result}>
      <h3 className={styles.stepTitle}>{CARD_TEXTS.errorTitle}</h3>
      <Alert kind="error">{CARD_TEXTS.error}</Alert>
      <p className={styles.help}>{CARD_TEXTS.helpIntro}</p>
      <ul className={styles.helpList}>
        {CARD_TEXTS.help.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button onClick={onRetry}>{messages.retry}</Button>
        <Button variant="secondary" onClick={onClose}>
          {CARD_TEXTS.close}
        </Button>
      </div>
    </div>
  );
}

const LABELS: Record<CardHolderField, string> = {
  fullName: CARD_TEXTS.fullName,
  address: CARD_TEXTS.address,
  city: CARD_TEXTS.city,
  zip: CARD_TEXTS.zip,
  country: CARD_TEXTS.country,
  email: CARD_TEXTS.email,
  phone: CARD_TEXTS.phone,
};
const LIMITS: Record<CardHolderField, number> = {
  fullName: 29,
  address: 99,
  city: 29,
  zip: 8,
  country: 2,
  email: 99,
  phone: 29,
};
const AUTOCOMPLETE: Record<CardHolderField, string> = {
  fullName: 'cc-name',
  address: 'street-address',
  city: 'address-level2',
  zip: 'postal-code',
  country: 'country',
  email: 'email',
  phone: 'tel',
};

/** Step 1: the card-holder form (product.md §5 rules and messages); then the new card and its data are sent. */
function HolderStep({
  onDone,
  onFailed,
}: {
  onDone: (secret: string, holder: CardHolder) => void;
  onFailed: () => void;
}) {
  const token = useAuth((s) => s.tokenData);
  // The card-holder request's own schema (product.md §5 rules and messages): the API parses it the same way.
  const form = useForm({
    schema: cardHolderSchema,
    initial: {
      fullName: token ? `${token.first_name} ${token.last_name}`.trim() : '',
      address: '',
      city: '',
      zip: '',
      country: DEFAULT_COUNTRY,
      email: token?.email ?? '',
      phone: phoneOf(token?.phone_number),
    },
    explain: (failure) => {
      console.warn('Card preparation failed', failure);
      onFailed();
    },
    send: async (holder) => {
      const card = await createCard();
      await updateCardHolder(card.code, holder);
      onDone(card.paymentSecret, holder);
    },
  });
  const countries = useMemo(() => countryOptions(), []);
  const countryId = useId();

  const field = (name: Exclude<CardHolderField, 'country'>, extra: Record<string, string> = {}) => (
    <TextField
      key={name}
      label={LABELS[name]}
      {...form.field(name)}
      maxLength={LIMITS[name]}
      autoComplete={AUTOCOMPLETE[name]}
      {...extra}
    />
  );
  return (
    <form onSubmit={form.onSubmit} noValidate className={styles.form}>
      <h3 className={styles.stepTitle}>{CARD_TEXTS.holderIntro}</h3>
      {field('fullName')}
      {field('address')}
      <div className={styles.pair}>
        {field('city')}
        {field('zip', { inputMode: 'numeric' })}
      </div>
      <div className={styles.select}>
        <label htmlFor={countryId}>{CARD_TEXTS.country}</label>
        <select
          id={countryId}
          value={form.values.country}
          autoComplete="country"
          onChange={(e) => form.set('country', e.target.value)}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {form.errors.country && (
          <span className={styles.fieldError} role="alert">
            {form.errors.country}
          </span>
        )}
      </div>
      {field('email', { type: 'email', inputMode: 'email' })}
      {field('phone', { type: 'tel', inputMode: 'tel' })}
      <Button type="submit" block disabled={form.busy}>
        {form.busy ? CARD_TEXTS.preparing : CARD_TEXTS.next}
      </Button>
    </form>
  );
}

/** Step 2: the provider's card fields; 'Sačuvaj karticu' only when all three are valid. */
function CardStep({
  provider,
  secret,
  holder,
  onOutcome,
}: {
  provider: PaymentProvider;
  secret: string;
  holder: CardHolder;
  onOutcome: (ok: boolean) => void;
}) {
  const { confirmSetup } = provider.useConfirm();
  const [valid, setValid] = useState(false);
  const { busy, run } = useSubmit(() => onOutcome(false));
  const [challenge, setChallenge] = useState<Extract<Outcome, { status: 'challenge' }> | null>(null);
  const settle = (outcome: Outcome) => {
    if (outcome.status === 'challenge') setChallenge(outcome);
    else onOutcome(outcome.status === 'succeeded');
  };
  if (challenge) return <ChallengeStep outcome={challenge} onAnswered={settle} />;
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void run(async () => settle(await confirmSetup(secret, holder)));
      }}
      noValidate
    >
      <Alert kind="info">{CARD_TEXTS.verification}</Alert>
      <provider.CardFields onValidChange={setValid} />
      <Button type="submit" block disabled={!valid || busy}>
        {busy ? CARD_TEXTS.saving : CARD_TEXTS.save}
      </Button>
    </form>
  );
}
