import { useState } from 'react';
import {
  Alert,
  VOUCHER_TEXTS,
  formatDate,
  invalidate,
  localDay,
  maySubscribe,
  type AccountInfo,
  type Mbon,
  type PaymentData,
} from '@portal/shared';
import { RedeemVoucherForm, SubscribeWithVoucher, VOUCHER_FORM_TEXTS, creditByPlan } from '@portal/shared/payments';
import styles from '../account/AccountPage.module.css';
import { ACCOUNT_VOUCHER_TEXTS as T } from '../texts';

/**
 * The vouchers in the 'Plaćanje' section (docs/vouchers.md): those redeemed beside the cards, the months
 * of credit left, the redeem form, and 'Pretplati se vaučerom' for a customer who may buy. The forms are
 * the subscribe page's too (@portal/shared/payments).
 */
export function VoucherPanel({ payment, info }: { payment: PaymentData; info: AccountInfo | null }) {
  // A redeemed voucher opens a fresh form (useForm stays busy after a send that worked).
  const [round, setRound] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const credit = creditByPlan(payment.mbons);
  // A month of credit buys as a card does (`maySubscribe`); while the status is unknown, it is not offered.
  const mayBuy = !!info && maySubscribe(info, localDay());
  const redeemed = (mbon: Mbon) => {
    setDone(VOUCHER_FORM_TEXTS.redeemed(mbon.months, mbon.planName));
    setRound((n) => n + 1);
  };
  // The panel says so and asks again: this button goes once the account may no longer buy.
  const subscribed = async () => {
    setDone(T.subscribed);
    await invalidate('accountInfo', 'paymentData', 'payments');
  };
  return (
    <div className={styles.sectionActions}>
      <h3 className={styles.heading}>{T.heading}</h3>
      {payment.mbons.length === 0 ? (
        <p className={styles.muted}>{T.none}</p>
      ) : (
        <ul aria-label={T.heading}>
          {payment.mbons.map((mbon) => (
            <li key={`${mbon.lastFour}-${mbon.redeemedAt}`}>
              {T.item(mbon.lastFour, mbon.planName)} ({formatDate(mbon.redeemedAt)}):{' '}
              {VOUCHER_TEXTS.monthsLeft(mbon.monthsLeft)}
            </li>
          ))}
        </ul>
      )}
      {credit.map((entry) => (
        <p key={entry.code}>
          <strong>{VOUCHER_FORM_TEXTS.credit(entry.name, VOUCHER_TEXTS.monthsLeft(entry.months))}</strong>
        </p>
      ))}
      {credit.length > 0 && !mayBuy && <p className={styles.muted}>{T.creditFirst}</p>}
      {info?.creditUntil && (
        <p>
          <strong>{T.cardFrom(formatDate(info.creditUntil))}</strong>
        </p>
      )}
      {mayBuy && credit.length > 0 && <SubscribeWithVoucher credit={credit} onSubscribed={subscribed} />}
      {done && <Alert kind="success">{done}</Alert>}
      <RedeemVoucherForm key={round} hint={VOUCHER_FORM_TEXTS.hint} onRedeemed={redeemed} />
    </div>
  );
}
