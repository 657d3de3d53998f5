import cluster from 'node:cluster';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, Counter, Gauge, Histogram, collectDefaultMetrics, register } from 'prom-client';
import { RELEASE } from '../release';

/**
 * What an operator watches, in Prometheus' text format (prom-client's default registry): requests by
 * route (rate and latency), logins by outcome, 429s by limit, billing results and the messages the
 * notifier wrote. Served only on METRICS_PORT (README, Configuration), never on the public port; with
 * WORKERS the primary process answers with every API process's figures added up.
 */
collectDefaultMetrics();
// An API process of a cluster answers the primary's requests for its figures: prom-client sets that
// listener up when an AggregatorRegistry is made.
if (cluster.isWorker) new AggregatorRegistry();

// The running release as labels of a constant 1 (Prometheus' build_info convention): joined to any
// other series, it says which release answered. Every process of a cluster runs the same one.
new Gauge({
  name: 'ontv_build_info',
  help: 'The running release: version, commit and Node.js release as labels; always 1',
  labelNames: ['version', 'commit', 'node'] as const,
  aggregator: 'max',
}).set({ version: RELEASE.version, commit: RELEASE.commit, node: RELEASE.node }, 1);

const requests = new Histogram({
  name: 'ontv_http_request_duration_seconds',
  help: 'API requests by route, method and status: count (rate) and duration',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
});

export const logins = new Counter({
  name: 'ontv_logins_total',
  help: 'Logins by outcome: ok, failed (wrong username or password), limited (429)',
  labelNames: ['outcome'] as const,
});

export const forwardedIgnored = new Counter({
  name: 'ontv_forwarded_for_ignored_total',
  help: "Requests that came with X-Forwarded-For while TRUST_PROXY is unset: their address is the proxy's, not the client's",
});

export const limited = new Counter({
  name: 'ontv_rate_limited_total',
  help: 'Requests refused with 429, by the limit that refused them',
  labelNames: ['limit'] as const,
});

// The counters the domain counts (codes, billing, invoices, messages) live beside it (counters.ts);
// registered in the same default registry, they are served here.
export {
  billingPasses,
  billingResults,
  codeCeilingReached,
  invoicePdfRenders,
  messages,
  messagesBlocked,
  messagesDelivered,
} from '../counters';

/**
 * The delivery backlog, read from the outbox when metrics are scraped: messages waiting (PENDING) and
 * the age of the oldest, by channel. Every process reads the same table, so with WORKERS the primary
 * takes the largest figure, not the sum.
 */
let backlogSource: (() => Promise<Array<{ channel: string; pending: number; oldest_seconds: number }>>) | null = null;
export function measureBacklogWith(source: typeof backlogSource): void {
  backlogSource = source;
}
let backlogRead: Promise<Array<{ channel: string; pending: number; oldest_seconds: number }>> | null = null;
const readBacklog = () => {
  backlogRead ??= (backlogSource?.() ?? Promise.resolve([])).finally(() => setTimeout(() => (backlogRead = null), 0));
  return backlogRead;
};
/** A gauge of the backlog, by channel, read from `field` of the backlog's rows. */
function backlogGauge(name: string, help: string, field: 'pending' | 'oldest_seconds'): void {
  new Gauge({
    name,
    help,
    labelNames: ['channel'] as const,
    aggregator: 'max',
    async collect() {
      this.reset();
      for (const row of await readBacklog().catch(() => [])) this.set({ channel: row.channel }, row[field]);
    },
  });
}
backlogGauge('ontv_messages_pending', 'Messages waiting for delivery (the backlog), by channel', 'pending');
backlogGauge(
  'ontv_messages_oldest_pending_seconds',
  'How long the oldest waiting message has waited, by channel',
  'oldest_seconds',
);

/**
 * `ontv_reconciliation_differences`: the differences the last run of the books found between the ledger
 * and the card processor (money/reconcile.ts); 0 on a healthy day. Every process reads the same table.
 */
let reconciliationSource: (() => Promise<number | null>) | null = null;
export function measureReconciliationWith(source: typeof reconciliationSource): void {
  reconciliationSource = source;
}
new Gauge({
  name: 'ontv_reconciliation_differences',
  help: 'Differences between the ledger and the card processor found by the last reconciliation',
  aggregator: 'max',
  async collect() {
    const differences = await (reconciliationSource?.() ?? Promise.resolve(null)).catch(() => null);
    this.set(differences ?? 0);
  },
});

/** Times every API request under its route's pattern (`/api/credit-card/:code`), never its raw URL. */
export function installRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * Serves the metrics on `port` (host `host`) until `close`. In a cluster's primary, the figures of all
 * API processes summed; in a single process, its own.
 */
export async function serveMetrics(port: number, host: string): Promise<{ port: number; close(): Promise<void> }> {
  const aggregator =
    cluster.isPrimary && Object.keys(cluster.workers ?? {}).length > 0 ? new AggregatorRegistry() : null;
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    const text = aggregator ? aggregator.clusterMetrics() : register.metrics();
    text.then(
      (body) => response.writeHead(200, { 'content-type': register.contentType }).end(body),
      (error: Error) =>
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics unavailable: ${error.message}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
