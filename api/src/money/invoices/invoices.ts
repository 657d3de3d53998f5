import type { Invoice } from '@portal/shared/contract';
import type { Store } from '../../repositories';
import type { ApiConfig } from '../../config';
import type { Limits } from '../../limits';
import type { InvoiceFiles } from './invoiceFiles';
import { DomainError, tooManyTries } from '../../errors';
import { operatorOf } from '../../portalConfig';
import { invoiceOf } from '../orders';
import { invoiceFileName } from './invoicePdf';
import { ERROR_TEXTS } from '../../texts/errors';

/** Invoice PDFs a customer may have rendered in a minute (each is rendered once; stored ones are read freely). */
const INVOICE_RENDERS_PER_MINUTE = 10;

/** `GET /{product}-payments/{orderNumber}`: one of the customer's payments as its invoice; another customer's is as absent as an unknown one. */
export async function customerInvoice(
  deps: { store: Store },
  customerId: number,
  orderNumber: string,
): Promise<Invoice> {
  const invoice = await invoiceOf(deps.store, orderNumber, customerId);
  if (!invoice) throw new DomainError('not-found', ERROR_TEXTS.paymentNotFound, 'NOT_FOUND');
  return invoice;
}

/**
 * The same invoice as a PDF (docs/messages.md), for 'Preuzmi PDF' and e-mailed receipts, with its file
 * name: rendered once, off the request loop, then read; a customer starts at most
 * INVOICE_RENDERS_PER_MINUTE renders.
 */
export async function customerInvoicePdf(
  deps: { store: Store; invoices: InvoiceFiles; limits: Limits; config: Pick<ApiConfig, 'operator'> },
  customerId: number,
  orderNumber: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const invoice = await customerInvoice(deps, customerId, orderNumber);
  const limit = async () => {
    const taken = await deps.limits.take([
      { key: `invoice-render:${customerId}`, max: INVOICE_RENDERS_PER_MINUTE, windowSeconds: 60 },
    ]);
    if (!taken.ok) throw tooManyTries(ERROR_TEXTS.tooManyPdfs, taken.retryAfter, 'TOO_MANY_RENDERS');
  };
  // In the script the customer chose (decision 054).
  const pdf =
    (await deps.store.customers.scriptOf(customerId)) === 'cyrillic'
      ? await deps.invoices.cyrillic(invoice, operatorOf(deps.config), limit)
      : await deps.invoices.pdf(invoice, operatorOf(deps.config), limit);
  return { pdf, fileName: invoiceFileName(invoice.orderNumber) };
}
