import { useState } from 'react';
import {
  Alert,
  ApiError,
  ButtonLink,
  LoadFailed,
  Page,
  Spinner,
  messageOf,
  queryClient,
  useParams,
  useQuery,
} from '@portal/shared';
import { isRowId, type CustomerSummary } from '@portal/shared/contract/support';
import { customerKey, customerQuery } from '../api/queries';
import { useSession } from '../api/session';
import { fullName } from '../search/SearchPage';
import { SUPPORT_PATHS } from '../paths';
import { CUSTOMER_TEXTS } from './texts';
import styles from '../support.module.css';
import { pauseOf, SummarySection } from './SummarySection';
import { ActionsSection } from './ActionsSection';
import { PaymentsSection } from './PaymentsSection';
import { DevicesSection } from './DevicesSection';
import { MessagesSection } from './MessagesSection';
import { TrailSection } from './TrailSection';
import { CustomerDialogs, newRefundKey, type Open } from './CustomerDialogs';

const T = CUSTOMER_TEXTS;

/** `/podrska/kupci/:customerId`: one customer, what the console may do for them, and their trail. */
export function CustomerPage() {
  const { customerId = '' } = useParams<{ customerId: string }>();
  if (!isRowId(customerId)) return <NotFound message={T.notFound} />;
  return <Customer id={customerId} key={customerId} />;
}

/** The page's sections (one file each in this folder) and the dialog open on it. */
function Customer({ id }: { id: string }) {
  const customer = useQuery(customerQuery(id));
  const admin = useSession((s) => s.staff?.role === 'admin');
  const [open, setOpen] = useState<Open | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = (...parts: string[]) =>
    Promise.all(parts.map((part) => queryClient.invalidateQueries({ queryKey: [...customerKey(id), part] })));
  const changed = async (answer: CustomerSummary, text: string) => {
    // An action's answer may leave out what only the customer's own view holds (the promos used).
    queryClient.setQueryData<CustomerSummary>(customerKey(id), (before) => ({ ...before, ...answer }));
    setNotice(text);
    await refresh('audit', 'devices');
  };
  const sent = (text: string) => {
    setNotice(text);
    void refresh('messages', 'audit');
  };

  if (customer.isPending) return <Spinner />;
  if (customer.isError) {
    return customer.error instanceof ApiError && customer.error.status === 404 ? (
      <NotFound message={messageOf(customer.error, T.notFound)} />
    ) : (
      <LoadFailed message={messageOf(customer.error, T.failed)} retry={() => void customer.refetch()} />
    );
  }
  const c = customer.data;
  const name = fullName(c);

  return (
    <Page title={name}>
      <p>
        <ButtonLink to={SUPPORT_PATHS.home} variant="secondary">
          {T.back}
        </ButtonLink>
      </p>
      {notice && <Alert kind="success">{notice}</Alert>}
      <div className={styles.columns}>
        <div className={styles.stack}>
          <SummarySection customer={c} />
          <ActionsSection
            id={id}
            admin={admin}
            blocked={c.blocked}
            paused={pauseOf(c) !== null}
            onOpen={(kind) => setOpen({ kind })}
            onCodeSent={() => sent(T.codeSent)}
          />
        </div>
        <div className={styles.stack}>
          <PaymentsSection
            id={id}
            admin={admin}
            onRefund={(payment) => setOpen({ kind: 'refund', payment, key: newRefundKey() })}
            onSent={(order) => sent(T.invoiceSent(order))}
          />
          <DevicesSection id={id} onSignOut={(device) => setOpen({ kind: 'signOut', device })} />
          <MessagesSection id={id} />
          <TrailSection id={id} />
        </div>
      </div>
      <CustomerDialogs
        open={open}
        id={id}
        name={name}
        onClose={() => setOpen(null)}
        changed={changed}
        notify={setNotice}
        refresh={refresh}
      />
    </Page>
  );
}

/** No such customer (an id that is none, or of nobody): why, and the way back to the search. */
function NotFound({ message }: { message: string }) {
  return (
    <Page title={T.notFound}>
      <Alert kind="error">{message}</Alert>
      <ButtonLink to={SUPPORT_PATHS.home} variant="secondary">
        {T.back}
      </ButtonLink>
    </Page>
  );
}
