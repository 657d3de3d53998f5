import type { FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import { HttpError } from '../http/validate';

export const SESSION_EXPIRED = 'Sesija je istekla. Prijavi se ponovo.';

export interface Principal {
  customerId: number;
  sessionId: string;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9_\-.]{10,4000})$/.exec(header.trim());
  return match?.[1] ?? null;
}

/** The customer behind a valid, unexpired token whose device session is still open; else 401. */
export async function requireCustomer(ctx: ApiContext, request: FastifyRequest): Promise<Principal> {
  const token = bearerToken(request);
  const claims = token ? await ctx.tokens.verify(token) : null;
  if (!claims) throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');
  const rows = await ctx.db.query<{ id: string }>(
    'SELECT id FROM device_sessions WHERE id = $1 AND customer_id = $2 AND token_id = $3 AND revoked_at IS NULL',
    [claims.sid, Number(claims.sub), claims.jti],
  );
  if (!rows[0]) throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');
  return { customerId: Number(claims.sub), sessionId: claims.sid };
}
