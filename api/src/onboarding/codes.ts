import { randomInt, randomUUID } from 'node:crypto';
import { mac, macMatches, type Keyring } from '../auth/keyring';
import type { Repositories, Store } from '../repositories';
import type { Purpose, VerificationRow } from '../repositories/verifications';
import type { Limits } from '../limits';
import { DomainError, tooManyTries } from '../errors';
import { secondsUntil } from '../days';
import { CODE_TTL_MINUTES, destinationOf } from './rules';
import type { ApiConfig } from '../config';
import { codeCeilingReached } from '../counters';
import { ERROR_TEXTS } from '../texts/errors';
import { NOTICES } from '../texts/notices';
import { maskAddress, smsAllowed, type Notifier } from '../delivery/notifier';
import { refuseUnlessDeliverable, type ChannelDeps } from '../delivery/channels';
import { clientKey } from '../clientKey';

export { CODE_TTL_MINUTES } from './rules';
export type { Purpose, VerificationRow } from '../repositories/verifications';

/** A one-time code: 6 digits, valid CODE_TTL_MINUTES, 5 wrong tries per code, 5 resends per hour (docs/limits.md). */
const CODE_MAX_FAILURES = 5;
const MAX_RESENDS_PER_HOUR = 5;

const WRONG_CODE = 'Unijeli ste neispravan aktivacioni kod.';
const EXPIRED_CODE = ERROR_TEXTS.codeExpired;
const SPENT_CODE = ERROR_TEXTS.codeSpent;

/** What the code functions need: the repositories, the limits, the sealing keyring and the clock. */
interface CodeDeps {
  store: Store;
  limits: Limits;
  keys: { sealing: Keyring };
  now: () => Date;
}

/**
 * A code's HMAC under the ring's current key, naming it (`k2$hex`); checked with the key it names, so a
 * code sent before a rotation works while its key is in the ring: codes live 10 minutes, and the old key
 * stays until the re-seal is done (docs/decisions/035-signing-secret-and-sealing-keyring.md).
 */
const codeHash = (ctx: CodeDeps, id: string, code: string) => mac(ctx.keys.sealing, `${id}:${code}`);

/** A new code for a verification: the code to send, its HMAC to store and when it stops working. */
function freshCode(ctx: CodeDeps, id: string): { code: string; hash: string; expiresAt: Date } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { code, hash: codeHash(ctx, id, code), expiresAt: new Date(ctx.now().getTime() + CODE_TTL_MINUTES * 60_000) };
}

/** Starts a registration or a reset with a fresh code (with `repos`, a transaction's that also writes the message sending it); answers the new verification's id and code. */
export async function createVerification(
  ctx: CodeDeps,
  fields: {
    purpose: Purpose;
    registrationType: VerificationRow['registration_type'];
    username: string;
    customerId: number | null;
  },
  repos: Repositories = ctx.store,
): Promise<{ id: string; code: string }> {
  const id = randomUUID();
  const { code, hash, expiresAt } = freshCode(ctx, id);
  await repos.verifications.create({ id, ...fields, codeHash: hash, expiresAt }, ctx.now());
  return { id, code };
}

/** Wrong codes per username and purpose in an hour, across every code it was sent (resends make new codes). */
export const MAX_GUESSES_PER_HOUR = 10;

/**
 * A code is single use: the right one approves the verification and is spent. Each attempt is counted
 * before the comparison, in the statement that checks the count, so a burst gets at most five
 * comparisons per code (and ten per username an hour); a right code gives its count back.
 */
export async function approveCode(ctx: CodeDeps, id: string, purpose: Purpose, code: string): Promise<void> {
  const row = await ctx.store.verifications.countTry(id, purpose, CODE_MAX_FAILURES);
  if (!row) {
    // Unknown, finished or already approved verifications answer like a wrong code: nothing to learn from them.
    const spent = await ctx.store.verifications.find(id, purpose);
    if (spent && !spent.completed_at && !spent.approved_at && spent.code_hash)
      throw new DomainError('too-many', SPENT_CODE, 'CODE_SPENT', secondsUntil(spent.code_expires_at, ctx.now()));
    throw new DomainError('invalid', WRONG_CODE, 'WRONG_CODE');
  }
  const guesses = { key: `code-guess:${purpose}:${row.username}`, max: MAX_GUESSES_PER_HOUR, windowSeconds: 3600 };
  const taken = await ctx.limits.take([guesses]);
  // The username's wrong codes of the hour are spent: a new code would not help, so say how long to wait.
  if (!taken.ok) throw tooManyTries(ERROR_TEXTS.tooManyWrongCodes, taken.retryAfter, 'CODE_GUESSES_SPENT');
  if (new Date(row.code_expires_at) <= ctx.now()) throw new DomainError('invalid', EXPIRED_CODE, 'CODE_EXPIRED');
  if (!macMatches(ctx.keys.sealing, row.code_hash, `${id}:${code}`))
    throw new DomainError('invalid', WRONG_CODE, 'WRONG_CODE');
  if (!(await ctx.store.verifications.approve(id, row.code_hash, ctx.now())))
    throw new DomainError('invalid', WRONG_CODE, 'WRONG_CODE'); // the same code, used twice at once
  await ctx.limits.giveBack([guesses]);
}

/**
 * A new code replaces the old one, at most five times an hour, counted in the statement that writes
 * it; answers the code (null when there is nothing to resend).
 */
