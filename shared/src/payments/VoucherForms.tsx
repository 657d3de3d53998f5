import {
  Alert,
  Button,
  TextField,
  VOUCHER_TEXTS,
  calls,
  invalidate,
  messages,
  redeemVoucherRequestSchema,
  useForm,
  useSubmit,
  type Mbon,
} from '@portal/shared';
import { subscribeWithVoucher } from './calls';
import styles from './payments.module.css';

/** Months of a package's voucher credit left. */
export interface VoucherCredit {
  code: string;
  name: string;
  months: number;
}

/** Months of credit left per package, in the order the vouchers were listed. */
export function creditByPlan(mbons: readonly Mbon[]): VoucherCredit[] {
  const credit = new Map<string, VoucherCredit>();
  for (const mbon of mbons) {
    const entry = credit.get(mbon.planCode) ?? { code: mbon.planCode, name: mbon.planName, months: 0 };
    entry.months += mbon.monthsLeft;
    credit.set(mbon.planCode, entry);
  }
  return [...credit.values()].filter((entry) => entry.months > 0);
}

/**
 * 'Kod vaučera' and 'Iskoristi vaučer' (docs/vouchers.md, Redeeming): the API's answer (wrong, used,
 * expired, …) shows at the field. Render it with a new `key` after `onRedeemed` for a fresh form.
 */
export function RedeemVoucherForm({ hint, onRedeemed }: { hint: string; onRedeemed: (mbon: Mbon) => void }) {
  const form = useForm({
    schema: redeemVoucherRequestSchema,
    initial: { code: '' },
    explain: VOUCHER_TEXTS.wrongCode,
    send: async (body) => {
      const mbon = await calls.redeemVoucher({ body });
      // The list and the credit, and the account (a subscription may now be bought).
      await invalidate('paymentData', 'accountInfo');
      onRedeemed(mbon);
    },
  });
  const code = form.field('code');
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <TextField
        label={VOUCHER_TEXTS.codeLabel}
        hint={hint}
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
 * 'Pretplati se vaučerom' (docs/vouchers.md, Credit pays before the card): one button per package with
 * credit; a month of it buys the subscription, without a card. `disabled` holds it (terms not accepted).
 */
export function SubscribeWithVoucher({
  credit,
  disabled = false,
  onSubscribed,
}: {
  credit: readonly VoucherCredit[];
  disabled?: boolean;
  onSubscribed: () => void | Promise<void>;
}) {
  const submit = useSubmit(VOUCHER_TEXTS.noCredit);
  const subscribe = (plan: string) =>
    void submit.run(
      async () => {
        await subscribeWithVoucher(plan);
        await onSubscribed();
      },
      { settle: true },
    );
  return (
    <div className={styles.voucherActions}>
      {credit.map((entry) => (
        <Button key={entry.code} disabled={disabled || submit.busy} onClick={() => subscribe(entry.code)}>
          {credit.length === 1 ? VOUCHER_TEXTS.subscribe : `${VOUCHER_TEXTS.subscribe}: ${entry.name}`}
        </Button>
      ))}
      {submit.error && <Alert kind="error">{submit.error}</Alert>}
    </div>
  );
}
