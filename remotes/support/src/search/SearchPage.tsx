import {
  Alert,
  Button,
  Link,
  LoadFailed,
  Page,
  Spinner,
  TextField,
  messageOf,
  shownPhone,
  useForm,
  useQuery,
} from '@portal/shared';
import { customerSearchRequestSchema, type CustomerSummary } from '@portal/shared/contract/support';
import { searchQuery } from '../api/queries';
import { rememberSearch, useSession } from '../api/session';
import { SUPPORT_PATHS } from '../paths';
import { CUSTOMER_TEXTS } from '../customer/texts';
import { SupportTable } from '../ui/SupportTable';
import { SEARCH_TEXTS, STATUS_TEXTS } from './texts';
import styles from '../support.module.css';

const T = SEARCH_TEXTS;

export const fullName = (c: Pick<CustomerSummary, 'firstName' | 'lastName'>) => `${c.firstName} ${c.lastName}`.trim();
export const statusText = (c: Pick<CustomerSummary, 'status'>) =>
  c.status ? (STATUS_TEXTS[c.status] ?? c.status) : CUSTOMER_TEXTS.none;

/** `/podrska`: finds customers by phone, e-mail, name, account number or invoice number, 20 a page. */
export function SearchPage() {
  // The session's last search (session.ts): the way back from a customer finds the list as it was.
  const search = useSession((s) => s.search);
  const show = rememberSearch;
  const form = useForm({
    schema: customerSearchRequestSchema,
    initial: { q: search.q },
    explain: T.failed,
    send: async ({ q }) => show({ q, page: 1 }),
  });
  const results = useQuery(searchQuery(search.q, search.page));

  return (
    <Page title={T.title}>
      <form className={`${styles.panel} ${styles.searchForm}`} onSubmit={form.onSubmit} role="search" noValidate>
        <TextField label={T.label} type="search" autoFocus autoComplete="off" {...form.field('q')} />
        <Button type="submit">{T.submit}</Button>
      </form>
      <section aria-live="polite" className={styles.results}>
        {search.q && results.isPending && <Spinner />}
        {results.isError && (
          <LoadFailed message={messageOf(results.error, T.failed)} retry={() => void results.refetch()} />
        )}
        {results.isSuccess && results.data.total === 0 && <Alert kind="info">{T.none}</Alert>}
        {results.isSuccess && results.data.total > 0 && (
          <div className={styles.panel}>
            <p className={styles.muted}>{T.found(results.data.total)}</p>
            <ResultsTable customers={results.data.items} />
            {results.data.pages > 1 && (
              <nav className={styles.pager} aria-label={T.pageOf(results.data.page, results.data.pages)}>
                <Button
                  variant="secondary"
                  disabled={results.data.page <= 1}
                  onClick={() => show({ ...search, page: search.page - 1 })}
                >
                  {T.previous}
                </Button>
                <span>{T.pageOf(results.data.page, results.data.pages)}</span>
                <Button
                  variant="secondary"
                  disabled={results.data.page >= results.data.pages}
                  onClick={() => show({ ...search, page: search.page + 1 })}
                >
                  {T.next}
                </Button>
              </nav>
            )}
          </div>
        )}
      </section>
    </Page>
  );
}

/** The page of customers found: each one's name (a link to them), contact, account number, status and plan. */
function ResultsTable({ customers }: { customers: CustomerSummary[] }) {
  return (
    <SupportTable
      caption={T.caption}
      columns={[T.name, T.contact, T.account, T.status, T.plan]}
      items={customers}
      keyOf={(customer) => customer.id}
      cells={(customer) => (
        <>
          <td>
            <Link to={SUPPORT_PATHS.customer.href(customer.id)}>{fullName(customer)}</Link>
            {customer.blocked && <span className={styles.badge}>{CUSTOMER_TEXTS.blockedBadge}</span>}
          </td>
          <td>
            {customer.phoneNumber && <div>{shownPhone(customer.phoneNumber)}</div>}
            {customer.email && <div>{customer.email}</div>}
          </td>
          <td>{customer.accountNumber ?? CUSTOMER_TEXTS.none}</td>
          <td>{statusText(customer)}</td>
          <td>{customer.plan ?? CUSTOMER_TEXTS.none}</td>
        </>
      )}
    />
  );
}
