import { useState } from 'react';
import {
  Alert,
  Button,
  TextField,
  VOUCHER_TEXTS,
  calls,
  formatDate,
  invalidate,
  messages,
  redeemVoucherRequestSchema,
  useForm,
  useSubmit,
  type AccountInfo,
  type Mbon,
  type PaymentData,
} from '@portal/shared';
import styles from './AccountPage.module.css';
import { ACCOUNT_VOUCHER_TEXTS as T } from '../texts';

/** Months of credit left per package, in the order the vouchers were listed. */
function creditByPlan(mbons: readonly Mbon[]): Array<{ code: string; name: string; months: number }> {
  const credit = new Map<string, { code: string; name: string; months: number }>();
  for (const mbon of mbons) {
    const entry = credit.get(mbon.planCode) ?? { code: mbon.planCode, name: mbon.planName, months: 0 };
    entry.months += mbon.monthsLeft;
    credit.set(mbon.planCode, entry);
  }
  return [...credit.values()].filter((entry) => entry.months > 0);
}

/** A customer who may buy (docs/vouchers.md): no subscription, or an EXPIRED one. */
const mayBuy = (info: AccountInfo | null) => !!info && (info.status === null || info.status === 'EXPIRED');

/**
 * The vouchers in the 'Plaćanje' section (docs/vouchers.md): those redeemed beside the cards, the months
 * of credit left, the redeem form, and 'Pretplati se vaučerom' for a customer who may buy.
 */
export function VoucherPanel({ payment, info }: { payment: PaymentData; info: AccountInfo | null }) {
  // A redeemed voucher opens a fresh form (useForm stays busy after a send that worked).
  const [round, setRound] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const credit = creditByPlan(payment.mbons);
  const redeemed = (mbon: Mbon) => {
    setDone(T.redeemed(mbon.months, mbon.planName));
    setRound((n) => n + 1);
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
          <strong>{T.credit(entry.name, VOUCHER_TEXTS.monthsLeft(entry.months))}</strong>
        </p>
      ))}
      {credit.length > 0 && !mayBuy(info) && <p className={styles.muted}>{T.creditFirst}</p>}
      {info?.creditUntil && (
        <p>
          <strong>{T.cardFrom(formatDate(info.creditUntil))}</strong>
        </p>
      )}
      {mayBuy(info) && credit.length > 0 && (
        <SubscribeWithVoucher credit={credit} onSubscribed={() => setDone(T.subscribed)} />
      )}
      {done && <Alert kind="success">{done}</Alert>}
      <RedeemForm key={round} onRedeemed={redeemed} />
    </div>
  );
}

/** 'Kod vaučera' and 'Iskoristi vaučer': the API's answer (wrong, used, expired, …) shows at the field. */
function RedeemForm({ onRedeemed }: { onRedeemed: (mbon: Mbon) => void }) {
  const form = useForm({
    schema: redeemVoucherRequestSchema,
    initial: { code: '' },
    explain: VOUCHER_TEXTS.wrongCode,
    send: async (body) => {
      const mbon = await calls.redeemVoucher({ body });
      // The list and the credit beside the cards, and the account (a subscription may now be bought).
      await invalidate('paymentData', 'accountInfo');
      onRedeemed(mbon);
    },
  });
  const code = form.field('code');
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <TextField
        label={VOUCHER_TEXTS.codeLabel}
        hint={T.hint}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...code}
        error={form.failure ?? code.error}
      />
      <Button type="submit" variant="secondary" disabled={form.busy} aria-disabled={form.busy}>
        {form.busy ? messages.saving : VOUCHER_TEXTS.redeem}
      </Button>
    </form>
  );
}

/**
 * 'Pretplati se vaučerom': a month of a package's credit buys the subscription, without a card. The
 * panel says so: this button goes once the account, asked again, may no longer buy.
 */
function SubscribeWithVoucher({
  credit,
  onSubscribed,
}: {
  credit: Array<{ code: string; name: string }>;
  onSubscribed: () => void;
}) {
  const submit = useSubmit(VOUCHER_TEXTS.noCredit);
  const subscribe = (plan: string) =>
    void submit.run(
      async () => {
        await calls.subscribeWithVoucher({ body: { plan } });
        onSubscribed();
        await invalidate('accountInfo', 'paymentData', 'payments');
      },
      { settle: true },
    );
  return (
    <div className={styles.sectionActions}>
      {credit.map((entry) => (
        <Button key={entry.code} disabled={submit.busy} onClick={() => subscribe(entry.code)}>
          {credit.length === 1 ? VOUCHER_TEXTS.subscribe : `${VOUCHER_TEXTS.subscribe}: ${entry.name}`}
        </Button>
      ))}
      {submit.error && <Alert kind="error">{submit.error}</Alert>}
    </div>
  );
}
