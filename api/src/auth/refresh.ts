import type { Store } from '../repositories';
import type { ApiConfig } from '../config';
import { DomainError } from '../errors';
import { daysBefore } from '../days';
import { SESSION_EXPIRED } from './guard';
import { sha256 } from './secrets';
import { subjectOf } from './signIn';
import { REFRESH_RACE_SECONDS, type TokenClaims, type TokenIssuer } from './tokens';

/** What a device session's refresh and sign-out need: the repositories, the tokens, the clock and the refresh window. */
export interface SessionDeps {
  store: Store;
  tokens: TokenIssuer;
  now: () => Date;
  config: Pick<ApiConfig, 'refreshWindowDays'>;
  /** Told of a replayed token, whose session this refresh ended; the log line is the caller's. */
  replayed: (session: { customerId: number; sessionId: string }) => void;
}

const expired = () => new DomainError('unauthorized', SESSION_EXPIRED, 'UNAUTHORIZED');

/**
 * A refresh with a token of ours that is not its session's current one: a token a rotation replaced.
 * Beyond the race of two tabs (REFRESH_RACE_SECONDS) it is a replay, a copy in someone else's hands:
 * the session ends for the thief and the owner alike, and the owner's next sign-in there is a new device.
 */
async function endIfReplayed(deps: SessionDeps, claims: TokenClaims, now: Date): Promise<void> {
  const key = { sessionId: claims.sid, customerId: Number(claims.sub), tokenId: claims.jti };
  const graceStart = new Date(now.getTime() - REFRESH_RACE_SECONDS * 1000);
  if (await deps.store.sessions.endReplayed(key, graceStart, now))
    deps.replayed({ customerId: key.customerId, sessionId: key.sessionId });
}

/**
 * `POST /refresh` (product.md §7): a new token for the session's current one and its device password,
 * within the refresh window. Rotation: only the token just replaced may be exchanged, and only once.
 */
export async function refreshToken(
  deps: SessionDeps,
  request: { token: string; devicePassword: string },
): Promise<{ token: string }> {
  const claims = await deps.tokens.verifySignature(request.token);
  if (!claims) throw expired();

  const now = deps.now();
  const windowStart = daysBefore(now, deps.config.refreshWindowDays);
  const session = await deps.store.sessions.forRefresh(
    { sessionId: claims.sid, customerId: Number(claims.sub), tokenId: claims.jti },
    windowStart,
  );
  if (!session) await endIfReplayed(deps, claims, now);
  const customer = session && (await deps.store.customers.byId(Number(claims.sub)));
  if (!session || !customer || session.device_password_hash !== sha256(request.devicePassword)) throw expired();

  const { token, tokenId } = await deps.tokens.issue(subjectOf(customer, claims.sid, session.device_username));
  if (!(await deps.store.sessions.rotate(claims.sid, claims.jti, tokenId, now))) throw expired();
  return { token };
}

/**
 * `POST /logout`: the session whose current token this is ends. Only the current token ends it: one a
 * refresh replaced (a copy left in another tab, a replayed request) signs nobody out.
 */
export async function signOut(
  deps: Pick<SessionDeps, 'store' | 'tokens' | 'now'>,
  token: string | null,
): Promise<void> {
  const claims = token ? await deps.tokens.verifySignature(token) : null;
  if (claims) await deps.store.sessions.endWithToken(claims.sid, claims.jti, deps.now());
}
