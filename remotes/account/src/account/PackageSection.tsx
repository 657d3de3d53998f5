import { ButtonLink, Card, formatDate, formatKM, type AccountInfo } from '@portal/shared';
import { STATUS_LABELS } from './status';
import styles from './AccountPage.module.css';

/** 'Moj paket' (spec 2, Account page): the plan, its price with VAT and status, or a prompt to choose one. */
export function PackageSection({ info }: { info: AccountInfo }) {
  const { status, plan } = info;
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
            {status === 'ACTIVE' && info.nextPaymentOn && (
              <>
                <dt>Važi do</dt>
                <dd>{formatDate(info.nextPaymentOn)}</dd>
              </>
            )}
          </dl>
          {status === 'EXPIRED' && (
            <div className={styles.sectionActions}>
              <ButtonLink to="/paketi">Obnovi pretplatu</ButtonLink>
            </div>
          )}
        </>
      ) : (
        <>
          <p className={styles.empty}>Nemaš aktiviran paket</p>
          <div className={styles.sectionActions}>
            <ButtonLink to="/paketi">Izaberi paket</ButtonLink>
          </div>
        </>
      )}
    </Card>
  );
}
