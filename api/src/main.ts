import cluster from 'node:cluster';
import { loadConfig, type ApiConfig } from './config';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { demoCustomersIn, seed } from './db/seed';
import { deriveKeys, loadMasterSecret } from './auth/secrets';
import { createContext } from './context';
import { createServer } from './server';
import { scheduleBilling } from './billing/schedule';
import { measureBacklogWith, serveMetrics } from './http/metrics';
import { smtpHost } from './delivery/transports';

/** Printed whatever the log level: people and scripts wait for this line. */
function announce(config: ApiConfig, port: number, engine: string, seeded: boolean): void {
  const workers = config.workers > 1 ? `, ${config.workers} API processes` : '';
  console.info(`Portal ready at http://localhost:${port} (database: ${engine}${engine === 'pglite' ? ` in ${config.dataDir}` : ''}${workers}${seeded ? ', demo data seeded' : ''})`);
}

/**
 * Migrations and, in sandbox mode, the demo customers, once per start (with WORKERS, in the primary
 * before any worker runs). A server that is no sandbox refuses a database that holds them: their
 * password is in the README.
 */
async function prepare(config: ApiConfig) {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const keys = deriveKeys(loadMasterSecret(config.jwtSecret, config.dataDir));
  if (!config.sandbox) {
    const demo = await demoCustomersIn(db);
    if (demo.length > 0) {
      await db.close();
      throw new Error(
        `The database holds the demo customers (${demo.join(', ')}), whose password the README prints, and this server is no sandbox: delete them from the customers table, or start with SANDBOX=1 on a test server outside production.`,
      );
    }
  }
  const seeded = cluster.isPrimary && config.sandbox ? await seed(db, keys) : false;
  return { db, keys, seeded };
}

/**
 * WORKERS=N on PostgreSQL: this process prepares the database, then runs N API processes that share
 * the port (node's cluster), replaces one that dies, and on SIGTERM or SIGINT passes the signal on and
 * exits when they have drained.
 */
async function runWorkers(config: ApiConfig): Promise<void> {
  const { db, seeded } = await prepare(config);
  await db.close();
  let stopping = false;
  let ready = 0;
  let port = config.port;
  // Counted here: node's `cluster.workers` may still hold a worker after its 'exit' event (it leaves
  // on 'disconnect' when that comes later), so waiting for it to empty could wait for ever.
  const live = new Set<number>();
  const fork = () => {
    const worker = cluster.fork();
    live.add(worker.id);
    worker.on('message', (message: { ready?: number }) => {
      if (typeof message?.ready !== 'number') return;
      port = message.ready;
      ready += 1;
      if (ready === config.workers) announce(config, port, 'postgres', seeded);
    });
  };
  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker.id);
    if (stopping) {
      if (live.size === 0) process.exit(0);
      return;
    }
    console.error(`API process ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGTERM'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < config.workers; i += 1) fork();
  // The metrics of every API process, added up by this one.
  if (config.metrics) await serveMetrics(config.metrics.port, config.metrics.host);
}

/** Starts the portal server: API under /api plus the built host and remotes. */
export async function main(): Promise<void> {
  const config = loadConfig();
  if (config.sandbox && cluster.isPrimary) {
    console.info('Sandbox mode: demo customers, the test card processor (no real payments), /api/dev/outbox and /api/dev/billing are on. Never expose this server; a production start (NODE_ENV=production) has none of them.');
  }
  if (config.workers > 1 && cluster.isPrimary) return runWorkers(config);
  const { db, keys, seeded } = await prepare(config);
  // The notifier logs through the server's logger, which exists once the server does.
  let log: (line: string) => void = () => undefined;
  const ctx = createContext(config, db, keys, () => new Date(), (line) => log(line));
  const app = await createServer(ctx, { portal: true, remotesOnly: process.env.REMOTES_ONLY === '1' });
  log = (line) => app.log.info(line);
  let billing: { stop(): Promise<void> } = { stop: async () => undefined };
  const metrics = config.metrics && cluster.isPrimary ? await serveMetrics(config.metrics.port, config.metrics.host) : null;
  const sweep = setInterval(() => void ctx.limits.sweep().catch((error: Error) => log(`Sweeping limits failed: ${error.message}`)), 3_600_000);
  sweep.unref();

  // SIGTERM: stop taking requests (new ones get 503), finish those in flight, then exit.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    clearInterval(sweep);
    await billing.stop();
    await ctx.sender.stop();
    await app.close();
    await metrics?.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Renewals, retries and expiry, once now and then every BILLING_INTERVAL_MINUTES: one pass at a time across processes.
  billing = scheduleBilling(ctx.billing, config.billing.intervalMinutes, ctx.now);
  // Messages: delivered by every process, each message by one (delivery/sender.ts).
  ctx.sender.start(config.delivery.pollSeconds);
  measureBacklogWith(() =>
    db.query(
      `SELECT channel, count(*)::int AS pending, COALESCE(extract(epoch FROM now() - min(created_at)), 0)::int AS oldest_seconds FROM outbox WHERE status = 'PENDING' GROUP BY channel`,
    ),
  );
  if (config.delivery.smtp) log(`E-mail through SMTP at ${smtpHost(config.delivery.smtp.url)}`);
  if (config.delivery.sms) log(`SMS through the gateway at ${new URL(config.delivery.sms.url).host}`);
  if (cluster.isWorker) process.send?.({ ready: port });
  else announce(config, port, db.engine, seeded);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
