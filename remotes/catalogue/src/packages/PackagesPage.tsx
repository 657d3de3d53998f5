import { plansQuery, retryRead, useAccountInfo, useAuth, useQuery, LoadFailed } from '@portal/shared';
import { Hero, Section } from '../layout/Hero';
import { plansInfo } from '../content/plansInfo';
import { mergePlans } from './plans';
import { packageAction, type Viewer } from './packageAction';
import { PackageCard } from './PackageCard';
import { packageTexts, vodNote } from './texts';
import styles from './PackagesPage.module.css';
import { PACKAGES_TEXTS } from '../texts';

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

export default function PackagesPage() {
  const plans = useQuery(plansQuery);
  const viewer = useViewer();
  const usedPromos = viewer.kind === 'customer' ? (viewer.info?.usedPromos ?? []) : [];
  const offers = mergePlans(plansInfo, plans.isSuccess ? plans.data : null, new Date(), usedPromos);

  return (
    <>
      <Hero title={PACKAGES_TEXTS.title}>
        <p>{PACKAGES_TEXTS.lead}</p>
      </Hero>
      <Section>
        {plans.isError && (
          <LoadFailed message={packageTexts.plansFailed} retry={retryRead(plansQuery)} className={styles.notice} />
        )}
        <div className={styles.grid}>
          {offers.map((offer) => (
            <PackageCard
              key={offer.code}
              offer={offer}
              action={packageAction(viewer, offer.code)}
              pricePending={plans.isPending}
            />
          ))}
        </div>
        <p className={styles.vodNote}>{vodNote(plansInfo)}</p>
      </Section>
    </>
  );
}
