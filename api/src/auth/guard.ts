import type { FastifyRequest } from 'fastify';
import type { SessionsRepository, SessionKey } from '../repositories/sessions';
import type { TokenIssuer } from './tokens';
import { DomainError } from '../errors';
import { ERROR_TEXTS } from '../texts/errors';

export const SESSION_EXPIRED = ERROR_TEXTS.sessionExpired;

/** The signed-in customer a request's token names: the customer, the device session and the token's id. */
export type Principal = SessionKey;

/** The customer a valid, unexpired token names, before its session is checked; else 401. */
export async function tokenPrincipal(tokens: TokenIssuer, request: FastifyRequest): Promise<Principal> {
  const token = bearerToken(request);
  const claims = token ? await tokens.verify(token) : null;
  if (!claims) throw new DomainError('unauthorized', SESSION_EXPIRED, 'UNAUTHORIZED');
  return { customerId: Number(claims.sub), sessionId: claims.sid, tokenId: claims.jti };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9_\-.]{10,4000})$/.exec(header.trim());
  return match?.[1] ?? null;
}

/** The customer behind a valid, unexpired token whose device session is still open; else 401. */
export async function requireCustomer(
  tokens: TokenIssuer,
  sessions: SessionsRepository,
  request: FastifyRequest,
): Promise<Principal> {
  const principal = await tokenPrincipal(tokens, request);
  if (!(await sessions.isOpen(principal))) throw new DomainError('unauthorized', SESSION_EXPIRED, 'UNAUTHORIZED');
  return principal;
}
