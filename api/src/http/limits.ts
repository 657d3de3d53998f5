import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors';
import { logRefusal, refusalLogged } from '../limits';
import { httpErrorOf } from './errors';
import { HttpError } from './validate';

// The limits are the domain's (limits.ts); routes and the context still import them from here.
export { Limits, logRefusal, type Limit, type Taken } from '../limits';

/** Every 429 a limit answers is logged once: by its route, or else here, with the refusal's code and route. */
export function installRefusalLog(app: FastifyInstance): void {
  app.addHook('onError', async (request, _reply, thrown) => {
    const answer = thrown instanceof DomainError ? httpErrorOf(thrown) : thrown;
    if (!(answer instanceof HttpError) || answer.statusCode !== 429 || refusalLogged(request)) return;
    logRefusal(request, 'limit.refused', {
      reason: answer.code,
      route: request.routeOptions.url,
      retryAfter: Number(answer.headers['retry-after']),
    });
  });
}
