import fs from 'node:fs';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { Invoice, OperatorSettings } from '@portal/shared/contract';
import type { InvoicePdfsRepository } from '../../repositories/invoicePdfs';
import { invoicePdfRenders } from '../../counters';

/**
 * The worker's file: beside this one, compiled (api/dist/invoicePdfWorker.js, next to main.js) or
 * from the sources through the TypeScript loader the process runs with (worker threads inherit it).
 */
function workerFile(): string {
  const compiled = path.join(__dirname, 'invoicePdfWorker.js');
  return fs.existsSync(compiled) ? compiled : path.join(__dirname, 'invoicePdfWorker.ts');
}

/**
 * Invoice PDFs, rendered once each and kept (migration 014): a paid invoice never changes. A render
 * runs in a worker thread (piscina; one per API process, so the request loop and the other core stay
 * free), and a render already under way for the same invoice in this process is shared; across
 * processes the table keeps the first one stored, so every download of an invoice has the same bytes.
 */
export class InvoiceFiles {
  private pool: Piscina | null = null;
  private readonly rendering = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly files: InvoicePdfsRepository,
    private readonly now: () => Date,
  ) {}

  /** The stored PDF of an invoice, or null when it was never rendered. */
  async stored(orderNumber: string): Promise<Buffer | null> {
    return this.files.get(orderNumber);
  }

  /**
   * The invoice's PDF: the stored one, else rendered now (once, whoever else asks meanwhile) and stored.
   * `beforeRender` runs only when this call starts a render (a limit on renders may refuse it; those
   * who joined the render then get the same refusal).
   */
  async pdf(
    invoice: Invoice,
    operator: OperatorSettings,
    beforeRender: () => Promise<void> = async () => undefined,
  ): Promise<Buffer> {
    const stored = await this.stored(invoice.orderNumber);
    if (stored) return stored;
    const under = this.rendering.get(invoice.orderNumber);
    if (under) return under;
    const rendering = (async () => {
      await beforeRender();
      return this.renderAndStore(invoice, operator);
    })().finally(() => this.rendering.delete(invoice.orderNumber));
    this.rendering.set(invoice.orderNumber, rendering);
    return rendering;
  }

  /**
   * The invoice's PDF in Cyrillic (decision 054), rendered on each call and not kept: the Latin one is the
   * stored document; this is its copy in the other script, asked for far less often.
   */
  async cyrillic(
    invoice: Invoice,
    operator: OperatorSettings,
    beforeRender: () => Promise<void> = async () => undefined,
  ): Promise<Buffer> {
    await beforeRender();
    invoicePdfRenders.inc();
    return Buffer.from((await this.workers().run({ invoice, operator, cyrillic: true })) as Uint8Array);
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }

  private workers(): Piscina {
    this.pool ??= new Piscina({ filename: workerFile(), minThreads: 0, maxThreads: 1, idleTimeout: 60_000 });
    return this.pool;
  }

  private async renderAndStore(invoice: Invoice, operator: OperatorSettings): Promise<Buffer> {
    const rendered = Buffer.from((await this.workers().run({ invoice, operator })) as Uint8Array);
    invoicePdfRenders.inc();
    await this.files.keep(invoice.orderNumber, rendered, this.now());
    return (await this.stored(invoice.orderNumber)) ?? rendered;
  }
}
