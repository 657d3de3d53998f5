import { performance } from 'node:perf_hooks';
import { Counter } from 'prom-client';
import { daysBefore, isoDay } from '../days';
import type { Store } from '../repositories';
import { RetentionRepository, type RetentionKind } from '../repositories/retention';

/**
 * The daily clean-up (docs/deploy/README.md#sizing-and-retention): what nobody needs any more goes, so
 * that the database grows with customers and their payments, not with every message and sign-in. What
 * a customer or the books may still need stays: messages PENDING or HELD, live sessions and each
 * device's last one, codes still valid, orders, invoices' data, refunds, the ledger and the audit trail.
 */

/** Days each kind is kept once it has ended (the *_RETENTION_DAYS settings); 0 keeps it for good. */
export interface RetentionSettings {
  /** OUTBOX_RETENTION_DAYS: messages, after their delivery or last try. */
  outboxDays: number;
  /** SESSION_RETENTION_DAYS: customers' and staff sessions, after their sign-out or expiry. */
  sessionDays: number;
  /** CODE_RETENTION_DAYS: registrations and password resets, after their code's last use; passkey challenges, after they expire. */
  codeDays: number;
  /** INVOICE_PDF_RETENTION_DAYS: stored invoice PDFs, after their render. */
  invoicePdfDays: number;
  /** REFRESH_WINDOW_DAYS: an idle customer session ends this long after its last refresh. */
  refreshWindowDays: number;
}

/** What a clean-up removed, by kind. */
export type CleanUpReport = Record<RetentionKind, number>;

/** Rows per statement: a first run on a large database holds no lock long and reads no table whole at once. */
const BATCH = 5_000;
/** A claim older than this that never finished (its process stopped) may be taken again. */
const LEASE_SECONDS = 3_600;

const retentionRemoved = new Counter({
  name: 'ontv_retention_removed_total',
  help: 'Rows the daily clean-up removed, by kind: outbox (delivered or given-up messages), device_sessions, staff_sessions, verifications (finished or lapsed codes), invoice_pdfs (made again on the next download), passkey_challenges (never answered)',
  labelNames: ['kind'] as const,
});

/** The log line's words for each kind. */
const NAMED: Record<RetentionKind, string> = {
  outbox: 'messages',
  device_sessions: 'customer sessions',
  staff_sessions: 'staff sessions',
  verifications: 'codes',
  invoice_pdfs: 'invoice PDFs',
  passkey_challenges: 'passkey challenges',
};

/** Each kind kept for good (0 days) is left out; the others with the times before which a row has ended long enough. */
function cutoffsOf(settings: RetentionSettings, at: Date) {
  const kinds: Array<[RetentionKind, number, number?]> = [
    ['outbox', settings.outboxDays],
    ['device_sessions', settings.sessionDays, settings.refreshWindowDays],
    ['staff_sessions', settings.sessionDays],
    ['verifications', settings.codeDays],
    ['invoice_pdfs', settings.invoicePdfDays],
    ['passkey_challenges', settings.codeDays],
  ];
  return kinds
    .filter(([, days]) => days > 0)
    .map(([kind, days, idleDays]) => ({
      kind,
      before: daysBefore(at, days),
      idleBefore: idleDays === undefined ? undefined : daysBefore(at, days + idleDays),
    }));
}

/** What the clean-up runs with; `stopping` is asked between batches (a server told to stop). */
interface CleanUpDeps {
  store: Store;
  retention: RetentionSettings;
  log?: (line: string) => void;
  batch?: number;
  stopping?: () => boolean;
}

/**
 * Today's clean-up as of `at`, by the first caller of the day on any process (the day is claimed in
 * one statement); null for every other. Each kind goes in batches of `batch` rows, one statement each,
 * counted in ontv_retention_removed_total as it goes. A run stopped midway is taken again after an hour
 * or done by the next day's: what it removes is decided by the rows, never by what ran before.
 */
export async function cleanUpDaily(deps: CleanUpDeps, at: Date): Promise<CleanUpReport | null> {
  const runs = new RetentionRepository(deps.store.db);
  const day = isoDay(at);
  if (!(await runs.claim(day, at, LEASE_SECONDS))) return null;
  const started = performance.now();
  const report: CleanUpReport = {
    outbox: 0,
    device_sessions: 0,
    staff_sessions: 0,
    verifications: 0,
    invoice_pdfs: 0,
    passkey_challenges: 0,
  };
  for (const { kind, ...cutoffs } of cutoffsOf(deps.retention, at)) {
    retentionRemoved.inc({ kind }, 0);
    let after: string | null = null;
    do {
      if (deps.stopping?.()) {
        deps.log?.(`Clean-up of ${day} stopped midway; another process takes it over in an hour`);
        return report;
      }
      const batch = await runs.removeBatch(kind, cutoffs, after, deps.batch ?? BATCH);
      report[kind] += batch.removed;
      retentionRemoved.inc({ kind }, batch.removed);
      after = batch.next;
    } while (after !== null);
  }
  const ms = performance.now() - started;
  await runs.finish(day, new Date(at.getTime() + ms), report);
  const removed = (Object.keys(report) as RetentionKind[]).map((kind) => `${report[kind]} ${NAMED[kind]}`);
  deps.log?.(`Clean-up of ${day}: removed ${removed.join(', ')} in ${(ms / 1000).toFixed(1)} s`);
  return report;
}
