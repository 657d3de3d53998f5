import { loadConfig } from './config';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { deriveKeys, loadMasterSecret } from './auth/secrets';
import { createContext } from './context';
import { createServer } from './server';
import { scheduleBilling } from './billing/schedule';

/** Starts the portal server: API under /api plus the built host and remotes. */
export async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const keys = deriveKeys(loadMasterSecret(config.jwtSecret, config.dataDir));
  const seeded = await seed(db, keys);
  // The notifier logs through the server's logger, which exists once the server does.
  let log: (line: string) => void = () => undefined;
  const ctx = createContext(config, db, keys, () => new Date(), (line) => log(line));
  const app = await createServer(ctx, { portal: true, remotesOnly: process.env.REMOTES_ONLY === '1' });
  log = (line) => app.log.info(line);
  let billing: { stop(): Promise<void> } = { stop: async () => undefined };

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await billing.stop();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Renewals, retries and expiry (issue 7), once now and then every BILLING_INTERVAL_MINUTES.
  billing = scheduleBilling(ctx.billing, config.billing.intervalMinutes, ctx.now);
  // Printed whatever the log level: people and scripts wait for this line.
  console.info(
    `Portal ready at http://localhost:${port} (database: ${db.engine}${db.engine === 'pglite' ? ` in ${config.dataDir}` : ''}${seeded ? ', demo data seeded' : ''})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
