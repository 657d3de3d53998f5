import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { usernameOf } from '@portal/shared/contract';
import { RELEASE } from './release';

/**
 * The process's logs (docs/decisions/036-operator-logs-and-headers.md): pino, readable lines in a
 * terminal (npm start by hand), otherwise one JSON object per line and nothing else, for a service
 * manager, a container or a log collector. Fastify logs through the same logger (server.ts).
 */

/**
 * Where lines go: pino-pretty in a terminal (written at once: a line printed just before an exit is
 * kept; the release is in the first line only), stdout as JSON otherwise (pino's own stream, which it
 * flushes when the process exits).
 */
function standardOutput(): DestinationStream {
  return process.stdout.isTTY
    ? pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,release', sync: true })
    : pino.destination(1);
}

/**
 * Every line's first fields: pino's own (process id, host name) and the release, `{version, commit}`,
 * so that a line read alone, or a collector's query across processes, says which release wrote it.
 * pino writes them as one string made once per logger: they cost a line nothing.
 */
const BASE = {
  pid: process.pid,
  hostname: os.hostname(),
  release: { version: RELEASE.version, commit: RELEASE.commit },
};

/** A logger at `level` writing to `destination` (stdout by default). Secrets in headers never reach a line. */
export function createLogger(level: string, destination: DestinationStream = standardOutput()): Logger {
  return pino(
    {
      level,
      base: BASE,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    destination,
  );
}

const destination = standardOutput();

/** The process's logger, at `info` until the configuration is read (main sets LOG_LEVEL's level). */
export const logger = createLogger('info', destination);

/**
 * Lines printed whatever LOG_LEVEL says: the start's first line, "Portal ready at …" (people and
 * scripts wait for it) and a refused start. A logger of its own on the same output: a pino child
 * follows its parent's level.
 */
export const notice = createLogger('info', destination);

/** What a proxy's request id may be: short, and nothing a log reader or a header could be fooled by. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,200}$/;

/**
 * A request's id (Fastify's `genReqId`): the proxy's `X-Request-Id` when it is a sane value, so one
 * id follows the request through the proxy's logs and ours; otherwise a new UUID.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Fastify's request lines (its LogController): one per request, when its answer is sent, with method,
 * path (never the query string), status, time, client address and the request id (pino's `reqId`);
 * none when it arrives, nor a second for a path no route serves. Its other lines (a stream that broke
 * mid-answer) stay as Fastify writes them.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url.split('?')[0],
      status: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request completed');
  }
}

/**
 * A username as a log line may show it: an e-mail's first letter and domain (`d***@ontv.ba`), a phone
 * number's prefix and last two digits (`3876***01`); anything else not at all.
 * Enough to tell an attack on one account from a spray over many, not enough to name the person.
 */
export function maskUsername(value: string): string {
  const username = usernameOf(value);
  if (username?.type === 'EMAIL') {
    const at = username.value.lastIndexOf('@');
    return `${username.value.slice(0, Math.min(1, at))}***${username.value.slice(at)}`;
  }
  // Five digits always hidden: the rest is the country and network prefix and the last two.
  if (username?.type === 'PHONE_NUMBER')
    return `${username.value.slice(0, Math.max(0, username.value.length - 7))}***${username.value.slice(-2)}`;
  return '***';
}
