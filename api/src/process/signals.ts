import cluster from 'node:cluster';

/** How a stop was asked for: a signal to this process, or the cluster's first process stopping the group. */
export interface StopRequest {
  signal: NodeJS.Signals;
  /** The whole WORKERS group stops: every process keeps accepting through the drain, as one server would. */
  group: boolean;
}

let early: StopRequest | null = null;
let heard: () => void = () => undefined;
/** Settles when a stop is asked for before the server can stop: what a start waits on beside its build. */
export const askedToStopEarly = new Promise<void>((resolve) => (heard = resolve));
/** Until the server can stop, a stop is kept (earlyStop) and acted on once there is something to stop. */
let handler: (request: StopRequest) => void = (request) => {
  early ??= request;
  heard();
};

/** The stop asked for while the server was starting, if any: a stop during migrations still exits 0. */
export const earlyStop = (): StopRequest | null => early;

/** From now on, stops go to `next`: the server's shutdown, or the first process's stop of the group. */
export function onStop(next: (request: StopRequest) => void): void {
  handler = next;
}

/** In a worker: whether the group stops (true) or this process alone (false), once the first process says. */
export const verdict = (() => {
  let settle: (group: boolean) => void = () => undefined;
  const told = new Promise<boolean>((resolve) => (settle = resolve));
  return { told, settle: (group: boolean) => settle(group) };
})();

/**
 * Takes SIGINT and SIGTERM from the first line of main on, and in a worker the first process's word: the
 * group stops (workers.ts), or this process alone (the verdict on its own signal, see shutdown.ts).
 */
export function takeSignals(): void {
  process.on('SIGINT', () => handler({ signal: 'SIGINT', group: false }));
  process.on('SIGTERM', () => handler({ signal: 'SIGTERM', group: false }));
  if (cluster.isWorker) {
    process.on('message', (message: { stop?: NodeJS.Signals; alone?: boolean }) => {
      if (message?.stop) {
        verdict.settle(true);
        handler({ signal: message.stop, group: true });
      } else if (message?.alone) verdict.settle(false);
    });
  }
}
