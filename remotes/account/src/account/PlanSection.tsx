import {
  Alert,
  Button,
  ButtonLink,
  Card,
  Link,
  formatDate,
  formatKM,
  type AccountInfo,
  calls,
  endpointKey,
  paths,
  queryOptions,
  useQuery,
  useSubmit,
  messages,
} from '@portal/shared';
import { cancelPlanChange } from '@portal/shared/payments';
import styles from './AccountPage.module.css';
import { PausePanel } from './PausePanel';
import { ACCOUNT_TEXTS as T, CHANGE_PLAN_TEXTS, STATUS_LABELS } from '../texts';

/**
 * A rise of the subscriber's price they were told of and that is still to come (docs/prices-and-promos.md):
 * shown beside the package, so they can deactivate before it applies. Not shown when it cannot be read.
 */
const priceNoticeQuery = queryOptions({
  queryKey: endpointKey('priceNotice'),
  queryFn: ({ signal }) => calls.priceNotice({ signal }),
});

/** 'Moj paket' (product.md §2, Account): the plan, its price with VAT and status, or a prompt to choose one. */
export function PlanSection({ info }: { info: AccountInfo }) {
  const { status, plan } = info;
  const problem = info.renewalProblem ?? null;
  const pending = info.pendingPlan ?? null;
  const cancel = useSubmit(CHANGE_PLAN_TEXTS.cancelFailed);
  const rise = useQuery({ ...priceNoticeQuery, enabled: status === 'ACTIVE' });
  const notice = status === 'ACTIVE' && rise.isSuccess ? rise.data.notice : null;
  return (
    <Card>
      <h2 className={styles.heading}>{T.myPackage}</h2>
      {status && plan ? (
        <>
          <PlanFacts info={info} status={status} plan={plan} />
          {notice && (
            <div className={styles.pending}>
              <p>{T.priceNotice(formatDate(notice.from), formatKM(notice.price))}</p>
            </div>
          )}
          {status === 'ACTIVE' && pending && (
            <div className={styles.pending}>
              <p>{CHANGE_PLAN_TEXTS.pending(formatDate(pending.from), pending.name)}</p>
              <Button
                variant="secondary"
                disabled={cancel.busy}
                onClick={() =>
                  // The account info is asked again once cancelled (subscriptionChanged): the note goes with it.
                  void cancel.run(cancelPlanChange, { settle: true })
                }
              >
                {CHANGE_PLAN_TEXTS.cancelPending}
              </Button>
            </div>
          )}
          {cancel.error && <Alert kind="error">{cancel.error}</Alert>}
          <PausePanel info={info} />
          {status === 'ACTIVE' && problem && <RenewalProblem problem={problem} />}
          {status === 'ACTIVE' && !problem && !pending && !info.pause && (
            <div className={styles.sectionActions}>
              <ButtonLink to={paths.packages.href()} variant="secondary">
                {CHANGE_PLAN_TEXTS.changeLink}
              </ButtonLink>
            </div>
          )}
          {status === 'EXPIRED' && (
            <div className={styles.sectionActions}>
              <ButtonLink to={paths.packages.href()}>{T.renew}</ButtonLink>
            </div>
          )}
        </>
      ) : (
        <>
          <p className={styles.empty}>{T.noPlan}</p>
          <div className={styles.sectionActions}>
            <ButtonLink to={paths.packages.href()}>{messages.choosePlan}</ButtonLink>
          </div>
        </>
      )}
    </Card>
  );
}

/** The package's facts: its name, its price with VAT, its status and, when active, until when or pay by when. */
function PlanFacts({
  info,
  status,
  plan,
}: {
  info: AccountInfo;
  status: NonNullable<AccountInfo['status']>;
  plan: NonNullable<AccountInfo['plan']>;
}) {
  const problem = info.renewalProblem ?? null;
  return (
    <dl className={styles.data}>
      <dt>{T.plan}</dt>
      <dd>{plan.name}</dd>
      <dt>{T.price}</dt>
      <dd>
        {formatKM(plan.price)} {T.perMonth}
      </dd>
      <dt>{T.status}</dt>
      <dd>
        <span className={`${styles.status} ${styles[`status${status}`] ?? ''}`}>{STATUS_LABELS[status]}</span>
      </dd>
      {status === 'ACTIVE' && info.nextPaymentOn && !problem && (
        <>
          <dt>{T.validUntil}</dt>
          {/* A pause to come starts when the paid period ends (product.md §10, A pause). */}
          <dd>{formatDate(info.pause?.from ?? info.nextPaymentOn)}</dd>
        </>
      )}
      {status === 'ACTIVE' && problem && (
        <>
          <dt>{T.payBy}</dt>
          <dd>{formatDate(problem.graceUntil)}</dd>
        </>
      )}
    </dl>
  );
}

/** A renewal failing inside the grace period (product.md §9): what happens next and what the customer can do. */
function RenewalProblem({ problem }: { problem: NonNullable<AccountInfo['renewalProblem']> }) {
  return (
    <Alert kind="error">
      {T.renewalFailed} {problem.retryOn ? T.nextTry(formatDate(problem.retryOn)) : ''}
      {T.graceUntil(formatDate(problem.graceUntil))}
      <Link to={paths.cards.href()}>{T.changeCard}</Link>.
    </Alert>
  );
}
