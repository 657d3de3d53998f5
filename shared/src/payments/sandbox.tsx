import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { cardBrandOf, cvcValid, expiryValid, luhnValid, postToProcessor } from '@portal/shared';
import { TextField } from '@portal/shared';
import type { Outcome, PaymentProvider } from './types';
import styles from './payments.module.css';
import { SANDBOX_TEXTS } from './texts';

interface Entered {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What the fields hold, for the confirmation (the sandbox's stand-in for a provider's secure fields). */
class EnteredCard {
  card: Entered = { number: '', expMonth: 0, expYear: 0, cvc: '' };
  setCard(card: Entered): void {
    this.card = card;
  }
  setCvc(cvc: string): void {
    this.card = { ...this.card, cvc };
  }
}

const EnteredContext = createContext<EnteredCard | null>(null);

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
const groupsOf4 = (value: string) => value.replace(/(\d{4})(?=\d)/g, '$1 ');

function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/?(\d{2})$/.exec(value.replace(/\s/g, ''));
  return match ? { month: Number(match[1]), year: Number(match[2]) } : null;
}

function numberError(number: string): string | null {
  if (!luhnValid(number)) return SANDBOX_TEXTS.badNumber;
  return cardBrandOf(number) ? null : SANDBOX_TEXTS.badBrand;
}

/** The sandbox's card fields: live validation (Luhn, a future expiry, 3-4 digit CVC); errors show once a field is left. */
function SandboxCardFields({ onValidChange }: { onValidChange: (valid: boolean) => void }) {
  const entered = useContext(EnteredContext);
  const [values, setValues] = useState({ number: '', expiry: '', cvc: '' });
  const [left, setLeft] = useState({ number: false, expiry: false, cvc: false });
  const number = values.number.replace(/\s/g, '');
  const expiry = parseExpiry(values.expiry);
  const errors = {
    number: numberError(number),
    expiry: expiry && expiryValid(expiry.month, expiry.year) ? null : SANDBOX_TEXTS.badExpiry,
    cvc: cvcValid(values.cvc) ? null : SANDBOX_TEXTS.badCvc,
  };
  const valid = !errors.number && !errors.expiry && !errors.cvc;
  useEffect(() => {
    if (valid && expiry) entered?.setCard({ number, expMonth: expiry.month, expYear: expiry.year, cvc: values.cvc });
    onValidChange(valid);
  }, [valid, number, expiry?.month, expiry?.year, values.cvc]); // eslint-disable-line react-hooks/exhaustive-deps

  const leave = (field: keyof typeof left) => () => setLeft((l) => ({ ...l, [field]: true }));
  const show = (field: keyof typeof left) =>
    left[field] && values[field] !== '' ? (errors[field] ?? undefined) : undefined;
  return (
    <div className={styles.cardFields}>
      <TextField
        label={SANDBOX_TEXTS.number}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={values.number}
        onChange={(e) => setValues((v) => ({ ...v, number: groupsOf4(digits(e.target.value, 19)) }))}
        onBlur={leave('number')}
        error={show('number')}
      />
      <div className={styles.pair}>
        <TextField
          label={SANDBOX_TEXTS.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={SANDBOX_TEXTS.expiryPlaceholder}
          value={values.expiry}
          onChange={(e) => {
            const d = digits(e.target.value, 4);
            setValues((v) => ({ ...v, expiry: d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d }));
          }}
          onBlur={leave('expiry')}
          error={show('expiry')}
        />
        <TextField
          label={SANDBOX_TEXTS.cvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          value={values.cvc}
          onChange={(e) => setValues((v) => ({ ...v, cvc: digits(e.target.value, 4) }))}
          onBlur={leave('cvc')}
          error={show('cvc')}
        />
      </div>
    </div>
  );
}

function SandboxSecurityCode({ onValidChange }: { onValidChange: (valid: boolean) => void }) {
  const entered = useContext(EnteredContext);
  const [cvc, setCvc] = useState('');
  const [left, setLeft] = useState(false);
  const valid = cvcValid(cvc);
  // Reported in the keystroke's own event, not in an effect after it: Enter right after the last digit
  // then finds the form's button already enabled and submits.
  const change = (value: string) => {
    const next = digits(value, 4);
    setCvc(next);
    entered?.setCvc(next);
    onValidChange(cvcValid(next));
  };
  return (
    <TextField
      label={SANDBOX_TEXTS.securityCode}
      inputMode="numeric"
      autoComplete="cc-csc"
      value={cvc}
      onChange={(e) => change(e.target.value)}
      onBlur={() => setLeft(true)}
      error={left && cvc !== '' && !valid ? SANDBOX_TEXTS.badCvc : undefined}
    />
  );
}

interface ProcessorAnswer {
  status?: 'succeeded' | 'requires_action' | 'failed';
  code?: string;
}

/**
 * The sandbox processor's provider: the fields post the card straight to the processor (not to the
 * portal's API), like a card processor's own fields would.
 */
export function createSandboxProvider(baseUrl: string): PaymentProvider {
  async function call(path: string, body: unknown): Promise<ProcessorAnswer> {
    try {
      const response = await postToProcessor(`${baseUrl}${path}`, body);
      const answer = (response.data ?? {}) as ProcessorAnswer & { error?: { code?: string } };
      return response.status >= 200 && response.status < 300
        ? answer
        : { status: 'failed', code: answer.error?.code ?? `http_${response.status}` };
    } catch {
      return { status: 'failed', code: 'network_error' };
    }
  }
  const intentOf = (secret: string) => secret.split('_secret_')[0] ?? '';
  function outcomeOf(answer: ProcessorAnswer, secret: string): Outcome {
    if (answer.status === 'succeeded') return { status: 'succeeded' };
    if (answer.status === 'requires_action') {
      return {
        status: 'challenge',
        answer: async (approve) =>
          outcomeOf(await call(`/intents/${intentOf(secret)}/challenge`, { client_secret: secret, approve }), secret),
      };
    }
    return { status: 'failed', code: answer.code ?? 'unknown' };
  }

  function Scope({ children }: { children: ReactNode }) {
    const [entered] = useState(() => new EnteredCard());
    return <EnteredContext.Provider value={entered}>{children}</EnteredContext.Provider>;
  }

  function useConfirm() {
    const entered = useContext(EnteredContext);
    return {
      async confirmSetup(secret: string): Promise<Outcome> {
        const card = entered?.card;
        if (!card) return { status: 'failed', code: 'no_card' };
        const body = {
          client_secret: secret,
          card: { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc },
        };
        return outcomeOf(await call(`/setup_intents/${intentOf(secret)}/confirm`, body), secret);
      },
      async confirmPayment(secret: string): Promise<Outcome> {
        return outcomeOf(
          await call(`/payment_intents/${intentOf(secret)}/confirm`, {
            client_secret: secret,
            cvc: entered?.card.cvc ?? '',
          }),
          secret,
        );
      },
    };
  }

  return { Scope, CardFields: SandboxCardFields, SecurityCodeField: SandboxSecurityCode, useConfirm };
}
