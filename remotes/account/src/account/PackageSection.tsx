import { Alert, ButtonLink, Card, Link, formatDate, formatKM, type AccountInfo, paths } from '@portal/shared';
import styles from './AccountPage.module.css';
import { STATUS_LABELS } from '../texts';

/** 'Moj paket' (product.md §2, Account page): the plan, its price with VAT and status, or a prompt to choose one. */
export function PackageSection({ info }: { info: AccountInfo }) {
  const { status, plan } = info;
  const problem = info.renewalProblem ?? null;
  return (
    <Card>
      <h2 className={styles.heading}>Moj paket</h2>
      {status && plan ? (
        <>
          <dl className={styles.data}>
            <dt>Paket</dt>
            <dd>{plan.name}</dd>
            <dt>Cijena</dt>
            <dd>{formatKM(plan.price)} mjesečno (PDV uključen)</dd>
            <dt>Status</dt>
            <dd>
              <span className={`${styles.status} ${styles[`status${status}`] ?? ''}`}>{STATUS_LABELS[status]}</span>
            </dd>
            {status === 'ACTIVE' && info.nextPaymentOn && !problem && (
              <>
                <dt>Važi do</dt>
                <dd>{formatDate(info.nextPaymentOn)}</dd>
              </>
            )}
            {status === 'ACTIVE' && problem && (
              <>
                <dt>Rok za plaćanje</dt>
                <dd>{formatDate(problem.graceUntil)}</dd>
              </>
            )}
          </dl>
          {status === 'ACTIVE' && problem && <RenewalProblem problem={problem} />}
          {status === 'EXPIRED' && (
            <div className={styles.sectionActions}>
              <ButtonLink to={paths.packages.href()}>Obnovi pretplatu</ButtonLink>
            </div>
          )}
        </>
      ) : (
        <>
          <p className={styles.empty}>Nemaš aktiviran paket</p>
          <div className={styles.sectionActions}>
            <ButtonLink to={paths.packages.href()}>Izaberi paket</ButtonLink>
          </div>
        </>
      )}
    </Card>
  );
}

/** A renewal failing inside the grace period (product.md §9): what happens next and what the customer can do. */
function RenewalProblem({ problem }: { problem: NonNullable<AccountInfo['renewalProblem']> }) {
  return (
    <Alert kind="error">
      Naplata pretplate nije uspjela.{' '}
      {problem.retryOn ? `Sljedeći pokušaj naplate je ${formatDate(problem.retryOn)} ` : ''}
      Ako plaćanje ne uspije do {formatDate(problem.graceUntil)}, usluga će biti isključena. Kad promijeniš glavnu karticu, naplatu pokušavamo ponovo istog dana:{' '}
      <Link to={paths.cards.href()}>promijeni karticu</Link>.
    </Alert>
  );
}
