import { keyIdOf, seal, unseal, type Keyring } from './keyring';
import { SEALED_COLUMNS, type SealedValuesRepository } from '../repositories/sealedValues';

interface ResealReport {
  /** Values now sealed under the current key. */
  resealed: number;
  /** Values changed by someone else between the read and the write (a new PIN, another reseal): left as they are. */
  skipped: number;
  /** Values no key of the ring opens (their key was removed, or the legacy key is gone), by key id ('legacy'). */
  unreadable: Record<string, number>;
}

/**
 * Re-seals every value not under the ring's current key, a batch at a time, each batch written by one
 * statement that changes a row only where it still holds the value read (SealedValuesRepository.replace):
 * safe beside running servers and beside another reseal, and a value is never lost, only moved.
 */
export async function resealAll(
  repo: SealedValuesRepository,
  ring: Keyring,
  batch = 500,
  progress: (line: string) => void = () => undefined,
): Promise<ResealReport> {
  const report: ResealReport = { resealed: 0, skipped: 0, unreadable: {} };
  for (const sealed of SEALED_COLUMNS) {
    let after = 0;
    let resealed = 0;
    for (;;) {
      const rows = await repo.notUnder(sealed, ring.current.id, after, batch);
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      const fresh: Array<{ id: number; old: string; value: string }> = [];
      for (const row of rows) {
        try {
          fresh.push({ id: row.id, old: row.value, value: seal(ring, unseal(ring, row.value)) });
        } catch {
          const id = keyIdOf(row.value) ?? 'legacy';
          report.unreadable[id] = (report.unreadable[id] ?? 0) + 1;
        }
      }
      const changed = await repo.replace(sealed, fresh);
      resealed += changed;
      report.skipped += fresh.length - changed;
    }
    report.resealed += resealed;
    progress(`${sealed.table}.${sealed.column}: ${resealed} re-sealed under ${ring.current.id}`);
  }
  return report;
}
