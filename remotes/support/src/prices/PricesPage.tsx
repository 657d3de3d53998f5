import { useState } from 'react';
import { Alert, LoadFailed, Page, Spinner, messageOf, queryClient, useQuery } from '@portal/shared';
import type { PackagePrices, PricesOverview } from '@portal/shared/contract/support';
import { pricesQuery } from '../api/queries';
import { useSession } from '../api/session';
import { PRICES_TEXTS } from './texts';
import { PlanPanel } from './PlanPanel';
import { PriceDialogs, type OpenDialog } from './PriceDialogs';
import styles from '../support.module.css';

const T = PRICES_TEXTS;

/**
 * `/podrska/paketi` (docs/prices-and-promos.md): every package's price today, its changes to come, its
 * history and its promos, for every member of staff; admins change a price from a day on and start or end
 * a promo, each with a reason for the audit trail. Agents read it only: the API refuses them the changes too.
 */
export function PricesPage() {
  const overview = useQuery(pricesQuery);
  const admin = useSession((s) => s.staff?.role === 'admin');
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (overview.isPending) return <Spinner />;
  if (overview.isError) {
    return <LoadFailed message={messageOf(overview.error, T.failed)} retry={() => void overview.refetch()} />;
  }
  const { packages, noticeDays, today } = overview.data;
  // Every change answers the whole overview as it is now: shown at once, no second read.
  const changed = (answer: PricesOverview, text: string) => {
    queryClient.setQueryData(pricesQuery.queryKey, answer);
    setNotice(text);
  };
  const ask = (dialog: OpenDialog) => {
    setNotice(null);
    setOpen(dialog);
  };

  return (
    <Page title={T.title}>
      <p className={styles.muted}>{T.intro(noticeDays)}</p>
      {!admin && <p className={styles.muted}>{T.readOnly}</p>}
      {notice && <Alert kind="success">{notice}</Alert>}
      <div className={styles.stack}>
        {packages.map((pkg: PackagePrices) => (
          <PlanPanel key={pkg.code} pkg={pkg} admin={admin} onOpen={ask} />
        ))}
      </div>
      {open && <PriceDialogs open={open} today={today} onChanged={changed} onClose={() => setOpen(null)} />}
    </Page>
  );
}
