import { Alert, Link, LoadFailed, Page, Spinner, formatDateTime, formatKM, messageOf, useQuery } from '@portal/shared';
import type { ReconciliationAnswer } from '@portal/shared/contract/support';
import { reconciliationQuery } from '../api/queries';
import { useSession } from '../api/session';
import { SUPPORT_PATHS } from '../paths';
import { SUPPORT_TEXTS } from '../texts';
import { SupportTable } from '../ui/SupportTable';
import { RECONCILIATION_TEXTS } from './texts';
import styles from '../support.module.css';

const T = RECONCILIATION_TEXTS;

type Run = NonNullable<ReconciliationAnswer>;
type Difference = Run['differences'][number];

const km = (amount: number | null) => (amount === null ? T.none : formatKM(amount));

/**
 * `/podrska/uskladjivanje` (admins): the last comparison of the portal's books with the card processor,
 * run once a day (or by `npm run reconcile`): its period, when and with which processor it ran, and each
 * difference it found. The API refuses agents too.
 */
export function ReconciliationPage() {
  const admin = useSession((s) => s.staff?.role === 'admin');
  const run = useQuery({ ...reconciliationQuery, enabled: admin });

  if (!admin) return <Alert kind="error">{SUPPORT_TEXTS.shell.notAllowed}</Alert>;

  return (
    <Page title={T.title}>
      <p className={styles.muted}>{T.intro}</p>
      {run.isPending && <Spinner />}
      {run.isError && <LoadFailed message={messageOf(run.error, T.failed)} retry={() => void run.refetch()} />}
      {run.isSuccess && (run.data ? <LastRun run={run.data} /> : <Alert>{T.never}</Alert>)}
    </Page>
  );
}

/** The run's facts, then whether the books agree or each difference. */
function LastRun({ run }: { run: Run }) {
  return (
    <div className={styles.stack}>
      <section className={styles.panel} aria-labelledby="reconciliation-run">
        <h2 id="reconciliation-run">{T.lastRun}</h2>
        <dl className={styles.facts}>
          <dt>{T.period}</dt>
          <dd>{T.periodOf(formatDateTime(run.from), formatDateTime(run.to))}</dd>
          <dt>{T.ranAt}</dt>
          <dd>{formatDateTime(run.ranAt)}</dd>
          <dt>{T.processor}</dt>
          <dd>{T.processors[run.processor] ?? run.processor}</dd>
          <dt>{T.payments}</dt>
          <dd>{run.payments}</dd>
        </dl>
        {run.differences.length === 0 && <Alert kind="success">{T.agree}</Alert>}
      </section>
      {run.differences.length > 0 && <Differences differences={run.differences} />}
    </div>
  );
}

function Differences({ differences }: { differences: Difference[] }) {
  return (
    <section className={styles.panel} aria-labelledby="reconciliation-differences">
      <h2 id="reconciliation-differences">{T.differences(differences.length)}</h2>
      <SupportTable
        caption={T.caption}
        columns={[T.kind, T.payment, T.order, T.customer, T.portal, T.processorAmount]}
        items={differences}
        keyOf={(difference) => `${difference.kind}:${difference.paymentId}`}
        cells={(difference) => (
          <>
            <td>{T.kinds[difference.kind]}</td>
            <td className={styles.change}>{difference.paymentId}</td>
            <td>{difference.orderNumber ?? T.none}</td>
            <td>
              {difference.customerId === null ? (
                T.none
              ) : (
                <Link to={SUPPORT_PATHS.customer.href(difference.customerId)}>{difference.customerId}</Link>
              )}
            </td>
            <td>{km(difference.portal)}</td>
            <td>{km(difference.processor)}</td>
          </>
        )}
      />
    </section>
  );
}
