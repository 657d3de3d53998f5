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
} from '@portal/shared';
import { PayDialog } from '@portal/shared/payments';
import styles from './AccountPage.module.css';

const T = VOUCHER_TEXTS.gift;

/** The rule the API applies to the person named (vouchers/gift.ts): an e-mail address or a mobile number (06…). */
function recipientOk(typed: string): boolean {
  const parsed = usernameOf(typed);
  if (parsed?.type === 'EMAIL') return EMAIL_PATTERN.test(parsed.value);
  return parsed?.type === 'PHONE_NUMBER' && isRegistrationPhone(parsed.value);
}

type Step = { kind: 'form' } | { kind: 'paying' } | { kind: 'sent'; to: string } | { kind: 'failed' };

/**
 * 'Pokloni vaučer' (docs/vouchers.md, A gift): a package, months, the person's e-mail or phone and a
 * message; the total is paid with the primary card in the security-code dialog, whose one idempotency
 * key makes a repeated request the same order, charged once.
 */
export function GiftPanel({ card }: { card: CreditCard | undefined }) {
  // The packages' prices are asked for only when the customer opens the form.
  const [open, setOpen] = useState(false);
  const plans = useQuery({ ...plansQuery, enabled: open });
  const [plan, setPlan] = useState('');
  const [months, setMonths] = useState('1');
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const list = plans.data ?? [];
  const chosen = list.find((p) => p.code === plan) ?? list[0];
  const count = Number(months);
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
        <form onSubmit={submit} noValidate aria-label={T.title}>
          <label>
            {T.plan}{' '}
            <select value={chosen?.code ?? ''} onChange={(e) => setPlan(e.target.value)}>
              {list.map((p) => (
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
            value={months}
            onChange={(e) => setMonths(e.target.value)}
          />
          <TextField label={T.to} autoComplete="off" value={to} onChange={(e) => setTo(e.target.value)} />
          <TextField
            label={T.message}
            maxLength={GIFT_MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          {total > 0 && <p>{T.total(formatKM(total))}</p>}
          {error && <Alert kind="error">{error}</Alert>}
          <Button type="submit" variant="secondary" disabled={!chosen || step.kind === 'paying'}>
            {T.buy}
          </Button>
        </form>
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
