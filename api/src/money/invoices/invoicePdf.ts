import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { Invoice, OperatorSettings } from '@portal/shared/contract';
import { INVOICE_TEXTS } from '@portal/shared/texts';
import { formatDate, formatKM, splitVat } from '@portal/shared/format';
import { toCyrillic } from '@portal/shared/texts/script';
import { localDateTime } from '../../texts/notices';
import { API_DIR } from '../../apiDir';

/** DejaVu Sans (api/assets/fonts, its licence beside it): every Bosnian letter, č ć đ š ž included, and Cyrillic. */
const FONTS = path.join(API_DIR, 'assets', 'fonts');
const REGULAR = path.join(FONTS, 'DejaVuSans.ttf');
const BOLD = path.join(FONTS, 'DejaVuSans-Bold.ttf');

export const invoiceFileName = (orderNumber: string) => `racun-${orderNumber}.pdf`;

/** Where the blocks go: the left margin and the width between the margins. */
interface Frame {
  left: number;
  width: number;
}

/**
 * The invoice as a PDF (A4), with what the printable page shows (product.md §9): the operator's legal
 * data, the customer, the line with its period, net, VAT 17 % and the VAT-inclusive total, the card,
 * the complaints deadline and the support contact.
 */
export function invoicePdf(invoice: Invoice, operator: OperatorSettings, cyrillic = false): Promise<Buffer> {
  const write = cyrillic ? toCyrillic : (words: string) => words;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: cyrillic ? 'bs-Cyrl' : 'bs',
    info: { Title: write(INVOICE_TEXTS.title(invoice.orderNumber)), Author: operator.name },
  });
  // In Cyrillic (decision 054) every word the page writes, but the names and codes toCyrillic keeps;
  // DejaVu Sans has the Cyrillic letters.
  if (cyrillic) {
    const text = doc.text.bind(doc) as (words: string, ...rest: unknown[]) => PDFKit.PDFDocument;
    doc.text = ((words: string, ...rest: unknown[]) => text(write(String(words)), ...rest)) as typeof doc.text;
  }
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const left = doc.page.margins.left;
  const frame = { left, width: doc.page.width - left - doc.page.margins.right };
  const top = doc.y;
  const sellerEnd = sellerBlock(doc, frame, operator, top);
  const factsEnd = factsBlock(doc, frame, invoice, top);
  doc.y = Math.max(sellerEnd, factsEnd) + 24;
  customerBlock(doc, frame, invoice);
  lineBlock(doc, frame, invoice);
  closingBlock(doc, frame, operator);
  doc.end();
  return done;
}

/** The seller: the operator's name, address and legal numbers, in the left half. Answers where it ends. */
function sellerBlock(doc: PDFKit.PDFDocument, { left, width }: Frame, operator: OperatorSettings, top: number): number {
  doc
    .font('bold')
    .fontSize(12)
    .text(operator.name, left, top, { width: width / 2 });
  doc
    .font('regular')
    .fontSize(9)
    .text(operator.address, { width: width / 2 - 10 });
  doc
    .text(INVOICE_TEXTS.idNumber(operator.idNumber))
    .text(INVOICE_TEXTS.vatNumber(operator.vatNumber))
    .text(INVOICE_TEXTS.bankAccount(operator.bankAccount));
  return doc.y;
}

/** The invoice's number, dates and card, in the right half beside the seller. Answers where it ends. */
function factsBlock(doc: PDFKit.PDFDocument, { left, width }: Frame, invoice: Invoice, top: number): number {
  doc
    .font('bold')
    .fontSize(16)
    .text(INVOICE_TEXTS.title(invoice.orderNumber), left + width / 2, top, { width: width / 2, align: 'right' });
  doc.font('regular').fontSize(9);
  for (const line of [
    INVOICE_TEXTS.issued(localDateTime(new Date(invoice.issued)).split(' u ')[0] ?? ''),
    INVOICE_TEXTS.paid(localDateTime(new Date(invoice.updated))),
    INVOICE_TEXTS.paidWith(invoice.means ?? invoice.creditCardNumber),
  ]) {
    doc.text(line, left + width / 2, doc.y, { width: width / 2, align: 'right' });
  }
  return doc.y;
}

/** The customer. */
function customerBlock(doc: PDFKit.PDFDocument, { left }: Frame, invoice: Invoice): void {
  doc.font('bold').fontSize(11).text(INVOICE_TEXTS.customer, left);
  doc.font('regular').fontSize(10).text(invoice.customer.fullName);
  if (invoice.customer.accountNumber) doc.text(INVOICE_TEXTS.accountNumber(invoice.customer.accountNumber));
  if (invoice.customer.username) doc.text(invoice.customer.username);
  doc.moveDown(1.5);
}

/** The line's table: its columns, each a share of the width. */
const COLUMNS = [
  { title: INVOICE_TEXTS.description, width: 0.34, align: 'left' as const },
  { title: INVOICE_TEXTS.period, width: 0.24, align: 'left' as const },
  { title: INVOICE_TEXTS.net, width: 0.14, align: 'right' as const },
  { title: INVOICE_TEXTS.vat, width: 0.13, align: 'right' as const },
  { title: INVOICE_TEXTS.gross, width: 0.15, align: 'right' as const },
];

/** The line, as a table (its heading row and the line's row), then the VAT-inclusive total. */
function lineBlock(doc: PDFKit.PDFDocument, frame: Frame, invoice: Invoice): void {
  const { net, vat, gross } = splitVat(invoice.amount);
  tableRow(
    doc,
    frame,
    COLUMNS.map((c) => c.title),
    'bold',
  );
  tableRow(
    doc,
    frame,
    [
      INVOICE_TEXTS.line(invoice.paymentData.name),
      `${formatDate(invoice.periodStart)} – ${formatDate(invoice.periodEnd)}`,
      formatKM(net),
      formatKM(vat),
      formatKM(gross),
    ],
    'regular',
  );
  doc.moveDown(0.5);
  doc
    .font('bold')
    .fontSize(11)
    .text(`${INVOICE_TEXTS.total}: ${formatKM(gross)}`, frame.left, doc.y, { width: frame.width, align: 'right' });
  doc.moveDown(3);
}

/** One row of the table, as tall as its tallest cell, with a rule under it. */
function tableRow(doc: PDFKit.PDFDocument, { left, width }: Frame, cells: string[], font: 'regular' | 'bold'): void {
  const y = doc.y;
  let x = left;
  let bottom = y;
  doc.font(font).fontSize(9);
  cells.forEach((cell, i) => {
    const column = COLUMNS[i]!;
    const w = column.width * width;
    doc.text(cell, x + 4, y, { width: w - 8, align: column.align });
    bottom = Math.max(bottom, doc.y);
    x += w;
  });
  doc.y = bottom + 6;
  doc
    .moveTo(left, doc.y - 3)
    .lineTo(left + width, doc.y - 3)
    .lineWidth(0.5)
    .strokeColor('#c8c8d4')
    .stroke();
}

/** Complaints and support. */
function closingBlock(doc: PDFKit.PDFDocument, { left, width }: Frame, operator: OperatorSettings): void {
  doc.font('regular').fontSize(9).fillColor('#44445a');
  doc.text(INVOICE_TEXTS.complaints, left, doc.y, { width });
  doc.text(INVOICE_TEXTS.support(operator.supportPhone, operator.supportEmail), { width });
}
