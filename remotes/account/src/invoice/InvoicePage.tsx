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

/** `/nalog/racun?no=` (product.md §2, §9): a printable invoice; a load failure goes to /not-found (product.md §8). */
export function InvoicePage() {
  const [params] = useSearchParams();
  const number = params.get('no') ?? '';
  const invoice = useQuery({ ...invoiceQuery(number), enabled: number !== '' });
  const title = <DocumentTitle title={`Račun ${number}`} />;
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
          <p>ID broj: {operator.idNumber}</p>
          <p>PDV broj: {operator.vatNumber}</p>
          <p>Transakcijski račun: {operator.bankAccount}</p>
        </div>
        <div className={styles.meta}>
          <h1 id="invoice-title" className={styles.title}>
            Račun br. {value.orderNumber}
          </h1>
          <p>Datum izdavanja: {formatDate(value.issued)}</p>
          <p>Vrijeme plaćanja: {formatDateTime(value.updated)}</p>
          <p>Plaćeno karticom {value.creditCardNumber}</p>
        </div>
      </header>
      <section className={styles.customer} aria-label="Kupac">
        <h2 className={styles.subtitle}>Kupac</h2>
        <p>{value.customer.fullName}</p>
        {value.customer.accountNumber && <p>Korisnički broj: {value.customer.accountNumber}</p>}
        <p>{value.customer.username}</p>
      </section>
      <table className={styles.lines}>
        <thead>
          <tr>
            <th scope="col">Opis</th>
            <th scope="col">Period</th>
            <th scope="col" className={styles.num}>
              Iznos bez PDV-a
            </th>
            <th scope="col" className={styles.num}>
              PDV 17%
            </th>
            <th scope="col" className={styles.num}>
              Ukupno
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
      <footer className={styles.notes}>
        <p>{INVOICE_TEXTS.complaints}</p>
        <p>
          Podrška: {operator.supportPhone}, {operator.supportEmail}
        </p>
      </footer>
      <div className={styles.noPrint}>
        <Button onClick={() => window.print()}>Štampaj račun</Button>
        <DownloadPdf orderNumber={value.orderNumber} />
      </div>
    </article>
  );
}
