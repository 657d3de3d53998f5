import { Counter } from 'prom-client';
import { ERROR_TEXTS } from '../texts/errors';

/** A service the API depends on that did not answer: the database, or the card processor. */
type Outage = 'database' | 'processor';

export const outages = new Counter({
  name: 'ontv_unavailable_total',
  help: 'Requests answered 503 because the database or the card processor could not be reached, by which',
  labelNames: ['service'] as const,
});

/** The socket's own failures: nothing listens, the line broke, the name does not resolve, no answer in time. */
const SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL that cannot be reached or is going away: its connection errors (SQLSTATE class 08),
 * a server shutting down or starting (57P01-57P03), too many connections (53300), the socket's errors,
 * and node-postgres's own words for a connection lost or none to be had in time.
 */
function databaseUnreachable(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code) || SOCKET.has(code)) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
    message,
  );
}

/** Stripe's errors for a processor that cannot be reached, fails on its side (5xx) or limits us. */
const PROCESSOR_DOWN = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError']);

/** Which service an error says is out, or null for any other error (then a fault of ours: 500). */
export function outageOf(error: unknown): Outage | null {
  if (!error || typeof error !== 'object') return null;
  const { type } = error as { type?: unknown };
  if (typeof type === 'string' && PROCESSOR_DOWN.has(type)) return 'processor';
  return databaseUnreachable(error as { code?: unknown; message?: unknown }) ? 'database' : null;
}

/** What the customer reads for each outage: try again in a moment, nothing was lost. */
export const OUTAGE_TEXTS: Record<Outage, string> = {
  database: ERROR_TEXTS.unavailable,
  processor: ERROR_TEXTS.processorUnavailable,
};
