/**
 * A steady load for the scale bench (./scale.ts): requests sent at an even pace over a pool of
 * keep-alive connections, each one's latency counted from when it was due, so that a server (or a
 * client) that falls behind shows in the figures instead of lowering the rate (an open loop).
 *
 * Autocannon's `overallRate` is not that: each connection sends its whole second's quota back to back
 * when each second starts, then waits (httpClient.js, `reqsMadeThisSecond`), so "500/s over 20
 * connections" is the server saturated for the first tens of milliseconds of every second and idle
 * for the rest. Its correction for that (`recordValueWithExpectedInterval(latency, ceil(1 / rate))`)
 * takes the interval in milliseconds from a rate per second, 1 ms for any rate above 1/s, and adds a
 * made-up sample for every millisecond a response took: a p99 of mostly invented values.
 */
import http from 'node:http';

interface SteadyLoad {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Each request's bearer token, in turn. */
  tokens?: string[];
  /** Each request's JSON body, in turn. */
  bodies?: object[];
  connections: number;
  /** Requests a second, one every 1/rate seconds. */
  rate: number;
  seconds: number;
}

interface SteadyFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 10) / 10;

/** The load started; `done` answers its figures after `seconds`, or `stop` earlier with the figures so far. */
export function startSteady(load: SteadyLoad): { done: Promise<SteadyFigures>; stop: () => Promise<SteadyFigures> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: load.connections });
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  let errors = 0;
  let sent = 0;
  let stopped = false;
  const started = performance.now();
  const interval = 1000 / load.rate;

  const send = (due: number) => {
    const n = sent++;
    const headers: Record<string, string> = { ...load.headers };
    if (load.tokens) headers.authorization = `Bearer ${load.tokens[n % load.tokens.length]}`;
    const body = load.bodies ? JSON.stringify(load.bodies[n % load.bodies.length]) : undefined;
    if (body) headers['content-type'] = 'application/json';
    const answered = new Promise<void>((resolve) => {
      const request = http.request(load.url, { method: load.method ?? 'GET', headers, agent }, (response) => {
        response.resume();
        response.once('end', () => {
          if ((response.statusCode ?? 0) >= 300) errors += 1;
          latencies.push(performance.now() - due);
          resolve();
        });
      });
      request.once('error', () => {
        errors += 1;
        resolve();
      });
      request.end(body);
    });
    pending.add(answered);
    void answered.then(() => pending.delete(answered));
  };

  const done = new Promise<SteadyFigures>((resolve) => {
    const ticker = setInterval(() => {
      const now = performance.now();
      const over = stopped || now - started >= load.seconds * 1000;
      // Every request due by now is sent now, with its due time: a late tick does not lower the rate.
      for (let due = started + sent * interval; !over && due <= now; due = started + sent * interval) send(due);
      if (!over) return;
      clearInterval(ticker);
      const elapsed = (performance.now() - started) / 1000;
      void Promise.all(pending).then(() => {
        agent.destroy();
        const sorted = [...latencies].sort((a, b) => a - b);
        resolve({
          rps: latencies.length / elapsed,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          errors,
        });
      });
    }, 1);
  });
  return {
    done,
    stop: () => {
      stopped = true;
      return done;
    },
  };
}

/** The same load, its figures after `seconds`. */
export const steady = (load: SteadyLoad): Promise<SteadyFigures> => startSteady(load).done;
