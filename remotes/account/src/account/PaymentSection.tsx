import {
  ButtonLink,
  Card,
  CardLogo,
  Link,
  formatDate,
  type AccountInfo,
  type PaymentData,
  paths,
  messages,
  askAhead,
} from '@portal/shared';
import { paymentsQuery } from '@portal/shared/payments';
import styles from './AccountPage.module.css';
import { ACCOUNT_TEXTS as T } from '../texts';
import { VoucherPanel } from '../vouchers/VoucherPanel';
import { GiftPanel } from './GiftPanel';

export const BILLING_RULE = T.billingRule;

/** The payment section (product.md §2, Account): the primary card, next payment and the billing rule, or an add-card prompt. */
export function PaymentSection({ payment, info }: { payment: PaymentData; info: AccountInfo | null }) {
  const primary = payment.creditCards.find((card) => card.primaryCard) ?? payment.creditCards[0];
  return (
    <Card>
      <h2 className={styles.heading}>{T.payment}</h2>
      {primary ? (
        <>
          <p className={styles.card}>
            <CardLogo type={primary.creditCardTypeCode} />
            <span>
              <span className="visually-hidden">{T.primaryCard}</span>
              {primary.cardNumber}
            </span>
          </p>
          {info?.nextPaymentOn && info.status !== 'EXPIRED' && !info.renewalProblem && (
            <p>
              {T.nextPayment} <strong>{formatDate(info.nextPaymentOn)}</strong>
            </p>
          )}
          <p className={styles.muted}>{BILLING_RULE}</p>
          <p className={styles.links}>
            <Link to={paths.cards.href()}>{messages.myCards}</Link>
            {/* The history's payments are asked for with the click, beside the history page's code. */}
            <Link to={paths.payments.href()} onClick={() => void askAhead(paymentsQuery)}>
              {messages.paymentHistory}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className={styles.empty}>{messages.noCards}</p>
          <div className={styles.sectionActions}>
            <ButtonLink to={paths.cards.href()} variant="secondary">
              {messages.addCard}
            </ButtonLink>
          </div>
        </>
      )}
      <VoucherPanel payment={payment} info={info} />
      <GiftPanel card={primary} />
    </Card>
  );
}
