import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  EMAIL_PATTERN,
  GIFT_MESSAGE_MAX,
  GIFT_MONTHS_MAX,
  TextField,
  VOUCHER_TEXTS,
  calls,
  formatKM,
  invalidate,
  isRegistrationPhone,
  plansQuery,
  useQuery,
  usernameOf,
  type CreditCard,
  type Plan,
} from '@portal/shared';
import { PayDialog } from '@portal/shared/payments';
import styles from './AccountPage.module.css';

const T = VOUCHER_TEXTS.gift;

/** The rule the API applies to the person named (money/vouchers/gift.ts): an e-mail address or a mobile number (06…). */
function recipientOk(typed: string): boolean {
  const parsed = usernameOf(typed);
  if (parsed?.type === 'EMAIL') return EMAIL_PATTERN.test(parsed.value);
  return parsed?.type === 'PHONE_NUMBER' && isRegistrationPhone(parsed.value);
}

type Step = { kind: 'form' } | { kind: 'paying' } | { kind: 'sent'; to: string } | { kind: 'failed' };

/** The form's fields as typed: the package's code, the months, the person named and the message. */
interface GiftFields {
  plan: string;
  months: string;
  to: string;
  message: string;
}

/**
 * 'Pokloni vaučer' (docs/vouchers.md, A gift): a package, months, the person's e-mail or phone and a
 * message; the total is paid with the primary card in the security-code dialog, whose one idempotency
 * key makes a repeated request the same order, charged once.
 */
export function GiftPanel({ card }: { card: CreditCard | undefined }) {
  // The packages' prices are asked for only when the customer opens the form.
  const [open, setOpen] = useState(false);
  const plans = useQuery({ ...plansQuery, enabled: open });
  const [fields, setFields] = useState<GiftFields>({ plan: '', months: '1', to: '', message: '' });
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const { to, message } = fields;
  const list = plans.data ?? [];
  const chosen = list.find((p) => p.code === fields.plan) ?? list[0];
  const count = Number(fields.months);
  const total = chosen && Number.isInteger(count) ? Math.round(chosen.price * count * 100) / 100 : 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!Number.isInteger(count) || count < 1 || count > GIFT_MONTHS_MAX) return setError(T.wrongMonths);
    if (!recipientOk(to)) return setError(T.wrongRecipient);
    if ([...message].length > GIFT_MESSAGE_MAX) return setError(T.messageTooLong(GIFT_MESSAGE_MAX));
    setError(null);
    setStep({ kind: 'paying' });
  }

  return (
    <div className={styles.sectionActions}>
      <h3 className={styles.heading}>{T.title}</h3>
      <p className={styles.muted}>{T.intro}</p>
      {!card ? (
        <p className={styles.muted}>{T.needsCard}</p>
      ) : !open ? (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {T.open}
        </Button>
      ) : (
        <GiftForm
          plans={list}
          chosen={chosen}
          fields={fields}
          onChange={(name, value) => setFields((typed) => ({ ...typed, [name]: value }))}
          total={total}
          error={error}
          paying={step.kind === 'paying'}
          onSubmit={submit}
        />
      )}
      {step.kind === 'sent' && <Alert kind="success">{T.sent(step.to)}</Alert>}
      {step.kind === 'failed' && <Alert kind="error">{T.failed}</Alert>}
      {step.kind === 'paying' && card && chosen && (
        <PayDialog
          card={card}
          amount={total}
          placeOrder={(idempotencyKey) =>
            calls.buyGift({
              body: { plan: chosen.code, months: count, to, message, amount: total, creditCardId: card.code },
              headers: { 'Idempotency-Key': idempotencyKey },
            })
          }
          onResult={(paid) => {
            setStep(paid ? { kind: 'sent', to: to.trim() } : { kind: 'failed' });
            if (paid) void invalidate('payments');
          }}
          onClose={() => setStep({ kind: 'form' })}
        />
      )}
    </div>
  );
}

/** The gift's form: the package, the months, the person and the message, its total and why it was not sent. */
function GiftForm({
  plans,
  chosen,
  fields,
  onChange,
  total,
  error,
  paying,
  onSubmit,
}: {
  plans: readonly Plan[];
  chosen: Plan | undefined;
  fields: GiftFields;
  onChange: (name: keyof GiftFields, value: string) => void;
  total: number;
  error: string | null;
  paying: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={T.title}>
      <label>
        {T.plan}{' '}
        <select value={chosen?.code ?? ''} onChange={(e) => onChange('plan', e.target.value)}>
          {plans.map((p) => (
            <option key={p.code} value={p.code}>
              {p.name} ({formatKM(p.price)})
            </option>
          ))}
        </select>
      </label>
      <TextField
        label={T.months}
        type="number"
        min={1}
        max={GIFT_MONTHS_MAX}
        value={fields.months}
        onChange={(e) => onChange('months', e.target.value)}
      />
      <TextField label={T.to} autoComplete="off" value={fields.to} onChange={(e) => onChange('to', e.target.value)} />
      <TextField
        label={T.message}
        maxLength={GIFT_MESSAGE_MAX}
        value={fields.message}
        onChange={(e) => onChange('message', e.target.value)}
      />
      {total > 0 && <p>{T.total(formatKM(total))}</p>}
      {error && <Alert kind="error">{error}</Alert>}
      <Button type="submit" variant="secondary" disabled={!chosen || paying}>
        {T.buy}
      </Button>
    </form>
  );
}
