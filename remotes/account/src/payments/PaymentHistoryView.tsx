import type { ReactNode } from 'react';
import { Link, formatDate, formatDateTime, formatKM, type PaymentRecord } from '@portal/shared';
import styles from './HistoryPage.module.css';
import { HISTORY_TEXTS as T } from '../texts';

export interface PaymentHistoryViewProps {
  payments: PaymentRecord[];
  /** Where a payment's 'Prikaži' link goes: the customer's invoice page, or the support console's. */
  invoiceHref: (orderNumber: string) => string;
  /** Shown after the invoice link (the customer's 'Preuzmi PDF'); without it the table is read-only. */
  renderActions?: (payment: PaymentRecord) => ReactNode;
}

/** The payment table (product.md §2) from data alone, 'Nema uplata' when there are none (product.md §8). */
export function PaymentHistoryView({ payments, invoiceHref, renderActions }: PaymentHistoryViewProps) {
  if (payments.length === 0) return <p className={styles.empty}>{T.empty}</p>;
  return (
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
          {payments.map((p) => (
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
                {p.giftVoucher ? (
                  // Invoiced with the gift when it was bought: no invoice of its own to show or download.
                  T.paidByGift(p.giftVoucher)
                ) : (
                  <span className={styles.invoiceActions}>
                    <Link to={invoiceHref(p.orderNumber)} aria-label={T.invoiceOf(p.orderNumber)}>
                      {T.show}
                    </Link>
                    {renderActions?.(p)}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
