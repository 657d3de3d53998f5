import { spawnSync } from 'node:child_process';

export const PDFTOTEXT_MISSING =
  'pdftotext not found: install it with `sudo apt-get install -y poppler-utils` (Debian/Ubuntu).';

/** Whether Debian's poppler-utils (pdftotext, pdftoppm) is installed. */
export const hasPdftotext = () => spawnSync('pdftotext', ['-v']).error === undefined;

/** The text of a PDF, laid out as on the page (poppler's pdftotext). */
export function pdfText(pdf: Buffer): string {
  const result = spawnSync('pdftotext', ['-layout', '-', '-'], { input: pdf });
  if (result.error) throw new Error(PDFTOTEXT_MISSING);
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr.toString()}`);
  return result.stdout.toString('utf8');
}