async function replaceCode(
  ctx: CodeDeps,
  id: string,
  purpose: Purpose,
  repos: Repositories = ctx.store,
): Promise<{ row: VerificationRow; code: string } | null> {
  const now = ctx.now();
  const { code, hash, expiresAt } = freshCode(ctx, id);
  const row = await repos.verifications.replaceCode(id, purpose, hash, expiresAt, now, MAX_RESENDS_PER_HOUR);
  if (row) return { row, code };
  const current = await repos.verifications.find(id, purpose);
  if (!current || current.completed_at || current.approved_at) return null;
  const wait = Math.max(
    1,
    Math.ceil((new Date(current.resend_window_start).getTime() + 3_600_000 - now.getTime()) / 60_000),
  );
  throw tooManyTries(ERROR_TEXTS.tooManyResends, wait * 60, 'TOO_MANY_RESENDS');
}

/** The channel a code to a registration or reset of `type` goes by. */
export const channelOf = (type: VerificationRow['registration_type']): 'SMS' | 'EMAIL' =>
  type === 'PHONE_NUMBER' ? 'SMS' : 'EMAIL';

/** What a resend needs: the codes' dependencies, the outbox and the channels it may go by. */
export type ResendDeps = CodeDeps & ChannelDeps & { notifier: Notifier };

/**
 * A new code for a registration or reset, sent where the first went (the customer's resend link, or
 * the support console at the customer's request). The code and its message in one transaction: a
 * code exists exactly when its message is queued, and a channel without a transport refuses it
 * (refuseUnlessDeliverable), the new code rolled back. False when there is nothing to resend (unknown,
 * finished or approved); a reset for an unknown username sends nothing and answers true.
 */
export async function resendCode(ctx: ResendDeps, id: string, purpose: Purpose): Promise<boolean> {
  return ctx.store.transaction(async (tx) => {
    const replaced = await replaceCode(ctx, id, purpose, tx);
    if (!replaced) return false;
    const channel = channelOf(replaced.row.registration_type);
    refuseUnlessDeliverable(ctx, channel);
    if (purpose === 'PASSWORD_RESET' && replaced.row.customer_id === null) return true;
    await ctx.notifier.send({ to: replaced.row.username, channel, ...NOTICES.code(purpose, replaced.code) }, tx);
    return true;
  });
}

/** How long an approved registration or reset may be finished: after that, start again. */
export const APPROVAL_TTL_MINUTES = 10;

/** What the caps on code messages read: the limits, the clock and the settings (docs/limits.md, "Code messages"). */
export type CapDeps = Pick<CodeDeps, 'store' | 'limits' | 'now'> & {
  config: { codeCaps: ApiConfig['codeCaps']; delivery: Pick<ApiConfig['delivery'], 'smsAllowedPrefixes'> };
};

/** A refusal's log line (http/limits.ts logRefusal, with the request's logger). */
export type RefusalLog = (event: string, fields: Record<string, unknown>) => void;

/** An hour: the window of the code caps. */
const HOUR_SECONDS = 3600;

/**
 * Every code message a client asks for (a registration or reset start, a resend) counts towards its
 * address's CODE_LIMIT_CLIENT an hour, in the statement that checks it: a client with many numbers
 * gets no more codes out than that, however it spreads or bursts them.
 */
export async function takeClientCode(ctx: CapDeps, clientAddress: string): Promise<void> {
  const taken = await ctx.limits.take([
    { key: `code-client:${clientKey(clientAddress)}`, max: ctx.config.codeCaps.perClient, windowSeconds: HOUR_SECONDS },
  ]);
  if (!taken.ok) throw tooManyTries(ERROR_TEXTS.tooManyCodesFromClient, taken.retryAfter, 'TOO_MANY_CODES');
}

/** No code goes by SMS to a number outside SMS_ALLOWED_PREFIXES (`number` in its stored form): a 400 that says where codes go. */
export function assertSmsAllowed(ctx: CapDeps, number: string): void {
  const prefixes = ctx.config.delivery.smsAllowedPrefixes;
  if (!smsAllowed(number, prefixes))
    throw new DomainError('invalid', ERROR_TEXTS.phoneNotAllowed(prefixes), 'PHONE_NOT_ALLOWED');
}

/**
 * A registration code to `username`: a phone number or e-mail domain a code went to before passes; a
 * new one counts towards the portal's CODE_NEW_DESTINATIONS_HOURLY (numbers and domains apart), in
 * one statement that also makes it known. Past the ceiling it is refused with 429 until the hour's
 * end, with a metric and a warn line for each refusal (as every 429 has its line), while codes to
 * known destinations still go out. A reset needs none: it goes only to a customer's own number or
 * address, which a registration code reached.
 */
export async function admitDestination(ctx: CapDeps, username: string, log: RefusalLog): Promise<void> {
  const { kind, destination } = destinationOf(username);
  const key = `code-new-destinations:${kind}`;
  const max = ctx.config.codeCaps.newDestinationsHourly;
  const now = ctx.now();
  const admitted = await ctx.store.rateLimits.admitDestination(destination, kind, key, now, HOUR_SECONDS, max);
  if (admitted !== 'refused') return;
  const spent = await ctx.store.rateLimits.state(key);
  const retryAfter = spent ? secondsUntil(spent.window_ends, now) : HOUR_SECONDS;
  codeCeilingReached.inc({ kind });
  log('code.ceiling.reached', { kind, ceiling: max, to: maskAddress(username), retryAfter });
  throw tooManyTries(ERROR_TEXTS.newDestinationsPaused(kind), retryAfter, 'NEW_DESTINATIONS_CEILING');
}
