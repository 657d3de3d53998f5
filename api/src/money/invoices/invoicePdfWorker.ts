/**
 * The invoice renderer's worker thread (invoiceFiles.ts): PDFKit lays out and compresses a page in
 * tens of milliseconds of CPU, which on the request loop would hold up every other customer's call.
 */
import type { Invoice, OperatorSettings } from '@portal/shared/contract';
import { invoicePdf } from './invoicePdf';

export default async function render({
  invoice,
  operator,
  cyrillic,
}: {
  invoice: Invoice;
  operator: OperatorSettings;
  cyrillic?: boolean;
}): Promise<Uint8Array> {
  return new Uint8Array(await invoicePdf(invoice, operator, cyrillic));
}
