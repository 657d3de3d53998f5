import cluster from 'node:cluster';
import { loadConfig, type ApiConfig } from './config';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { reaching } from './db/reach';
import { demoCustomersIn, seed } from './db/seed';
import { loadKeys } from './auth/secrets';
import { createContext } from './context';
import { createServer } from './server';
import { scheduleBilling } from './billing/schedule';
import { measureBacklogWith, serveMetrics } from './http/metrics';
import { checkSmtp, smtpHost } from './delivery/transports';
import { Drain, FINISH_MS } from './http/drain';
import { logger, notice } from './log';
import { RELEASE } from './release';

/** Printed whatever the log level: people and scripts wait for this line. */
function announce(config: ApiConfig, port: number, engine: string, seeded: boolean): void {
  const workers = config.workers > 1 ? `, ${config.workers} API processes` : '';
  notice.info(
    `Portal ready at http://localhost:${port} (database: ${engine}${engine === 'pglite' ? ` in ${config.dataDir}` : ''}${workers}${seeded ? ', demo data seeded' : ''})`,
  );
}

/**
 * Migrations and, in sandbox mode, the demo customers, once per start (with WORKERS, in the primary
 * before any worker runs). A server that is no sandbox refuses a database that holds them: their
 * password is in the README.
 */
async function prepare(config: ApiConfig) {
  const db = await reaching(config.databaseUrl, async () => {
    const opened = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
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
  const seeded = cluster.isPrimary && config.sandbox ? await seed(db, keys) : false;
  return { db, keys, seeded };
}

/** How a stop was asked for: a signal to this process, or the cluster's first process stopping the group. */
interface StopRequest {
  signal: NodeJS.Signals;
  /** The whole WORKERS group stops: every process keeps accepting through the drain, as one server would. */
  group: boolean;
}

/**
 * Signals are taken from the first line of main on: one that comes while the server starts is kept and
 * acted on once there is something to stop (stopWith), so a stop during migrations still exits 0.
 */
let stopWith: (request: StopRequest) => void = (request) => {
  earlyStop ??= request;
};
let earlyStop: StopRequest | null = null;

/** In a worker: whether the group stops (true) or this process alone (false), once the first process says. */
const verdict = (() => {
  let settle: (group: boolean) => void = () => undefined;
  const told = new Promise<boolean>((resolve) => (settle = resolve));
  return { told, settle: (group: boolean) => settle(group) };
})();

/**
 * WORKERS=N on PostgreSQL: this process prepares the database, then runs N API processes that share
 * the port (node's cluster). It replaces one that dies, and one that says it is stopping (its own
 * SIGTERM, from an operator) at once, while that one drains. On SIGTERM or SIGINT it tells every
 * process to stop as one group and exits 0 when every process has drained.
 */
async function runWorkers(config: ApiConfig): Promise<void> {
  const { db, seeded } = await prepare(config);
  await db.close();
  let stopping: NodeJS.Signals | null = null;
  let ready = 0;
  let port = config.port;
  // Counted here: node's `cluster.workers` may still hold a worker after its 'exit' event (it leaves
  // on 'disconnect' when that comes later), so waiting for it to empty could wait for ever.
  const live = new Set<number>();
  // Processes draining after their own SIGTERM: already replaced, so their exit starts no other.
  const replaced = new Set<number>();
  const fork = () => {
    const worker = cluster.fork();
    live.add(worker.id);
    worker.on('message', (message: { ready?: number; stopping?: boolean }) => {
      if (message?.stopping === true && !replaced.has(worker.id)) {
        // A moment later: when the whole group was signalled at once (a service manager signalling every
        // process), this process's own signal arrives meanwhile; the worker waits for the verdict,
        // accepting meanwhile: the group stops as one ({stop}), or it alone ({alone}) and is replaced.
        setTimeout(() => {
          if (stopping) return; // stop() told every worker already
          replaced.add(worker.id);
          if (worker.isConnected()) worker.send({ alone: true });
          logger.warn(`API process ${worker.process.pid} is stopping; starting another`);
          fork();
        }, 250);
      }
      if (typeof message?.ready !== 'number') return;
      // A worker that was still loading when the group was told to stop may have missed the message.
      if (stopping) {
        worker.send({ stop: stopping });
        return;
      }
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
    if (replaced.delete(worker.id)) return;
    logger.warn(`API process ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    fork();
  });
  // The group stops as one server: each process is told so (it keeps accepting through its drain, the
  // port stays open), rather than signalled as if it alone were replaced. Ctrl-C twice stops at once.
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      if (signal !== 'SIGINT') return;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(130);
    }
    stopping = signal;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker?.isConnected()) worker.send({ stop: signal });
      else worker?.process.kill(signal);
    }
  };
  if (earlyStop) process.exit(0);
  stopWith = ({ signal }) => stop(signal);
  for (let i = 0; i < config.workers; i += 1) fork();
  // The metrics of every API process, added up by this one.
  if (config.metrics) await serveMetrics(config.metrics.port, config.metrics.host);
}

/** Starts the portal server: API under /api plus the built host and remotes. */
export async function main(): Promise<void> {
  process.on('SIGINT', () => stopWith({ signal: 'SIGINT', group: false }));
  process.on('SIGTERM', () => stopWith({ signal: 'SIGTERM', group: false }));
  // From the cluster's first process: the group stops (runWorkers), or this process alone (the verdict
  // on its own signal, see shutdown).
  if (cluster.isWorker) {
    process.on('message', (message: { stop?: NodeJS.Signals; alone?: boolean }) => {
      if (message?.stop) {
        verdict.settle(true);
        stopWith({ signal: message.stop, group: true });
      } else if (message?.alone) verdict.settle(false);
    });
  }
  const config = loadConfig();
  logger.level = config.logLevel;
  // The start's first line, whatever LOG_LEVEL says: the release, and in sandbox mode that it is one.
  if (cluster.isPrimary) {
    notice.info(
      RELEASE,
      config.sandbox
        ? 'Sandbox mode: demo customers, the test card processor (no real payments), /api/dev/outbox and /api/dev/billing are on. Never expose this server; a production start (the compiled server, or NODE_ENV=production) has none of them.'
        : `Starting release ${RELEASE.version} (commit ${RELEASE.commit}) on Node.js ${RELEASE.node}`,
    );
  }
  // SMTP_URL is tried once per start, before anything listens: a refused login or missing TLS stops the
  // start in one line; an unreachable server is a warning (docs/decisions/037-mail-fails-safe.md).
  const smtp = config.delivery.smtp && cluster.isPrimary ? await checkSmtp(config.delivery.smtp.url) : null;
  if (smtp && !smtp.ok && smtp.refuse) throw new Error(smtp.line);
  if (smtp && !smtp.ok) logger.warn(smtp.line);
  if (config.workers > 1 && cluster.isPrimary) return runWorkers(config);
  const { db, keys, seeded } = await prepare(config);
  if (earlyStop) {
    await db.close();
    logger.info(`${earlyStop.signal} while starting: stopped before serving`);
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
  let billing: { stop(): Promise<void> } = { stop: async () => undefined };
  const metrics =
    config.metrics && cluster.isPrimary ? await serveMetrics(config.metrics.port, config.metrics.host) : null;
  const sweep = setInterval(
    () => void ctx.limits.sweep().catch((error: Error) => log(`Sweeping limits failed: ${error.message}`)),
    3_600_000,
  );
  sweep.unref();

  // SIGTERM (docs/deploy/README.md, "Stopping"): ready answers 503 at once; the process serves on with
  // Connection: close through the drain period (sooner done when nothing is in flight), finishes what
  // is in flight, lets the billing pass and the message batch under way end, then exits 0, all within
  // DRAIN_SECONDS + about a second + FINISH_MS. SIGINT (Ctrl-C) skips the drain period; a second one
  // stops at once.
  const drain = new Drain(app.server, ctx.lifecycle);
  let closing = false;
  const shutdown = async ({ signal, group }: StopRequest) => {
    const began = Date.now();
    const seconds = signal === 'SIGTERM' ? config.drainSeconds : 0;
    ctx.lifecycle.stopping = true;
    app.log.info(`${signal}: shutting down (serving on for at most ${seconds} s; in flight: ${drain.inFlight})`);
    clearInterval(sweep);
    const billingStopped = billing.stop();
    // Signalled itself, a process of the group asks the first one, accepting meanwhile: if the whole
    // group stops (every process signalled at once) it keeps accepting through the drain like the rest;
    // if it alone stops, the first process starts its replacement and hands new connections to the
    // others, and this one stops accepting at once.
    let alone = false;
    if (cluster.isWorker && !group) {
      process.send?.({ stopping: true });
      alone = !(await Promise.race([
        verdict.told,
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000).unref()),
      ]));
    }
    await drain.begin(seconds, !alone);
    // One deadline for what follows the drain: the requests in flight, then billing, the sender and the pool.
    const deadline = Date.now() + FINISH_MS;
    const cut = await drain.finished(deadline);
    // A message being sent is sent and recorded; those not yet claimed stay PENDING for another
    // process or the next start. A billing pass or pool that does not end in time is left: its steps
    // are idempotent and its attempt is taken over after its lease.
    const closed = Promise.all([billingStopped, ctx.sender.stop()])
      .then(() => ctx.invoices.close())
      .then(() => app.close())
      .then(() => metrics?.close())
      .then(() => db.close())
      .then(() => true);
    const done = await Promise.race([
      closed,
      new Promise<false>((resolve) => setTimeout(() => resolve(false), Math.max(1_000, deadline - Date.now())).unref()),
    ]);
    const notes = [
      cut > 0 ? `${cut} requests cut after ${FINISH_MS / 1000} s` : '',
      done ? '' : `billing, the sender or the database did not finish within ${FINISH_MS / 1000} s`,
    ].filter(Boolean);
    app.log.info(`Stopped after ${Date.now() - began} ms${notes.length > 0 ? `; ${notes.join('; ')}` : ''}`);
    process.exit(0);
  };
  let started = false;
  let ctrlC = 0;
  stopWith = (request) => {
    // Ctrl-C twice (this process's own SIGINT, not the first process's message): stop at once.
    if (request.signal === 'SIGINT' && !request.group) ctrlC += 1;
    if (closing) {
      if (ctrlC >= 2) process.exit(130);
      return;
    }
    closing = true;
    const stopping = started ? shutdown(request) : listening.then(() => shutdown(request));
    stopping.catch((error: unknown) => {
      app.log.error(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
  };

  const listening = app.listen({ port: config.port, host: config.host });
  if (earlyStop) stopWith(earlyStop);
  await listening;
  if (closing) return;
  started = true;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Renewals, retries and expiry, once now and then every BILLING_INTERVAL_MINUTES: one pass at a time across processes.
  billing = scheduleBilling(ctx.billing, config.billing.intervalMinutes, ctx.now);
  // Messages: delivered by every process, each message by one (delivery/sender.ts).
  ctx.sender.start(config.delivery.pollSeconds);
  measureBacklogWith(() => ctx.store.outbox.backlog());
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
