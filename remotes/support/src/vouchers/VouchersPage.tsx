import { useState } from 'react';
import { Alert, Button, LoadFailed, Page, Spinner, formatDate, messageOf, queryClient, useQuery } from '@portal/shared';
import type { IssuedVouchers, VoucherBatch } from '@portal/shared/contract/support';
import { pricesQuery, voucherBatchesQuery } from '../api/queries';
import { useSession } from '../api/session';
import { CUSTOMER_TEXTS } from '../customer/texts';
import { SupportTable } from '../ui/SupportTable';
import { VOUCHER_TEXTS } from './texts';
import { CancelDialog, IssueDialog, downloadCsv } from './VoucherDialogs';
import { VoucherLookup } from './VoucherLookup';
import styles from '../support.module.css';

const T = VOUCHER_TEXTS;

type Open = { kind: 'issue' } | { kind: 'cancel'; batch: VoucherBatch };

/**
 * `/podrska/vauceri` (docs/vouchers.md): the batches for every member and a code's look-up by its last
 * characters; admins issue a batch (its CSV downloads at once: the codes are never shown again) and
 * cancel one with a reason. Agents read only: the API refuses them the changes too.
 */
export function VouchersPage() {
  const batches = useQuery(voucherBatchesQuery);
  const admin = useSession((s) => s.staff?.role === 'admin');
  const [open, setOpen] = useState<Open | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The last issuing answer, kept in this page only, for a download the browser blocked.
  const [issued, setIssued] = useState<IssuedVouchers | null>(null);

  if (batches.isPending) return <Spinner />;
  if (batches.isError) {
    return <LoadFailed message={messageOf(batches.error, T.failed)} retry={() => void batches.refetch()} />;
  }
  const changed = (text: string) => {
    setNotice(text);
    void queryClient.invalidateQueries({ queryKey: voucherBatchesQuery.queryKey });
  };
  const ask = (dialog: Open) => {
    setNotice(null);
    setOpen(dialog);
  };

  return (
    <Page title={T.title}>
      <p className={styles.muted}>{T.intro}</p>
      {admin ? (
        <div className={styles.actions}>
          <Button onClick={() => ask({ kind: 'issue' })}>{T.issue}</Button>
          {issued && (
            <Button variant="secondary" onClick={() => downloadCsv(issued)}>
              {T.downloadAgain}
            </Button>
          )}
        </div>
      ) : (
        <p className={styles.muted}>{T.readOnly}</p>
      )}
      {notice && <Alert kind="success">{notice}</Alert>}
      <BatchTable batches={batches.data} admin={admin} onCancel={(batch) => ask({ kind: 'cancel', batch })} />
      <VoucherLookup />
      {open?.kind === 'issue' && (
        <IssueDialogWithPlans
          onIssued={(answer) => {
            setIssued(answer);
            changed(T.issuedNotice(answer.codes.length, answer.batch.id));
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'cancel' && (
        <CancelDialog
          batch={open.batch}
          onCancelled={(batch) => changed(T.cancelledNotice(batch.id))}
          onClose={() => setOpen(null)}
        />
      )}
    </Page>
  );
}

/** The issue dialog once the packages are known (the prices page's read, shared through the cache). */
function IssueDialogWithPlans(props: { onIssued: (issued: IssuedVouchers) => void; onClose: () => void }) {
  const prices = useQuery(pricesQuery);
  if (prices.isPending) return <Spinner />;
  if (prices.isError)
    return <LoadFailed message={messageOf(prices.error, T.failed)} retry={() => void prices.refetch()} />;
  return <IssueDialog packages={prices.data.packages} {...props} />;
}

function BatchTable({
  batches,
  admin,
  onCancel,
}: {
  batches: VoucherBatch[];
  admin: boolean;
  onCancel: (batch: VoucherBatch) => void;
}) {
  return (
    <SupportTable
      caption={T.caption}
      columns={[
        T.batch,
        T.label,
        T.plan,
        T.months,
        T.redeemed,
        T.validUntil,
        T.issued,
        T.state,
        admin && CUSTOMER_TEXTS.actions,
      ]}
      items={batches}
      keyOf={(batch) => batch.id}
      none={T.none}
      cells={(batch) => (
        <>
          <td>{batch.id}</td>
          <td>{batch.label}</td>
          <td>{batch.planName}</td>
          <td>{batch.months}</td>
          <td>{T.of(batch.redeemed, batch.count)}</td>
          <td>{formatDate(batch.validUntil)}</td>
          <td>
            {batch.issuedBy}, {formatDate(batch.issuedAt)}
          </td>
          <td>{batch.cancelledAt ? T.cancelledOn(formatDate(batch.cancelledAt), batch.cancelledBy) : T.active}</td>
          {admin && (
            <td>
              {!batch.cancelledAt && (
                <Button variant="secondary" onClick={() => onCancel(batch)}>
                  {T.cancel(batch.id)}
                </Button>
              )}
            </td>
          )}
        </>
      )}
    />
  );
}
