import { useState } from 'react';
import { Alert, VOUCHER_TEXTS, paths, useNavigate, usePaymentData, type Mbon } from '@portal/shared';
import { RedeemVoucherForm, SubscribeWithVoucher, VOUCHER_FORM_TEXTS, creditByPlan } from '@portal/shared/payments';
import styles from './Subscribe.module.css';

/**
 * The subscribe page's other way to pay (docs/vouchers.md): a voucher's code redeemed here, and a month of
 * this package's credit buying it without a card, with the account page's forms and call. The page's
 * guard has let only a customer who may buy this far; the terms are accepted first, as for a card.
 */
export default function VoucherStep({ code, termsAccepted }: { code: string; termsAccepted: boolean }) {
  const navigate = useNavigate();
  const payment = usePaymentData();
  // A redeemed voucher opens a fresh form (useForm stays busy after a send that worked).
  const [round, setRound] = useState(0);
  const [redeemed, setRedeemed] = useState<string | null>(null);
  const credit = payment.isSuccess ? creditByPlan(payment.data.mbons).filter((entry) => entry.code === code) : [];
  const onRedeemed = (mbon: Mbon) => {
    setRedeemed(VOUCHER_FORM_TEXTS.redeemed(mbon.months, mbon.planName));
    setRound((n) => n + 1);
  };
  return (
    <section className={styles.voucher} aria-labelledby="voucher-heading">
      <h3 id="voucher-heading">{VOUCHER_FORM_TEXTS.payWith}</h3>
      {credit.length === 0 && <p className={styles.muted}>{VOUCHER_FORM_TEXTS.offer}</p>}
      {credit.map((entry) => (
        <p key={entry.code}>
          <strong>{VOUCHER_FORM_TEXTS.credit(entry.name, VOUCHER_TEXTS.monthsLeft(entry.months))}</strong>
        </p>
      ))}
      {redeemed && <Alert kind="success">{redeemed}</Alert>}
      {credit.length > 0 ? (
        <SubscribeWithVoucher
          credit={credit}
          disabled={!termsAccepted}
          onSubscribed={() => void navigate(paths.subscribed.href(), { replace: true })}
        />
      ) : (
        <RedeemVoucherForm key={round} hint={VOUCHER_FORM_TEXTS.hint} onRedeemed={onRedeemed} />
      )}
    </section>
  );
}
