import { useState } from 'react';
import { LoadFailed, Spinner, messageOf, useQuery } from '@portal/shared';
import { customerAuditQuery } from '../api/queries';
import { AuditTable } from '../audit/AuditTable';
import { AUDIT_TEXTS } from '../audit/texts';
import { CUSTOMER_TEXTS } from './texts';
import styles from '../support.module.css';

const T = CUSTOMER_TEXTS;

/** A look at the customer's data (the trail records each), not something done for them. */
const isRead = (action: string) => action === 'customer.view' || action.startsWith('customer.read.');

/** The customer's audit trail; the reads hidden unless asked for. */
export function TrailSection({ id }: { id: string }) {
  return (
    <section className={styles.panel} aria-labelledby="trail-title">
      <h2 id="trail-title">{T.trail}</h2>
      <CustomerTrail id={id} />
    </section>
  );
}

function CustomerTrail({ id }: { id: string }) {
  const [reads, setReads] = useState(false);
  const trail = useQuery(customerAuditQuery(id));
  if (trail.isPending) return <Spinner />;
  if (trail.isError) {
    return <LoadFailed message={messageOf(trail.error, AUDIT_TEXTS.failed)} retry={() => void trail.refetch()} />;
  }
  const items = reads ? trail.data.items : trail.data.items.filter((entry) => !isRead(entry.action));
  return (
    <>
      <label className={styles.check}>
        <input type="checkbox" checked={reads} onChange={(event) => setReads(event.target.checked)} /> {T.showReads}
      </label>
      <AuditTable items={items} showCustomer={false} />
    </>
  );
}
