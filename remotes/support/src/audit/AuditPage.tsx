import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  LoadFailed,
  Page,
  Spinner,
  TextField,
  messageOf,
  queryOptions,
  saveFile,
  useQuery,
  useSubmit,
} from '@portal/shared';
import { auditQuerySchema } from '@portal/shared/contract/staff';
import { auditCsv, staffCall, staffEndpoints as e } from '../api/staffClient';
import { useSession } from '../api/session';
import { AuditTable } from './AuditTable';
import { CONSOLE_TEXTS } from '../texts';
import styles from '../console.module.css';

const T = CONSOLE_TEXTS.audit;
type Filter = { customer?: string; action?: string; from?: string; to?: string };
const FIELDS = ['customer', 'action', 'from', 'to'] as const;

const auditPageQuery = (filter: Filter, before: string | undefined) =>
  queryOptions({
    queryKey: ['staff', 'audit', filter, before],
    queryFn: ({ signal }) => staffCall(e.audit, { query: { ...filter, before }, signal }),
  });

/** `/podrska/zapisnik` (admins): the whole audit trail, filtered, 100 entries a page, and as CSV. */
export function AuditPage() {
  const admin = useSession((s) => s.staff?.role === 'admin');
  const [typed, setTyped] = useState<Record<(typeof FIELDS)[number], string>>({
    customer: '',
    action: '',
    from: '',
    to: '',
  });
  const [filter, setFilter] = useState<Filter>({});
  const [badFilter, setBadFilter] = useState(false);
  const [before, setBefore] = useState<string | undefined>(undefined);
  const entries = useQuery({ ...auditPageQuery(filter, before), enabled: admin });
  const download = useSubmit(T.csvFailed);

  if (!admin) return <Alert kind="error">{CONSOLE_TEXTS.shell.notAllowed}</Alert>;

  /** The filter as typed, applied to the list; null (and a message) when it is not one. */
  const applyTyped = (): Filter | null => {
    const next = Object.fromEntries(FIELDS.flatMap((name) => (typed[name].trim() ? [[name, typed[name].trim()]] : [])));
    const parsed = auditQuerySchema.safeParse(next);
    setBadFilter(!parsed.success);
    if (!parsed.success) return null;
    setFilter(next);
    setBefore(undefined);
    return next;
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    applyTyped();
  };
  // The file holds what the filter as typed shows (applied to the list too), not an earlier one.
  const exportCsv = () => {
    const current = applyTyped();
    if (current) void download.run(async () => saveFile(await auditCsv(current), 'zapisnik.csv'), { settle: true });
  };
  const field = (name: (typeof FIELDS)[number]) => ({
    name,
    value: typed[name],
    onChange: (event: { target: { value: string } }) => setTyped({ ...typed, [name]: event.target.value }),
  });

  return (
    <Page title={T.title}>
      <p>{T.intro}</p>
      <form className={`${styles.panel} ${styles.filters}`} onSubmit={apply} aria-label={T.filters} noValidate>
        <label className={styles.select}>
          {T.filterAction}
          <select {...field('action')}>
            <option value="">{T.anyAction}</option>
            {Object.entries(CONSOLE_TEXTS.actions).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <TextField label={T.filterCustomer} inputMode="numeric" autoComplete="off" {...field('customer')} />
        <TextField label={T.from} autoComplete="off" {...field('from')} />
        <TextField label={T.to} autoComplete="off" {...field('to')} />
        <Button type="submit">{T.apply}</Button>
        <Button variant="secondary" disabled={download.busy} onClick={exportCsv}>
          {T.csv}
        </Button>
      </form>
      {badFilter && <Alert kind="error">{T.badFilter}</Alert>}
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
