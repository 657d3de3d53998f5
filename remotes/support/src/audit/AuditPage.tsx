import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  LoadFailed,
  Page,
  Spinner,
  TextField,
  calls,
  download as downloads,
  messageOf,
  queryOptions,
  saveFile,
  useForm,
  useQuery,
  useSubmit,
} from '@portal/shared';
import { auditFilterFormSchema } from '@portal/shared/contract/support';
import { staffCall } from '../api/staffClient';
import { useSession } from '../api/session';
import { AuditTable } from './AuditTable';
import { SUPPORT_TEXTS } from '../texts';
import { ACTION_TEXTS, AUDIT_TEXTS } from './texts';
import styles from '../support.module.css';

const T = AUDIT_TEXTS;
type Filter = { customer?: string; action?: string; from?: string; to?: string };

/** The filter's fields left blank filter nothing: the query holds only the others. */
const queryOf = (typed: Record<string, string>): Filter =>
  Object.fromEntries(Object.entries(typed).filter(([, value]) => value !== ''));

const auditPageQuery = (filter: Filter, before: string | undefined) =>
  queryOptions({
    queryKey: ['staff', 'audit', filter, before],
    queryFn: ({ signal }) => staffCall(calls.staffAudit, { query: { ...filter, before }, signal }),
  });

/** `/podrska/zapisnik` (admins): the whole audit trail, filtered, 100 entries a page, and as CSV. */
export function AuditPage() {
  const admin = useSession((s) => s.staff?.role === 'admin');
  const [filter, setFilter] = useState<Filter>({});
  const [before, setBefore] = useState<string | undefined>(undefined);
  // Which button sent the form (read when it is sent, after the click).
  const exporting = useRef(false);
  const entries = useQuery({ ...auditPageQuery(filter, before), enabled: admin });
  const download = useSubmit(T.csvFailed);
  // One form for both buttons: the list shows the filter as typed, and the file holds what the list shows.
  const form = useForm({
    schema: auditFilterFormSchema,
    initial: { customer: '', action: '', from: '', to: '' },
    explain: T.failed,
    send: async (typed) => {
      const next = queryOf(typed);
      setFilter(next);
      setBefore(undefined);
      if (exporting.current)
        await download.run(
          async () => saveFile(await staffCall(downloads.staffAuditCsv, { query: next }), 'zapisnik.csv'),
          { settle: true },
        );
    },
  });

  if (!admin) return <Alert kind="error">{SUPPORT_TEXTS.shell.notAllowed}</Alert>;

  return (
    <Page title={T.title}>
      <p>{T.intro}</p>
      <form className={`${styles.panel} ${styles.filters}`} onSubmit={form.onSubmit} aria-label={T.filters} noValidate>
        <label className={styles.select}>
          {T.filterAction}
          <select name="action" value={form.values.action} onChange={form.field('action').onChange}>
            <option value="">{T.anyAction}</option>
            {Object.entries(ACTION_TEXTS).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <TextField label={T.filterCustomer} inputMode="numeric" autoComplete="off" {...form.field('customer')} />
        <TextField label={T.from} autoComplete="off" {...form.field('from')} />
        <TextField label={T.to} autoComplete="off" {...form.field('to')} />
        <Button type="submit" onClick={() => (exporting.current = false)}>
          {T.apply}
        </Button>
        <Button type="submit" variant="secondary" disabled={download.busy} onClick={() => (exporting.current = true)}>
          {T.csv}
        </Button>
      </form>
      {download.error && <Alert kind="error">{download.error}</Alert>}
      <section className={`${styles.panel} ${styles.results}`} aria-label={T.caption}>
        {entries.isPending && <Spinner />}
        {entries.isError && (
          <LoadFailed message={messageOf(entries.error, T.failed)} retry={() => void entries.refetch()} />
        )}
        {entries.isSuccess && (
          <>
            <AuditTable items={entries.data.items} />
            <div className={styles.actions}>
              {before && (
                <Button variant="secondary" onClick={() => setBefore(undefined)}>
                  {T.newest}
                </Button>
              )}
              {entries.data.nextBefore && (
                <Button variant="secondary" onClick={() => setBefore(String(entries.data.nextBefore))}>
                  {T.more}
                </Button>
              )}
            </div>
          </>
        )}
      </section>
    </Page>
  );
}
