import cluster, { type Worker } from 'node:cluster';
import type { ApiConfig } from '../config';
import { logger } from '../log';
import { earlyStop, onStop } from './signals';
import { announce, prepare } from './start';

/**
 * WORKERS=N on PostgreSQL: this process prepares the database, then runs N API processes that share
 * the port (node's cluster). It replaces one that dies, and one that says it is stopping (its own
 * SIGTERM, from an operator) at once, while that one drains. On SIGTERM or SIGINT it tells every
 * process to stop as one group and exits 0 when every process has drained.
 */
export async function runWorkers(config: ApiConfig): Promise<void> {
  const { db, seeded } = await prepare(config);
  await db.close();
  const group = new WorkerGroup(config, seeded);
  cluster.on('exit', (worker, code, signal) => group.exited(worker, code, signal));
  if (earlyStop()) process.exit(0);
  onStop(({ signal }) => group.stop(signal));
  for (let i = 0; i < config.workers; i += 1) group.fork();
}

/** The API processes of a WORKERS start, as the first process keeps them. */
class WorkerGroup {
  private stopping: NodeJS.Signals | null = null;
  private ready = 0;
  private port: number;
  // Counted here: node's `cluster.workers` may still hold a worker after its 'exit' event (it leaves
  // on 'disconnect' when that comes later), so waiting for it to empty could wait for ever.
  private readonly live = new Set<number>();
  // Processes draining after their own SIGTERM: already replaced, so their exit starts no other.
  private readonly replaced = new Set<number>();

  constructor(
    private readonly config: ApiConfig,
    private readonly seeded: boolean,
  ) {
    this.port = config.port;
  }

  fork(): void {
    const worker = cluster.fork();
    this.live.add(worker.id);
    worker.on('message', (message: { ready?: number; stopping?: boolean }) => this.heard(worker, message));
  }

  private heard(worker: Worker, message: { ready?: number; stopping?: boolean }): void {
    if (message?.stopping === true && !this.replaced.has(worker.id)) {
      // A moment later: when the whole group was signalled at once (a service manager signalling every
      // process), this process's own signal arrives meanwhile; the worker waits for the verdict,
      // accepting meanwhile: the group stops as one ({stop}), or it alone ({alone}) and is replaced.
      setTimeout(() => {
        if (this.stopping) return; // stop() told every worker already
        this.replaced.add(worker.id);
        if (worker.isConnected()) worker.send({ alone: true });
        logger.warn(`API process ${worker.process.pid} is stopping; starting another`);
        this.fork();
      }, 250);
    }
    if (typeof message?.ready !== 'number') return;
    // A worker that was still loading when the group was told to stop may have missed the message.
    if (this.stopping) {
      worker.send({ stop: this.stopping });
      return;
    }
    this.port = message.ready;
    this.ready += 1;
    if (this.ready === this.config.workers) announce(this.config, this.port, 'postgres', this.seeded);
  }

  exited(worker: Worker, code: number, signal: string): void {
    this.live.delete(worker.id);
    if (this.stopping) {
      if (this.live.size === 0) process.exit(0);
      return;
    }
    if (this.replaced.delete(worker.id)) return;
    logger.warn(`API process ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    this.fork();
  }

  /**
   * The group stops as one server: each process is told so (it keeps accepting through its drain, the
   * port stays open), rather than signalled as if it alone were replaced. Ctrl-C twice stops at once.
   */
  stop(signal: NodeJS.Signals): void {
    if (this.stopping) {
      if (signal !== 'SIGINT') return;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(130);
    }
    this.stopping = signal;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker?.isConnected()) worker.send({ stop: signal });
      else worker?.process.kill(signal);
    }
  }
}
