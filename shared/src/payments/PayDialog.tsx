import { useMemo, useState } from 'react';
import type { CreditCard, PaymentOrderResponse } from '@portal/shared/contract';
import { Button, CardLogo, Spinner, formatKM, useLoad } from '@portal/shared';
import { Dialog } from './Dialog';
import { ChallengeStep } from './ChallengeStep';
import { loadPaymentProvider, type Outcome, type PaymentProvider } from './provider';
import { CARD_TEXTS } from './texts';
import styles from './payments.module.css';

export interface PayDialogProps {
  card: CreditCard;
  amount: number;
  /** Places the order; the key is the same for every attempt from this dialog (one charge at most). */
  order: (idempotencyKey: string) => Promise<PaymentOrderResponse>;
  onResult: (paid: boolean) => void;
  onClose: () => void;
}

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** The security-code modal (spec 2, 4): 'Plati' only with a valid code; the order is paid with the saved card. */
export function PayDialog(props: PayDialogProps) {
  const load = useMemo(() => () => loadPaymentProvider(), []);
  const provider = useLoad(load, 'Payment provider');
  return (
    <Dialog title={CARD_TEXTS.securityTitle} onClose={props.onClose}>
      {provider.status === 'loading' && <Spinner />}
      {provider.status === 'failed' && <PayFailed onResult={props.onResult} />}
      {provider.status === 'ready' && (
        <provider.value.Scope>
          <PayForm provider={provider.value} {...props} />
        </provider.value.Scope>
      )}
    </Dialog>
  );
}

function PayFailed({ onResult }: { onResult: (paid: boolean) => void }) {
  return <Button onClick={() => onResult(false)}>{CARD_TEXTS.close}</Button>;
}

function PayForm({ provider, card, amount, order, onResult }: PayDialogProps & { provider: PaymentProvider }) {
  const { confirmPayment } = provider.useConfirm();
  const [valid, setValid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<Extract<Outcome, { status: 'challenge' }> | null>(null);
  const [key] = useState(newKey);
  const settle = (outcome: Outcome) => {
    if (outcome.status === 'challenge') setChallenge(outcome);
    else onResult(outcome.status === 'succeeded');
  };

  async function pay() {
    if (!valid || busy) return;
    setBusy(true);
    try {
      const placed = await order(key);
      settle(await confirmPayment(placed.paymentSecret, { card: placed.card, panToken: placed.panToken, order: placed.orderInfo }));
    } catch (error) {
      console.warn('Payment failed', error);
      onResult(false);
    }
  }

  if (challenge) return <ChallengeStep outcome={challenge} onAnswered={settle} />;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      <p>{CARD_TEXTS.securityIntro}</p>
      <p className={styles.cardLine}>
        <CardLogo type={card.creditCardTypeCode} height={24} /> <span>{card.cardNumber}</span>
        <strong className={styles.amount}>{formatKM(amount)}</strong>
      </p>
      <provider.SecurityCodeField onValidChange={setValid} />
      <Button type="submit" block disabled={!valid || busy}>
        {busy ? CARD_TEXTS.paying : `${CARD_TEXTS.pay} ${formatKM(amount)}`}
      </Button>
    </form>
  );
}
