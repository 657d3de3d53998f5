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
} from '@portal/shared';
import styles from './AccountPage.module.css';

export const BILLING_RULE =
  'Pretplata se naplaćuje automatski na početku svakog obračunskog perioda sa tvoje glavne kartice. Ako naplata ne uspije, imaš 5 dana da je izmiriš; u tom roku period se računa od prvobitnog datuma.';

/** The payment section (product.md §2, Account): the primary card, next payment and the billing rule, or an add-card prompt. */
export function PaymentSection({ payment, info }: { payment: PaymentData; info: AccountInfo | null }) {
  const primary = payment.creditCards.find((card) => card.primaryCard) ?? payment.creditCards[0];
  return (
    <Card>
      <h2 className={styles.heading}>Plaćanje</h2>
      {primary ? (
        <>
          <p className={styles.card}>
            <CardLogo type={primary.creditCardTypeCode} />
            <span>
              <span className="visually-hidden">Glavna kartica: </span>
              {primary.cardNumber}
            </span>
          </p>
          {info?.nextPaymentOn && info.status !== 'EXPIRED' && !info.renewalProblem && (
            <p>
              Sljedeće plaćanje: <strong>{formatDate(info.nextPaymentOn)}</strong>
            </p>
          )}
          <p className={styles.muted}>{BILLING_RULE}</p>
          <p className={styles.links}>
            <Link to={paths.cards.href()}>Moje kartice</Link>
            <Link to={paths.payments.href()}>Istorija uplata</Link>
          </p>
        </>
      ) : (
        <>
          <p className={styles.empty}>{messages.noCards}</p>
          <div className={styles.sectionActions}>
            <ButtonLink to={paths.cards.href()} variant="secondary">
              Dodaj karticu
            </ButtonLink>
          </div>
        </>
      )}
    </Card>
  );
}
