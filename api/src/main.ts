import cluster from 'node:cluster';
import { helpIfAsked, loadConfig, type ApiConfig } from './config';
import { createContext } from './context';
import { createServer } from './server';
import { scheduleBilling } from './money/billing/schedule';
import { measureBacklogWith, measureReconciliationWith, serveMetrics } from './http/metrics';
import { smtpHost } from './delivery/transports';
import { checkStripeKey } from './money/processor/stripeKey';
import { Drain, FINISH_MS } from './http/drain';
import { logger, notice } from './log';
import { askedToStopEarly, earlyStop, onStop, takeSignals } from './process/signals';
import { announce, announceRelease, checkMail, prepare } from './process/start';
import { runWorkers } from './process/workers';
import { appsBuilt } from './process/built';
import { stopServer, type Running } from './process/shutdown';

const USAGE = `
node api/dist/main.js [--help]

Serves the portal and its API (docs/deploy/README.md): the embedded database under DATA_DIR, or
PostgreSQL with DATABASE_URL (WORKERS=N runs N API processes on one port), with the billing job every
BILLING_INTERVAL_MINUTES. GET /api/health answers while the process is alive, GET /api/ready once the
database answers and its migrations are done. SIGTERM drains for up to DRAIN_SECONDS, then exits 0.`;

/**
 * Starts the portal server: API under /api plus the built host and remotes. With WORKERS, the first
 * process keeps the API processes (process/workers.ts) and each of them serves; a stop drains
 * (process/shutdown.ts).
 */
async function main(): Promise<void> {
  // `--help` prints the settings and stops: it opens, creates and serves nothing.
  helpIfAsked(USAGE);
  takeSignals();
  const config = loadConfig();
  logger.level = config.logLevel;
  if (cluster.isPrimary) {
    announceRelease(config);
    // The mail server and the card processor, asked at once: a start waits for the slower only.
    await Promise.all([checkMail(config), checkProcessor(config)]);
  }
  if (config.workers > 1 && cluster.isPrimary) {
    // npm start's build (none for the compiled server), or a stop asked for meanwhile.
    await Promise.race([appsBuilt(), askedToStopEarly]);
    await runWorkers(config);
    // The metrics of every API process, added up by this one.
    if (config.metrics) await serveMetrics(config.metrics.port, config.metrics.host);
    return;
  }
  await serve(config);
}

/** STRIPE_SECRET_KEY as Stripe sees it (money/processor/stripeKey.ts): a key it refuses stops the start, no answer warns. */
async function checkProcessor(config: ApiConfig): Promise<void> {
  if (config.payments.provider !== 'stripe') return;
  const checked = await checkStripeKey(config.payments);
  if (checked?.refuse) throw new Error(checked.line);
  if (checked) logger.warn(checked.line);
}

/** One process serving: prepared, listening, its jobs started, and stopped by a signal (process/shutdown.ts). */
async function serve(config: ApiConfig): Promise<void> {
  const { db, keys, seeded } = await prepare(config);
  await Promise.race([appsBuilt(), askedToStopEarly]);
  const early = earlyStop();
  if (early) {
    await db.close();
    logger.info(`${early.signal} while starting: stopped before serving`);
    process.exit(0);
  }
  // The notifier logs through the server's logger, which exists once the server does.
  let log: (line: string, level?: 'info' | 'warn') => void = () => undefined;
  const ctx = createContext(
    config,
    db,
    keys,
    () => new Date(),
    (line, level) => log(line, level),
  );
  const app = await createServer(ctx, { portal: true, remotesOnly: process.env.REMOTES_ONLY === '1', logger });
  log = (line, level = 'info') => app.log[level](line);
  const metrics =
    config.metrics && cluster.isPrimary ? await serveMetrics(config.metrics.port, config.metrics.host) : null;
  const sweep = setInterval(
    () => void ctx.limits.sweep().catch((error: Error) => log(`Sweeping limits failed: ${error.message}`)),
    3_600_000,
  );
  sweep.unref();
  const drain = new Drain(app.server, ctx.lifecycle);
  const running: Running = {
    config,
    ctx,
    app,
    db,
    drain,
    finishMs: FINISH_MS,
    sweep,
    metrics,
    billing: { stop: async () => undefined },
  };

  const listening = app.listen({ port: config.port, host: config.host });
  const server = stopServer(running, listening);
  onStop(server.stop);
  const stopped = earlyStop();
  if (stopped) server.stop(stopped);
  await listening;
  if (server.closing()) return;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Renewals, retries and expiry, once now and then every BILLING_INTERVAL_MINUTES: one pass at a time across processes.
  running.billing = scheduleBilling(ctx.billing, config.billing.intervalMinutes, ctx.now);
  // Messages: delivered by every process, each message by one (delivery/sender.ts).
  ctx.sender.start(config.delivery.pollSeconds);
  measureBacklogWith(() => ctx.store.outbox.backlog());
  measureReconciliationWith(async () => (await ctx.store.ledger.lastRun())?.differences.length ?? null);
  if (config.delivery.smtp) log(`E-mail through SMTP at ${smtpHost(config.delivery.smtp.url)}`);
  if (config.delivery.sms) log(`SMS through the gateway at ${new URL(config.delivery.sms.url).host}`);
  if (cluster.isWorker) process.send?.({ ready: port });
  else announce(config, port, db.engine, seeded);
}

// A refused start: one line naming the setting (JSON off a terminal), whatever LOG_LEVEL says.
main().catch((error: unknown) => {
  notice.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
