import type { FastifyError, FastifyInstance } from 'fastify';
import { BadRequestError, HttpError } from './validate';
import { limited } from './metrics';
import { OUTAGE_TEXTS, outageOf, outages } from './unavailable';
import { ERROR_TEXTS } from '../texts/errors';
import { DomainError, type Refusal } from '../errors';

const GENERIC = ERROR_TEXTS.generic;
const OUTAGE_RETRY_SECONDS = 30;

/** The status that answers each kind of refusal a use case throws (errors.ts). */
const STATUS_OF: Record<Refusal, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  unprocessable: 422,
  'too-many': 429,
  upstream: 502,
};

/** A use case's refusal as the HTTP answer it gets: its status, and `Retry-After` when a limit frees up. */
export function httpErrorOf(error: DomainError): HttpError {
  const headers: Record<string, string> =
    error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
  return new HttpError(STATUS_OF[error.refusal], error.message, error.code, headers);
}

/**
 * Every error leaves as `{ message, code }` with a Bosnian message: the client's mistakes as 4xx,
 * never a stack trace; the database or the card processor out of reach is a 503; only a real fault of
 * ours is a 500.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | HttpError | DomainError | BadRequestError, request, reply) => {
    const error = thrown instanceof DomainError ? httpErrorOf(thrown) : thrown;
    if (error instanceof HttpError) {
      if (error.statusCode === 429) limited.inc({ limit: error.code ?? 'unknown' });
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message, code: error.code });
    }
    if (error instanceof BadRequestError) {
      return reply.code(400).send({ message: error.message, code: 'BAD_REQUEST' });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 413
          ? ERROR_TEXTS.tooLarge
          : status === 415
            ? ERROR_TEXTS.unsupported
            : status === 404
              ? ERROR_TEXTS.notFound
              : ERROR_TEXTS.badRequest;
      return reply.code(status).send({ message, code: error.code ?? 'BAD_REQUEST' });
    }
    const outage = outageOf(error);
    if (outage) {
      // Not a fault of ours, nor the customer's: try again shortly (Retry-After), and the runbook's alert.
      request.log.error({ err: error }, `${outage} unreachable`);
      outages.inc({ service: outage });
      return reply
        .code(503)
        .header('retry-after', String(OUTAGE_RETRY_SECONDS))
        .send({ message: OUTAGE_TEXTS[outage], code: 'UNAVAILABLE' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: GENERIC, code: 'SERVER_ERROR' });
  });
}

export function installJsonNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ message: ERROR_TEXTS.notFound, code: 'NOT_FOUND' }),
  );
}
