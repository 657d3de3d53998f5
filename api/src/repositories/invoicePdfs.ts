import { Repository } from './base';

/** `invoice_pdfs`: each invoice's PDF as first rendered (a paid invoice never changes). */
export class InvoicePdfsRepository extends Repository {
  async get(orderNumber: string): Promise<Buffer | null> {
    const [row] = await this.q.query<{ pdf: Uint8Array }>('SELECT pdf FROM invoice_pdfs WHERE order_number = $1', [
      orderNumber,
    ]);
    return row ? Buffer.from(row.pdf) : null;
  }

  /** Keeps the first PDF stored for an order; a later one is dropped. */
  async keep(orderNumber: string, pdf: Buffer, at: Date): Promise<void> {
    await this.q.query(
      'INSERT INTO invoice_pdfs (order_number, pdf, created_at) VALUES ($1, $2, $3) ON CONFLICT (order_number) DO NOTHING',
      [orderNumber, pdf, at],
    );
  }
}
