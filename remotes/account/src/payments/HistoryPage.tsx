import {
  ButtonLink,
  Link,
  Page,
  Spinner,
  formatDate,
  formatDateTime,
  formatKM,
  panelClass,
  useQuery,
  retryRead,
  paths,
  LoadFailed,
  messages,
} from '@portal/shared';
import { paymentsQuery } from '@portal/shared/payments';
import styles from './HistoryPage.module.css';
import { DownloadPdf } from '../invoice/DownloadPdf';
import { HISTORY_TEXTS as T } from '../texts';

/** `/nalog/istorija-uplata` (product.md §2): the payment table, 'Nema uplata' when empty (product.md §8). */
export function HistoryPage() {
  const payments = useQuery(paymentsQuery);
  return (
    <Page title={T.title}>
      <div className={panelClass()}>
        {payments.isPending && <Spinner />}
        {payments.isError && <LoadFailed message={T.failed} retry={retryRead(paymentsQuery)} />}
        {payments.isSuccess && payments.data.length === 0 && <p className={styles.empty}>{T.empty}</p>}
        {payments.isSuccess && payments.data.length > 0 && (
          <div className={styles.scroll}>
            <table className={styles.table}>
              <caption className="visually-hidden">{T.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{T.number}</th>
                  <th scope="col">{T.paid}</th>
                  <th scope="col">{T.period}</th>
                  <th scope="col">{T.card}</th>
                  <th scope="col">{T.amount}</th>
                  <th scope="col">{T.invoice}</th>
                </tr>
              </thead>
              <tbody>
                {payments.data.map((p) => (
                  <tr key={p.orderNumber}>
                    <td data-label={T.number}>{p.orderNumber}</td>
                    <td data-label={T.paid}>{formatDateTime(p.updated)}</td>
                    <td data-label={T.period}>
                      {formatDate(p.periodStart)} – {formatDate(p.periodEnd)}
                    </td>
                    <td data-label={T.card}>{p.creditCardNumber}</td>
                    <td data-label={T.amount}>
                      <span>
                        {formatKM(p.amount)}
                        {p.creditNotes?.map((note) => (
                          <span key={note.number} className={styles.refund}>
                            {T.refunded(formatKM(note.amount), note.number)}
                          </span>
                        ))}
                      </span>
                    </td>
                    <td data-label={T.invoice}>
                      <span className={styles.invoiceActions}>
                        <Link to={paths.invoice.href(p.orderNumber)} aria-label={T.invoiceOf(p.orderNumber)}>
                          {T.show}
                        </Link>
                        <DownloadPdf orderNumber={p.orderNumber} compact />
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ButtonLink to={paths.account.href()} variant="secondary">
          {messages.backToAccount}
        </ButtonLink>
      </div>
    </Page>
  );
}
