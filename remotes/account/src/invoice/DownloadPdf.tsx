import { Alert, Button, download, saveFile, useSubmit } from '@portal/shared';
import { HISTORY_TEXTS, INVOICE_PDF_TEXTS as T } from '../texts';

/** 'Preuzmi PDF': the invoice as the server's PDF (docs/messages.md), saved as `racun-{broj}.pdf`. */
export function DownloadPdf({ orderNumber, compact = false }: { orderNumber: string; compact?: boolean }) {
  const { busy, error, run } = useSubmit(T.failed);
  const fetchPdf = () =>
    void run(async () => saveFile(await download.invoicePdf({ params: { orderNumber } }), `racun-${orderNumber}.pdf`), {
      settle: true,
    });
  return (
    <>
      <Button
        variant="secondary"
        disabled={busy}
        onClick={fetchPdf}
        aria-label={compact ? HISTORY_TEXTS.pdfOf(T.download, orderNumber) : undefined}
      >
        {busy ? T.downloading : T.download}
      </Button>
      {error && <Alert kind="error">{error}</Alert>}
    </>
  );
}
