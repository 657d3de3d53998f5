import { ERROR_TEXTS } from './texts/errors';

/**
 * Why a use case refused a request. The domain names the kind; the HTTP layer (http/errors.ts) answers
 * each with its status, so a service never imports `http/` (docs/decisions/041-use-cases-own-their-transaction.md).
 */
export type Refusal =
  | 'invalid' // the request breaks a rule the client can fix: 400
  | 'unauthorized' // no signed-in customer, or the sign-in failed: 401
  | 'forbidden' // who is asking is known, and refused (a customer the operator's staff blocked): 403
  | 'not-found' // 404
  | 'conflict' // the state does not allow it now: 409
  | 'unprocessable' // well formed but refused by a rule (a weak password, a reused idempotency key): 422
  | 'too-many' // a limit, freeing up in `retryAfterSeconds`: 429
  | 'upstream'; // a service we depend on failed: 502

/** A rule of the domain refused the request: a Bosnian message to show as it is, and the answer's code. */
export class DomainError extends Error {
  constructor(
    readonly refusal: Refusal,
    message: string,
    readonly code: string,
    /** When a spent limit frees up: the answer's `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A spent limit that frees up in `retryAfterSeconds`: `{lead}` and when to try again (ERROR_TEXTS.retryIn, N min, N at least 1). */
export function tooManyTries(lead: string, retryAfterSeconds: number, code: string): DomainError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new DomainError('too-many', ERROR_TEXTS.retryIn(lead, minutes), code, retryAfterSeconds);
}

/** A UUID as the API makes them (lower case): session, token, card and verification ids. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
