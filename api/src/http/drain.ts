import net from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** A drain ends early once no request has been in flight, nor begun, for this long (and a balancer has seen readiness fail). */
const QUIET_MS = 1000;
/** After the drain, what is still in flight gets this long to finish before its connection is cut. */
export const FINISH_MS = 30_000;
/**
 * Readiness answers of 503 before a drain may end early: balancers take a process out of rotation
 * after one to three failed checks (nginx plus, AWS ALB 2, HAProxy and Kubernetes 3).
 */
const PROBES_BEFORE_EARLY_END = 3;
/** A connection accepted just before the server stopped accepting gets this long to send its request. */
const NEW_CONNECTION_GRACE_MS = 1000;

/** Where a process stands: `stopping` from its SIGTERM on (GET /api/ready answers 503 from then). */
export interface Lifecycle {
  stopping: boolean;
}

const READY_PATH = /^\/api\/ready(\?|$)/;
const tick = () => new Promise((resolve) => setTimeout(resolve, 50));

/**
 * A graceful stop for one HTTP server (docs/deploy/README.md, "Stopping"; decision 024). It counts
 * the requests and connections open from the start. `begin`:
 * - makes readiness fail at once (`lifecycle.stopping`);
 * - answers every request from then on, and those in flight, with `Connection: close`, so a
 *   keep-alive client opens its next connection elsewhere;
 * - keeps accepting connections through the drain period, for a balancer that has not yet seen
 *   readiness fail; or, when `listening` is false (one process of our own cluster stopped alone: the
 *   cluster's first process hands new connections to the others at once), stops accepting now while
 *   the open connections finish;
 * - ends after `seconds`, or sooner: once nothing has been in flight nor begun for QUIET_MS, and
 *   readiness, if anything ever asked for it, has answered 503 three times (the balancer knows); or,
 *   when no longer accepting, once every connection has closed;
 * - then stops accepting, gives connections that have not yet sent a request a moment to send it,
 *   and closes the connections left idle.
 */
export class Drain {
  private readonly requests = new Set<ServerResponse>();
  private readonly connections = new Set<net.Socket>();
  /** Connections that have carried no request yet. */
  private readonly fresh = new WeakSet<net.Socket>();
  private lastBegun = 0;
  private accepting = true;
  /** Something (a balancer) asks for readiness; and how many times it has been answered 503 since the stop began. */
  private probed = false;
  private probesSawStopping = 0;

  constructor(
    private readonly server: Server,
    private readonly lifecycle: Lifecycle,
  ) {
    server.on('connection', (socket: net.Socket) => {
      this.connections.add(socket);
      this.fresh.add(socket);
      socket.once('close', () => this.connections.delete(socket));
    });
    // Ahead of Fastify's own listener, so a request is counted before anything can answer it.
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
      this.lastBegun = Date.now();
      this.requests.add(response);
      this.fresh.delete(request.socket);
      if (READY_PATH.test(request.url ?? '')) {
        this.probed = true;
        if (lifecycle.stopping) this.probesSawStopping += 1;
      }
      if (lifecycle.stopping) response.shouldKeepAlive = false;
      response.once('close', () => this.requests.delete(response));
    });
  }

  /** Requests begun and not yet answered. */
  get inFlight(): number {
    return this.requests.size;
  }

  async begin(seconds: number, listening: boolean): Promise<void> {
    this.lifecycle.stopping = true;
    // Answers not yet begun say Connection: close, and node ends their connection after them.
    for (const response of this.requests) if (!response.headersSent) response.shouldKeepAlive = false;
    // Stops accepting without touching idle keep-alive connections (http's close would end them,
    // racing a request a client may be sending on one): their next request is answered, then closed.
    if (!listening) this.stopAccepting();
    const quietFrom = Date.now();
    const until = quietFrom + seconds * 1000;
    while (Date.now() < until) {
      if (!this.accepting && this.connections.size === 0) break;
      const quiet = this.requests.size === 0 && Date.now() - Math.max(this.lastBegun, quietFrom) >= QUIET_MS;
      if (quiet && (!this.probed || this.probesSawStopping >= PROBES_BEFORE_EARLY_END)) break;
      await tick();
    }
    this.stopAccepting();
    const graceUntil = Date.now() + NEW_CONNECTION_GRACE_MS;
    while (Date.now() < graceUntil && [...this.connections].some((socket) => this.fresh.has(socket))) await tick();
    this.server.closeIdleConnections();
  }

  /** Waits for the requests still in flight, until `until` (FINISH_MS from now by default), then closes every connection: how many requests were cut. */
  async finished(until = Date.now() + FINISH_MS): Promise<number> {
    while (this.requests.size > 0 && Date.now() < until) await tick();
    const cut = this.requests.size;
    this.server.closeAllConnections();
    return cut;
  }

  private stopAccepting(): void {
    if (!this.accepting) return;
    this.accepting = false;
    net.Server.prototype.close.call(this.server);
  }
}
