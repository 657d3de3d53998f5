import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { ApiConfig } from '../config';
import type { ApiContext } from '../context';
import type { Db } from '../db/db';
import { verdict, type StopRequest } from './signals';

/** The HTTP server's drain (http/drain.ts, built by main.ts), as a stop uses it. */
interface Draining {
  readonly inFlight: number;
  begin(seconds: number, listening: boolean): Promise<void>;
  finished(until?: number): Promise<number>;
}

/** What a running server holds that its stop ends; `billing` is set once the server listens. */
export interface Running {
  config: ApiConfig;
  ctx: ApiContext;
  app: FastifyInstance;
  db: Db;
  drain: Draining;
  /** How long the requests in flight get after the drain (http/drain.ts FINISH_MS). */
  finishMs: number;
  sweep: NodeJS.Timeout;
  metrics: { close(): Promise<void> } | null;
  billing: { stop(): Promise<void> };
}

/**
 * Stops go to the server from here on: before it listens, once it does. Ctrl-C twice (this process's
 * own SIGINT, not the first process's message) stops at once. `closing` says whether a stop has begun.
 */
export function stopServer(running: Running, listening: Promise<unknown>) {
  let closing = false;
  let ctrlC = 0;
  const stop = (request: StopRequest) => {
    if (request.signal === 'SIGINT' && !request.group) ctrlC += 1;
    if (closing) {
      if (ctrlC >= 2) process.exit(130);
      return;
    }
    closing = true;
    listening
      .then(() => shutdown(running, request))
      .catch((error: unknown) => {
        running.app.log.error(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      });
  };
  return { stop, closing: () => closing };
}

/**
 * SIGTERM (docs/deploy/README.md, "Stopping"): ready answers 503 at once; the process serves on with
 * Connection: close through the drain period (sooner done when nothing is in flight), finishes what
 * is in flight, lets the billing pass and the message batch under way end, then exits 0, all within
 * DRAIN_SECONDS + about a second + FINISH_MS. SIGINT (Ctrl-C) skips the drain period; a second one
 * stops at once.
 */
async function shutdown(running: Running, { signal, group }: StopRequest): Promise<void> {
  const { config, ctx, app, drain, finishMs } = running;
  const began = Date.now();
  const seconds = signal === 'SIGTERM' ? config.drainSeconds : 0;
  ctx.lifecycle.stopping = true;
  app.log.info(`${signal}: shutting down (serving on for at most ${seconds} s; in flight: ${drain.inFlight})`);
  clearInterval(running.sweep);
  const billingStopped = running.billing.stop();
  const alone = cluster.isWorker && !group ? await stopsAlone() : false;
  await drain.begin(seconds, !alone);
  // One deadline for what follows the drain: the requests in flight, then billing, the sender and the pool.
  const deadline = Date.now() + finishMs;
  const cut = await drain.finished(deadline);
  const done = await closeAll(running, billingStopped, deadline);
  const notes = [
    cut > 0 ? `${cut} requests cut after ${finishMs / 1000} s` : '',
    done ? '' : `billing, the sender or the database did not finish within ${finishMs / 1000} s`,
  ].filter(Boolean);
  app.log.info(`Stopped after ${Date.now() - began} ms${notes.length > 0 ? `; ${notes.join('; ')}` : ''}`);
  process.exit(0);
}

/**
 * Signalled itself, a process of the group asks the first one, accepting meanwhile: if the whole group
 * stops (every process signalled at once) it keeps accepting through the drain like the rest; if it
 * alone stops, the first process starts its replacement and hands new connections to the others, and
 * this one stops accepting at once.
 */
async function stopsAlone(): Promise<boolean> {
  process.send?.({ stopping: true });
  return !(await Promise.race([
    verdict.told,
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000).unref()),
  ]));
}

/**
 * A message being sent is sent and recorded; those not yet claimed stay PENDING for another process or
 * the next start. A billing pass or pool that does not end by `deadline` is left: its steps are
 * idempotent and its attempt is taken over after its lease. Whether everything closed in time.
 */
async function closeAll(running: Running, billingStopped: Promise<void>, deadline: number): Promise<boolean> {
  const { ctx, app, metrics, db } = running;
  const closed = Promise.all([billingStopped, ctx.sender.stop()])
    .then(() => ctx.invoices.close())
    .then(() => app.close())
    .then(() => metrics?.close())
    .then(() => db.close())
    .then(() => true);
  return Promise.race([
    closed,
    new Promise<false>((resolve) => setTimeout(() => resolve(false), Math.max(1_000, deadline - Date.now())).unref()),
  ]);
}
