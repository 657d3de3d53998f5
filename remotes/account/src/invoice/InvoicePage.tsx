import {
  Button,
  INVOICE_TEXTS,
  Navigate,
  Spinner,
  formatDate,
  formatDateTime,
  formatKM,
  getOperator,
  splitVat,
  DocumentTitle,
  useQuery,
  useSearchParams,
} from '@portal/shared';
import { invoiceQuery } from '@portal/shared/payments';
import styles from './InvoicePage.module.css';
import { DownloadPdf } from './DownloadPdf';
import { HISTORY_TEXTS } from '../texts';

/** `/nalog/racun?no=` (product.md §2, §9): a printable invoice; a load failure goes to /not-found (product.md §8). */
export function InvoicePage() {
  const [params] = useSearchParams();
  const number = params.get('no') ?? '';
  const invoice = useQuery({ ...invoiceQuery(number), enabled: number !== '' });
  const title = <DocumentTitle title={HISTORY_TEXTS.invoiceOf(number)} />;
  if (!number || invoice.isError) return <Navigate to="/not-found" replace />;
  if (invoice.isPending) {
    return (
      <>
        {title}
        <Spinner />
      </>
    );
  }
  const value = invoice.data;
  const operator = getOperator();
  const { net, vat, gross } = splitVat(value.amount);
  return (
    <article className={styles.invoice} data-invoice aria-labelledby="invoice-title">
      {title}
      <header className={styles.top}>
        <div>
          <p className={styles.seller}>{operator.name}</p>
          <p>{operator.address}</p>
          <p>{INVOICE_TEXTS.idNumber(operator.idNumber)}</p>
          <p>{INVOICE_TEXTS.vatNumber(operator.vatNumber)}</p>
          <p>{INVOICE_TEXTS.bankAccount(operator.bankAccount)}</p>
        </div>
        <div className={styles.meta}>
          <h1 id="invoice-title" className={styles.title}>
            {INVOICE_TEXTS.title(value.orderNumber)}
          </h1>
          <p>{INVOICE_TEXTS.issued(formatDate(value.issued))}</p>
          <p>{INVOICE_TEXTS.paid(formatDateTime(value.updated))}</p>
          <p>{INVOICE_TEXTS.paidWith(value.creditCardNumber)}</p>
        </div>
      </header>
      <section className={styles.customer} aria-label={INVOICE_TEXTS.customer}>
        <h2 className={styles.subtitle}>{INVOICE_TEXTS.customer}</h2>
        <p>{value.customer.fullName}</p>
        {value.customer.accountNumber && <p>{INVOICE_TEXTS.accountNumber(value.customer.accountNumber)}</p>}
        <p>{value.customer.username}</p>
      </section>
      <table className={styles.lines}>
        <thead>
          <tr>
            <th scope="col">{INVOICE_TEXTS.description}</th>
            <th scope="col">{INVOICE_TEXTS.period}</th>
            <th scope="col" className={styles.num}>
              {INVOICE_TEXTS.net}
            </th>
            <th scope="col" className={styles.num}>
              {INVOICE_TEXTS.vat}
            </th>
            <th scope="col" className={styles.num}>
              {INVOICE_TEXTS.gross}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{INVOICE_TEXTS.line(value.paymentData.name)}</td>
            <td>
              {formatDate(value.periodStart)} – {formatDate(value.periodEnd)}
            </td>
            <td className={styles.num}>{formatKM(net)}</td>
            <td className={styles.num}>{formatKM(vat)}</td>
            <td className={styles.num}>{formatKM(gross)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {INVOICE_TEXTS.total}
            </th>
            <td className={styles.num}>
              <strong>{formatKM(gross)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      {value.creditNotes && value.creditNotes.length > 0 && (
        <section className={styles.creditNotes} aria-label={INVOICE_TEXTS.creditNotes}>
          <h2>{INVOICE_TEXTS.creditNotes}</h2>
          <ul>
            {value.creditNotes.map((note) => (
              <li key={note.number}>
                {INVOICE_TEXTS.creditNote(note.number, formatDate(note.issued), formatKM(note.amount))}
              </li>
            ))}
          </ul>
        </section>
      )}
      <footer className={styles.notes}>
        <p>{INVOICE_TEXTS.complaints}</p>
        <p>{INVOICE_TEXTS.support(operator.supportPhone, operator.supportEmail)}</p>
      </footer>
      <div className={styles.noPrint}>
        <Button onClick={() => window.print()}>{HISTORY_TEXTS.print}</Button>
        <DownloadPdf orderNumber={value.orderNumber} />
      </div>
    </article>
  );
}
