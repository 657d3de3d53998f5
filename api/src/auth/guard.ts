import type { FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import type { Queryable } from '../db/db';
import { HttpError } from '../http/validate';

export const SESSION_EXPIRED = 'Sesija je istekla. Prijavi se ponovo.';

export interface Principal {
  customerId: number;
  sessionId: string;
  /** The token's id: only the session's current token is accepted. */
  tokenId: string;
}

/**
 * The condition that a device session (aliased `d`) is the token's and still open: its id, customer
 * and current token id are the parameters `$first`, `$first+1` and `$first+2`. One home for the rule,
 * used by requireCustomer and by a query that checks the session while it reads (account info).
 */
export const openSessionWhere = (first: number) =>
  `d.id = $${first} AND d.customer_id = $${first + 1} AND d.token_id = $${first + 2} AND d.revoked_at IS NULL`;
export const sessionParams = (principal: Principal) => [principal.sessionId, principal.customerId, principal.tokenId];

/**
 * Ends every open session of the customer but `keep` (a password change, 'Odjavi sve ostale uređaje'),
 * and distrusts every other session, ended before or now: those devices no longer keep a login budget
 * of their own (docs/limits.md).
 */
export async function endOtherSessions(db: Queryable, customerId: number, keep: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE device_sessions SET revoked_at = COALESCE(revoked_at, $3), untrusted_at = COALESCE(untrusted_at, $3)
      WHERE customer_id = $1 AND id <> $2 AND (revoked_at IS NULL OR untrusted_at IS NULL)`,
    [customerId, keep, now],
  );
}

/** The customer a valid, unexpired token names, before its session is checked; else 401. */
export async function tokenPrincipal(ctx: ApiContext, request: FastifyRequest): Promise<Principal> {
  const token = bearerToken(request);
  const claims = token ? await ctx.tokens.verify(token) : null;
  if (!claims) throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');
  return { customerId: Number(claims.sub), sessionId: claims.sid, tokenId: claims.jti };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9_\-.]{10,4000})$/.exec(header.trim());
  return match?.[1] ?? null;
}

/** The customer behind a valid, unexpired token whose device session is still open; else 401. */
export async function requireCustomer(ctx: ApiContext, request: FastifyRequest): Promise<Principal> {
  const principal = await tokenPrincipal(ctx, request);
  const rows = await ctx.db.prepared<{ id: string }>('open_session', `SELECT d.id FROM device_sessions d WHERE ${openSessionWhere(1)}`, sessionParams(principal));
  if (!rows[0]) throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');
  return principal;
}
