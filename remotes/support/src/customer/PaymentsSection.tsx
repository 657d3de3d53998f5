import { Button, LoadFailed, Spinner, formatKM, messageOf, useQuery, type PaymentRecord, calls } from '@portal/shared';
import { paymentsQuery } from '../api/queries';
import { staffCall } from '../api/staffClient';
import { SUPPORT_PATHS } from '../paths';
import { CUSTOMER_TEXTS } from './texts';
import styles from '../support.module.css';
import { accountViewsQuery } from './accountViews';
import { SendButton } from './SendButton';

const T = CUSTOMER_TEXTS;

/** What a payment still has to give back: paid, less its refunds. */
export const refundable = (payment: PaymentRecord) =>
  Math.round((payment.amount - (payment.creditNotes ?? []).reduce((sum, note) => sum + note.amount, 0)) * 100) / 100;

/** A bank's dispute of the payment, in words: the badge's colour only repeats what its text says. */
function DisputeBadge({ dispute }: { dispute: NonNullable<PaymentRecord['dispute']> }) {
  return <span className={styles.badge}>{T.dispute[dispute.status](formatKM(dispute.amount))}</span>;
}

/**
 * The customer's payments in the account remote's view, each with its bank dispute if there is one, its
 * invoice sent again and, for an admin, a refund.
 */
export function PaymentsSection({
  id,
  admin,
  onRefund,
  onSent,
}: {
  id: string;
  admin: boolean;
  onRefund: (payment: PaymentRecord) => void;
  onSent: (orderNumber: string) => void;
}) {
  const views = useQuery(accountViewsQuery);
  const payments = useQuery(paymentsQuery(id));
  return (
    <section className={styles.panel} aria-labelledby="payments-title">
      <h2 id="payments-title">{T.payments}</h2>
      {(views.isPending || payments.isPending) && !views.isError && !payments.isError && <Spinner />}
      {views.isError && <LoadFailed message={T.viewsFailed} retry={() => void views.refetch()} />}
      {payments.isError && (
        <LoadFailed message={messageOf(payments.error, T.paymentsFailed)} retry={() => void payments.refetch()} />
      )}
      {views.isSuccess && payments.isSuccess && (
        <views.data.PaymentHistoryView
          payments={payments.data}
          invoiceHref={(orderNumber) => SUPPORT_PATHS.invoice.href(id, orderNumber)}
          renderActions={(payment) => (
            <>
              {payment.dispute && <DisputeBadge dispute={payment.dispute} />}
              <span className={styles.rowActions}>
                <SendButton
                  label={T.resendInvoice}
                  ariaLabel={T.resendInvoiceOf(payment.orderNumber)}
                  send={() =>
                    staffCall(calls.staffResendInvoice, {
                      params: { customerId: id, orderNumber: payment.orderNumber },
                    })
                  }
                  done={() => onSent(payment.orderNumber)}
                />
                {admin && refundable(payment) > 0 && (
                  <Button
                    variant="secondary"
                    aria-label={T.refundOf(payment.orderNumber)}
                    onClick={() => onRefund(payment)}
                  >
                    {T.refund}
                  </Button>
                )}
              </span>
            </>
          )}
        />
      )}
    </section>
  );
}
