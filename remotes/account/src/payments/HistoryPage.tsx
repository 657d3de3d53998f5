import {
  ButtonLink,
  Page,
  Spinner,
  panelClass,
  useQuery,
  retryRead,
  paths,
  LoadFailed,
  messages,
} from '@portal/shared';
import { paymentsQuery } from '@portal/shared/payments';
import { DownloadPdf } from '../invoice/DownloadPdf';
import { HISTORY_TEXTS as T } from '../texts';
import { PaymentHistoryView } from './PaymentHistoryView';

/** `/nalog/istorija-uplata` (product.md §2): the customer's payments, each with its invoice and PDF. */
export function HistoryPage() {
  const payments = useQuery(paymentsQuery);
  return (
    <Page title={T.title}>
      <div className={panelClass()}>
        {payments.isPending && <Spinner />}
        {payments.isError && <LoadFailed message={T.failed} retry={retryRead(paymentsQuery)} />}
        {payments.isSuccess && (
          <PaymentHistoryView
            payments={payments.data}
            invoiceHref={paths.invoice.href}
            renderActions={(p) => <DownloadPdf orderNumber={p.orderNumber} compact />}
          />
        )}
        <ButtonLink to={paths.account.href()} variant="secondary">
          {messages.backToAccount}
        </ButtonLink>
      </div>
    </Page>
  );
}
