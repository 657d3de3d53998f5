import { Button, Navigate, Spinner, DocumentTitle, useQuery, useSearchParams } from '@portal/shared';
import { invoiceQuery } from '@portal/shared/payments';
import { DownloadPdf } from './DownloadPdf';
import { InvoiceView } from './InvoiceView';
import { HISTORY_TEXTS } from '../texts';

/** `/nalog/racun?no=` (product.md §2, §9): a printable invoice; a load failure goes to /not-found (product.md §8). */
export function InvoicePage() {
  const [params] = useSearchParams();
  const number = params.get('no') ?? '';
  const invoice = useQuery({ ...invoiceQuery(number), enabled: number !== '' });
  const title = <DocumentTitle title={HISTORY_TEXTS.invoiceOf(number)} />;
  if (!number || invoice.isError) return <Navigate to="/not-found" replace />;
  return (
    <>
      {title}
      {invoice.isPending ? (
        <Spinner />
      ) : (
        <InvoiceView
          invoice={invoice.data}
          actions={
            <>
              <Button onClick={() => window.print()}>{HISTORY_TEXTS.print}</Button>
              <DownloadPdf orderNumber={invoice.data.orderNumber} />
            </>
          }
        />
      )}
    </>
  );
}
