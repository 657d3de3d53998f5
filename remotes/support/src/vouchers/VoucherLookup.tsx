import { useState } from 'react';
import { Alert, Button, Link, TextField, calls, formatDate, messageOf, useForm } from '@portal/shared';
import { voucherLookupQuerySchema, type VoucherFound } from '@portal/shared/contract/support';
import { staffCall } from '../api/staffClient';
import { SUPPORT_PATHS } from '../paths';
import { CUSTOMER_TEXTS } from '../customer/texts';
import { SupportTable } from '../ui/SupportTable';
import { VOUCHER_TEXTS } from './texts';
import styles from '../support.module.css';

const T = VOUCHER_TEXTS;

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
    explain: (failure) => messageOf(failure, CUSTOMER_TEXTS.actionFailed),
    send: async (query) => onFound(query.last, await staffCall(calls.staffLookupVoucher, { query })),
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
  return (
    <SupportTable
      caption={T.lookupCaption}
      columns={[T.code, T.batch, T.plan, T.state, T.customer, T.monthsLeft]}
      items={found}
      keyOf={(voucher) => `${voucher.batch.id}-${voucher.lastFour}-${voucher.redeemedAt ?? ''}`}
      none={T.lookupNone}
      cells={(voucher) => (
        <>
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
              <Link to={SUPPORT_PATHS.customer.href(voucher.customerId)}>{voucher.customerId}</Link>
            )}
          </td>
          <td>{voucher.monthsLeft ?? ''}</td>
        </>
      )}
    />
  );
}
