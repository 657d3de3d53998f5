import { plansQuery, retryRead, useAccountInfo, useAuth, useQuery, LoadFailed } from '@portal/shared';
import { Hero, Section } from '../layout/Hero';
import { plansInfo } from '../content/plansInfo';
import { mergePlans } from './plans';
import { planAction, type Viewer } from './planAction';
import { PlanCard } from './PlanCard';
import { planTexts, vodNote } from './texts';
import styles from './PlansPage.module.css';
import { PLANS_TEXTS } from '../texts';

/** Who is looking: anonymous, still being checked, or a customer with (or without) known account info. */
function useViewer(): Viewer {
  const initialized = useAuth((s) => s.initialized);
  const authorized = useAuth((s) => s.authorized);
  const account = useAccountInfo(initialized && authorized);
  if (!initialized) return { kind: 'checking' };
  if (!authorized) return { kind: 'anonymous' };
  if (account.isPending) return { kind: 'checking' };
  return { kind: 'customer', info: account.isSuccess ? account.data : null };
}

export default function PlansPage() {
  const plans = useQuery(plansQuery);
  const viewer = useViewer();
  const usedPromos = viewer.kind === 'customer' ? (viewer.info?.usedPromos ?? []) : [];
  const offers = mergePlans(plansInfo, plans.isSuccess ? plans.data : null, new Date(), usedPromos);

  return (
    <>
      <Hero title={PLANS_TEXTS.title}>
        <p>{PLANS_TEXTS.lead}</p>
      </Hero>
      <Section>
        {plans.isError && (
          <LoadFailed message={planTexts.plansFailed} retry={retryRead(plansQuery)} className={styles.notice} />
        )}
        <div className={styles.grid}>
          {offers.map((offer) => (
            <PlanCard
              key={offer.code}
              offer={offer}
              action={planAction(viewer, offer.code)}
              pricePending={plans.isPending}
            />
          ))}
        </div>
        <p className={styles.vodNote}>{vodNote(plansInfo)}</p>
      </Section>
    </>
  );
}
