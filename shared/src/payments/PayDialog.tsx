import { useState } from 'react';
import type { CreditCard, PaymentOrderResponse } from '@portal/shared/contract';
import { Button, CardLogo, Spinner, formatKM, useQuery, useSubmit } from '@portal/shared';
import { Dialog } from './Dialog';
import { ChallengeStep } from './ChallengeStep';
import { subscriptionChanged } from './calls';
import { paymentProviderQuery, type Outcome, type PaymentProvider } from './provider';
import { CARD_TEXTS } from './texts';
import styles from './payments.module.css';

export interface PayDialogProps {
  card: CreditCard;
  /** The amount the customer was shown (KM); the order is placed for it, and the API refuses another one. */
  amount: number;
  /** Places the order to pay, with this dialog's idempotency key (the same for every attempt from it). */
  placeOrder: (idempotencyKey: string) => Promise<PaymentOrderResponse>;
  onResult: (paid: boolean) => void;
  onClose: () => void;
}

/** A fresh idempotency key: one per dialog or form, sent with every attempt from it. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * The security-code modal (product.md §2, §4): 'Plati' only with a valid code; then the order is placed (a
 * plan's, or a package change's) and paid with the saved card. Every attempt from one dialog sends the
 * same idempotency key, so the order is charged once at most.
 */
export function PayDialog(props: PayDialogProps) {
  const provider = useQuery(paymentProviderQuery());
  return (
    <Dialog title={CARD_TEXTS.securityTitle} onClose={props.onClose}>
      {provider.isPending && <Spinner />}
      {provider.isError && <PayFailed onResult={props.onResult} />}
      {provider.isSuccess && (
        <provider.data.Scope>
          <PayForm provider={provider.data} {...props} />
        </provider.data.Scope>
      )}
    </Dialog>
  );
}

function PayFailed({ onResult }: { onResult: (paid: boolean) => void }) {
  return <Button onClick={() => onResult(false)}>{CARD_TEXTS.close}</Button>;
}

function PayForm({ provider, card, amount, placeOrder, onResult }: PayDialogProps & { provider: PaymentProvider }) {
  const { confirmPayment } = provider.useConfirm();
  const [valid, setValid] = useState(false);
  const { busy, run } = useSubmit((failure) => {
    console.warn('Payment failed', failure);
    onResult(false);
  });
  const [challenge, setChallenge] = useState<Extract<Outcome, { status: 'challenge' }> | null>(null);
  const [key] = useState(newIdempotencyKey);
  const settle = (outcome: Outcome) => {
    if (outcome.status === 'challenge') return setChallenge(outcome);
    // Paid or not, the order is settled: the account page, the history and the cards are asked again.
    subscriptionChanged();
    onResult(outcome.status === 'succeeded');
  };

  function pay() {
    if (!valid) return;
    void run(async () => {
      const placed = await placeOrder(key);
      settle(
        await confirmPayment(placed.paymentSecret, {
          card: placed.card,
          panToken: placed.panToken,
          order: placed.orderInfo,
        }),
      );
    });
  }

  if (challenge) return <ChallengeStep outcome={challenge} onAnswered={settle} />;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        pay();
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
