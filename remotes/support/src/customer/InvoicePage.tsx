import {
  Alert,
  ApiError,
  Button,
  ButtonLink,
  DocumentTitle,
  LoadFailed,
  Spinner,
  messageOf,
  useParams,
  useQuery,
} from '@portal/shared';
import { isRowId } from '@portal/shared/contract/support';
import { invoiceQuery } from '../api/queries';
import { accountViewsQuery } from './accountViews';
import { SUPPORT_PATHS } from '../paths';
import { CUSTOMER_TEXTS, INVOICE_TEXTS } from './texts';
import styles from '../support.module.css';

const T = INVOICE_TEXTS;

/** `/podrska/kupci/:customerId/racun/:orderNumber`: the invoice as the customer sees it (the account remote's view), to print. */
export function InvoicePage() {
  const { customerId = '', orderNumber = '' } = useParams<{ customerId: string; orderNumber: string }>();
  const valid = isRowId(customerId) && orderNumber !== '';
  const views = useQuery({ ...accountViewsQuery, enabled: valid });
  const invoice = useQuery({ ...invoiceQuery(customerId, orderNumber), enabled: valid });
  // No such invoice (of nobody, or of another customer's order) is no failure to try again.
  const missing = !valid || (invoice.error instanceof ApiError && invoice.error.status === 404);
  const back = (
    <ButtonLink to={SUPPORT_PATHS.customer.href(customerId)} variant="secondary">
      {T.back}
    </ButtonLink>
  );
  return (
    <div className={styles.stack}>
      <DocumentTitle title={T.title(orderNumber)} />
      <p>{back}</p>
      {valid && (views.isPending || invoice.isPending) && !views.isError && !invoice.isError && <Spinner />}
      {missing && <Alert kind="error">{messageOf(invoice.error, T.failed)}</Alert>}
      {valid && invoice.isError && !missing && (
        <LoadFailed message={messageOf(invoice.error, T.failed)} retry={() => void invoice.refetch()} />
      )}
      {views.isError && <LoadFailed message={CUSTOMER_TEXTS.viewsFailed} retry={() => void views.refetch()} />}
      {views.isSuccess && invoice.isSuccess && (
        <views.data.InvoiceView
          invoice={invoice.data}
          actions={<Button onClick={() => window.print()}>{T.print}</Button>}
        />
      )}
    </div>
  );
}
