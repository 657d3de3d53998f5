import { useId, type ReactNode } from 'react';
import {
  INVOICE_TEXTS,
  formatDate,
  formatDateTime,
  formatKM,
  getOperator,
  splitVat,
  type Invoice,
} from '@portal/shared';
import styles from './InvoicePage.module.css';

export interface InvoiceViewProps {
  invoice: Invoice;
  /** The buttons under the invoice, left out of a print (the customer's print and 'Preuzmi PDF'). */
  actions?: ReactNode;
}

/** A printable invoice (product.md §9) from data alone: the operator, the customer, the line and any credit notes. */
export function InvoiceView({ invoice, actions }: InvoiceViewProps) {
  // Not a fixed id: the support console may show more than one invoice on a page.
  const titleId = useId();
  const operator = getOperator();
  return (
    <article className={styles.invoice} data-invoice aria-labelledby={titleId}>
      <header className={styles.top}>
        <div>
          <p className={styles.seller}>{operator.name}</p>
          <p>{operator.address}</p>
          <p>{INVOICE_TEXTS.idNumber(operator.idNumber)}</p>
          <p>{INVOICE_TEXTS.vatNumber(operator.vatNumber)}</p>
          <p>{INVOICE_TEXTS.bankAccount(operator.bankAccount)}</p>
        </div>
        <div className={styles.meta}>
          <h1 id={titleId} className={styles.title}>
            {INVOICE_TEXTS.title(invoice.orderNumber)}
          </h1>
          <p>{INVOICE_TEXTS.issued(formatDate(invoice.issued))}</p>
          <p>{INVOICE_TEXTS.paid(formatDateTime(invoice.updated))}</p>
          <p>{INVOICE_TEXTS.paidWith(invoice.means ?? invoice.creditCardNumber)}</p>
        </div>
      </header>
      <section className={styles.customer} aria-label={INVOICE_TEXTS.customer}>
        <h2 className={styles.subtitle}>{INVOICE_TEXTS.customer}</h2>
        <p>{invoice.customer.fullName}</p>
        {invoice.customer.accountNumber && <p>{INVOICE_TEXTS.accountNumber(invoice.customer.accountNumber)}</p>}
        <p>{invoice.customer.username}</p>
      </section>
      <InvoiceLines invoice={invoice} />
      {invoice.creditNotes && invoice.creditNotes.length > 0 && (
        <section className={styles.creditNotes} aria-label={INVOICE_TEXTS.creditNotes}>
          <h2>{INVOICE_TEXTS.creditNotes}</h2>
          <ul>
            {invoice.creditNotes.map((note) => (
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
      {actions != null && <div className={styles.noPrint}>{actions}</div>}
    </article>
  );
}

/** The invoice's one line, the subscription for its period, with its net, VAT and gross, and the total. */
function InvoiceLines({ invoice }: { invoice: Invoice }) {
  const { net, vat, gross } = splitVat(invoice.amount);
  return (
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
          <td>{INVOICE_TEXTS.line(invoice.paymentData.name)}</td>
          <td>
            {formatDate(invoice.periodStart)} – {formatDate(invoice.periodEnd)}
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
  );
}
