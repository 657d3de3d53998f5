import type { ReactNode } from 'react';
import { formatDate, localDay, shownPhone } from '@portal/shared';
import type { CustomerSummary } from '@portal/shared/contract/support';
import { statusText } from '../search/SearchPage';
import { CUSTOMER_TEXTS } from './texts';
import styles from '../support.module.css';

const T = CUSTOMER_TEXTS;

/** Who the customer is and where their subscription stands. */
export function SummarySection({ customer: c }: { customer: CustomerSummary }) {
  return (
    <section className={styles.panel} aria-labelledby="summary-title">
      <h2 id="summary-title">
        {T.summary}
        {c.blocked && <span className={styles.badge}>{T.blockedBadge}</span>}
      </h2>
      <dl className={styles.facts}>
        <Fact label={T.accountNumber}>{c.accountNumber}</Fact>
        <Fact label={T.email}>{c.email}</Fact>
        <Fact label={T.phone}>{c.phoneNumber && shownPhone(c.phoneNumber)}</Fact>
        <Fact label={T.status}>{statusText(c)}</Fact>
        <Fact label={T.plan}>{c.plan}</Fact>
        <Fact label={T.nextPayment}>{c.nextPaymentOn && formatDate(c.nextPaymentOn)}</Fact>
        <Fact label={T.pause}>{pauseOf(c) && T.pauseDays(formatDate(c.pause!.from), formatDate(c.pause!.until))}</Fact>
        <Fact label={T.promos}>{c.usedPromos?.length ? c.usedPromos.join(', ') : null}</Fact>
      </dl>
    </section>
  );
}

/** A pause not yet over (the summary carries the last one, over or not). */
export const pauseOf = (c: CustomerSummary) => (c.pause && c.pause.until > localDay() ? c.pause : null);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children || T.none}</dd>
    </>
  );
}
