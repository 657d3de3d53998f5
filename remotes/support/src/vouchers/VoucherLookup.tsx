import { useState } from 'react';
import { Alert, Button, Link, TextField, formatDate, messageOf, useForm } from '@portal/shared';
import {
  voucherEndpoints as v,
  voucherLookupQuerySchema,
  type VoucherFound,
} from '@portal/shared/contract/staffVouchers';
import { staffCall } from '../api/staffClient';
import { CONSOLE_PATHS } from '../paths';
import { CONSOLE_TEXTS } from '../texts';
import styles from '../console.module.css';

const T = CONSOLE_TEXTS.vouchers;

/**
 * A code looked up by its last four characters (all the API keeps in clear): the batch, whether and by
 * whom it was redeemed. Each look-up is in the audit trail (`voucher.lookup`), so it is a send, not a read.
 */
export function VoucherLookup() {
  // A look-up answered opens a fresh form holding what was typed (useForm stays busy after a send that worked).
  const [round, setRound] = useState(0);
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<VoucherFound[] | null>(null);
  return (
    <section aria-labelledby="voucher-lookup" className={styles.panel}>
      <h2 id="voucher-lookup">{T.lookupTitle}</h2>
      <LookupForm
        key={round}
        initial={typed}
        onFound={(last, answer) => {
          setTyped(last);
          setFound(answer);
          setRound((n) => n + 1);
        }}
      />
      {found && <FoundTable found={found} />}
    </section>
  );
}

function LookupForm({ initial, onFound }: { initial: string; onFound: (last: string, found: VoucherFound[]) => void }) {
  const form = useForm({
    schema: voucherLookupQuerySchema,
    initial: { last: initial },
    explain: (failure) => messageOf(failure, CONSOLE_TEXTS.customer.actionFailed),
    send: async (query) => onFound(query.last, await staffCall(v.lookupVoucher, { query })),
  });
  return (
    <form className={styles.searchForm} onSubmit={form.onSubmit} noValidate>
      <TextField label={T.lookupField} autoComplete="off" maxLength={4} {...form.field('last')} />
      <Button type="submit" disabled={form.busy}>
        {T.lookupSubmit}
      </Button>
      {form.failure && <Alert kind="error">{String(form.failure)}</Alert>}
    </form>
  );
}

function FoundTable({ found }: { found: VoucherFound[] }) {
  if (found.length === 0) return <p className={styles.muted}>{T.lookupNone}</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className="visually-hidden">{T.lookupCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.code}</th>
            <th scope="col">{T.batch}</th>
            <th scope="col">{T.plan}</th>
            <th scope="col">{T.state}</th>
            <th scope="col">{T.customer}</th>
            <th scope="col">{T.monthsLeft}</th>
          </tr>
        </thead>
        <tbody>
          {found.map((voucher) => (
            <tr key={`${voucher.batch.id}-${voucher.lastFour}-${voucher.redeemedAt ?? ''}`}>
              <td>…{voucher.lastFour}</td>
              <td>
                {voucher.batch.id} ({voucher.batch.label})
              </td>
              <td>
                {voucher.batch.planName}, {voucher.batch.months}
              </td>
              <td>
                {voucher.batch.cancelledAt
                  ? T.cancelledOn(formatDate(voucher.batch.cancelledAt), voucher.batch.cancelledBy)
                  : voucher.redeemedAt
                    ? T.redeemedOn(formatDate(voucher.redeemedAt))
                    : T.notRedeemed}
              </td>
              <td>
                {voucher.customerId !== null && (
                  <Link to={CONSOLE_PATHS.customer.href(voucher.customerId)}>{voucher.customerId}</Link>
                )}
              </td>
              <td>{voucher.monthsLeft ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
