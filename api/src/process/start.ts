import cluster from 'node:cluster';
import { Gauge } from 'prom-client';
import type { ApiConfig } from '../config';
import { openDb } from '../db/db';
import { migrate } from '../db/migrate';
import { plainTextWarning, reaching } from '../db/reach';
import { demoCustomersIn, seed } from '../db/seed';
import { madeByRefusal } from '../db/madeBy';
import { loadKeys } from '../auth/secrets';
import type { Keyring } from '../auth/keyring';
import { keyUses, missingKeyLines, missingKeys } from '../auth/keyringNeeds';
import type { Db } from '../db/db';
import { SealedValuesRepository } from '../repositories/sealedValues';
import { checkSmtp } from '../delivery/transports';
import { missingChannelWarning } from '../delivery/channels';
import { logger, notice } from '../log';
import { RELEASE } from '../release';

/** The start's first line, whatever LOG_LEVEL says: the release, and in sandbox mode that it is one. */
export function announceRelease(config: ApiConfig): void {
  notice.info(
    RELEASE,
    config.sandbox
      ? 'Sandbox mode: demo customers, the test card processor (no real payments), /api/dev/outbox and /api/dev/billing are on. Never expose this server; a production start (the compiled server, or NODE_ENV=production) has none of them.'
      : `Starting release ${RELEASE.version} (commit ${RELEASE.commit}) on Node.js ${RELEASE.node}`,
  );
}

/**
 * SMTP_URL is tried once per start, before anything listens: a refused login, missing TLS or a
 * certificate Node.js refuses stops the start in one line; an unreachable server is a warning
 * (docs/decisions/037-mail-fails-safe.md). So is a start outside the sandbox with only one of SMTP_URL
 * and SMS_GATEWAY_URL (delivery/channels.ts).
 */
export async function checkMail(config: ApiConfig): Promise<void> {
  const oneChannel = missingChannelWarning(config);
  if (oneChannel) logger.warn(oneChannel);
  const smtp = config.delivery.smtp ? await checkSmtp(config.delivery.smtp.url) : null;
  if (smtp && !smtp.ok && smtp.refuse) throw new Error(smtp.line);
  if (smtp && !smtp.ok) logger.warn(smtp.line);
}

/** Printed whatever the log level: people and scripts wait for this line. */
export function announce(config: ApiConfig, port: number, engine: string, seeded: boolean): void {
  const workers = config.workers > 1 ? `, ${config.workers} API processes` : '';
  notice.info(
    `Portal ready at http://localhost:${port} (database: ${engine}${engine === 'pglite' ? ` in ${config.dataDir}` : ''}${workers}${seeded ? ', demo data seeded' : ''})`,
  );
}

/** Set by each start's look at the keyring (checkKeyring); with WORKERS, each API process sets it. */
const valuesWithoutKey = new Gauge({
  name: 'ontv_values_without_key',
  help: 'Stored values (sealed values, unredeemed vouchers, live codes) whose key SEALING_KEYS lacks or does not open, found at the start, by key id and table.column; no series when none',
  labelNames: ['key', 'stored'] as const,
  aggregator: 'max',
});

/**
 * Stored data whose key SEALING_KEYS lacks (a key taken out too early) is named at every start, with
 * what to do, at error level and in ontv_values_without_key: a loud start, not a refused one
 * (docs/deploy/keys.md#a-key-missing). A few GROUP BYs in one statement.
 */
async function checkKeyring(db: Db, ring: Keyring): Promise<void> {
  const missing = missingKeys(ring, await keyUses(new SealedValuesRepository(db), new Date()));
  valuesWithoutKey.reset();
  for (const { keyId, uses } of missing)
    for (const use of uses)
      valuesWithoutKey.set({ key: keyId ?? 'legacy', stored: `${use.table}.${use.column}` }, use.count);
  // With WORKERS, the first process says it once; each API process sets its own gauge.
  if (missing.length === 0 || !cluster.isPrimary) return;
  const counts = missing.map((m) => ({
    key: m.keyId ?? 'legacy',
    problem: m.problem,
    values: m.uses.reduce((n, use) => n + use.count, 0),
  }));
  logger.error({ missingKeys: counts }, missingKeyLines(ring, missing).join(' '));
}

/**
 * Migrations and, in sandbox mode, the demo customers, once per start (with WORKERS, in the primary
 * before any worker runs). A server that is no sandbox refuses a database that holds them: their
 * password is in the README; and neither kind starts on a database the other made (db/madeBy.ts).
 */
export async function prepare(config: ApiConfig) {
  const clear = cluster.isPrimary ? plainTextWarning(config.databaseUrl) : null;
  if (clear) logger.warn(clear);
  const db = await reaching(config.databaseUrl, async () => {
    const opened = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, keepReads: true });
    await migrate(opened, { onApplied: ({ file, ms }) => logger.info(`Migration ${file} applied in ${ms} ms`) });
    return opened;
  });
  const keys = loadKeys(config);
  if (!config.sandbox) {
    const demo = await demoCustomersIn(db);
    if (demo.length > 0) {
      await db.close();
      throw new Error(
        `The database holds the demo customers (${demo.join(', ')}), whose password the README prints, and this server is no sandbox: delete them from the customers table, or start with SANDBOX=1 on a test server outside production.`,
      );
    }
  }
  // A sandbox and a production server never share a database (migration 035).
  const mixed = await madeByRefusal(db, config.sandbox);
  if (mixed) {
    await db.close();
    throw new Error(mixed);
  }
  await checkKeyring(db, keys.sealing);
  const seeded = cluster.isPrimary && config.sandbox ? await seed(db, keys) : false;
  return { db, keys, seeded };
}
