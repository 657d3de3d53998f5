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

/** `/nalog/istorija-uplata` (product.md §2): the payment table, 'Nema uplata' when empty (product.md §8). */
export function HistoryPage() {
  const payments = useQuery(paymentsQuery);
  return (
    <Page title="Istorija uplata">
      <div className={panelClass()}>
        {payments.isPending && <Spinner />}
        {payments.isError && (
          <LoadFailed message="Uplate trenutno nije moguće učitati." retry={retryRead(paymentsQuery)} />
        )}
        {payments.isSuccess && payments.data.length === 0 && <p className={styles.empty}>Nema uplata</p>}
        {payments.isSuccess && payments.data.length > 0 && (
          <div className={styles.scroll}>
            <table className={styles.table}>
              <caption className="visually-hidden">Tvoje uplate, najnovije prve</caption>
              <thead>
                <tr>
                  <th scope="col">Broj računa</th>
                  <th scope="col">Vrijeme plaćanja</th>
                  <th scope="col">Period pretplate</th>
                  <th scope="col">Kartica</th>
                  <th scope="col">Iznos</th>
                  <th scope="col">Račun</th>
                </tr>
              </thead>
              <tbody>
                {payments.data.map((p) => (
                  <tr key={p.orderNumber}>
                    <td data-label="Broj računa">{p.orderNumber}</td>
                    <td data-label="Vrijeme plaćanja">{formatDateTime(p.updated)}</td>
                    <td data-label="Period pretplate">
                      {formatDate(p.periodStart)} – {formatDate(p.periodEnd)}
                    </td>
                    <td data-label="Kartica">{p.creditCardNumber}</td>
                    <td data-label="Iznos">{formatKM(p.amount)}</td>
                    <td data-label="Račun">
                      <span className={styles.invoiceActions}>
                        <Link to={paths.invoice.href(p.orderNumber)} aria-label={`Račun ${p.orderNumber}`}>
                          Prikaži račun
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
