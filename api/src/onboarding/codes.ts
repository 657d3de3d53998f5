import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ApiContext } from '../context';
import type { Queryable } from '../db/db';
import { HttpError, tooManyRequests } from '../http/validate';

/** A one-time code: 6 digits, valid 10 minutes, 5 wrong tries per code, 5 resends per hour (docs/limits.md). */
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_FAILURES = 5;
export const MAX_RESENDS_PER_HOUR = 5;

export const WRONG_CODE = 'Unijeli ste neispravan aktivacioni kod.';
const EXPIRED_CODE = 'Kod je istekao. Zatraži novi kod.';
const SPENT_CODE = 'Previše pogrešnih pokušaja. Zatraži novi kod.';

export type Purpose = 'REGISTRATION' | 'PASSWORD_RESET';

export interface VerificationRow {
  id: string;
  purpose: Purpose;
  registration_type: 'PHONE_NUMBER' | 'EMAIL';
  username: string;
  customer_id: number | null;
  code_hash: string | null;
  code_expires_at: Date | null;
  code_failures: number;
  resends: number;
  resend_window_start: Date;
  approved_at: Date | null;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  completed_at: Date | null;
}

const codeHash = (ctx: ApiContext, id: string, code: string) => createHmac('sha256', ctx.keys.sealing).update(`${id}:${code}`).digest('hex');

/** A new code for a verification: the code to send, its HMAC to store and when it stops working. */
function freshCode(ctx: ApiContext, id: string): { code: string; hash: string; expiresAt: Date } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { code, hash: codeHash(ctx, id, code), expiresAt: new Date(ctx.now().getTime() + CODE_TTL_MINUTES * 60_000) };
}

export async function findVerification(db: Queryable, id: string, purpose: Purpose): Promise<VerificationRow | null> {
  const [row] = await db.query<VerificationRow>('SELECT * FROM verifications WHERE id = $1 AND purpose = $2', [id, purpose]);
  return row ?? null;
}

/** Starts a registration or a reset with a fresh code (in `q`, with the message that sends it); answers the new verification's id and code. */
export async function createVerification(
  ctx: ApiContext,
  fields: { purpose: Purpose; registrationType: VerificationRow['registration_type']; username: string; customerId: number | null },
  q: Queryable = ctx.db,
): Promise<{ id: string; code: string }> {
  const id = randomUUID();
  const { code, hash, expiresAt } = freshCode(ctx, id);
  await q.query(
    `INSERT INTO verifications (id, purpose, registration_type, username, customer_id, code_hash, code_expires_at, resend_window_start, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [id, fields.purpose, fields.registrationType, fields.username, fields.customerId, hash, expiresAt, ctx.now()],
  );
  return { id, code };
}

/** Wrong codes per username and purpose in an hour, across every code it was sent (resends make new codes). */
export const MAX_GUESSES_PER_HOUR = 10;

/**
 * A code is single use: the right one approves the verification and is spent. Each attempt is counted
 * before the comparison, in the statement that checks the count, so a burst gets at most five
 * comparisons per code (and ten per username an hour); a right code gives its count back.
 */
export async function approveCode(ctx: ApiContext, id: string, purpose: Purpose, code: string): Promise<void> {
  const [row] = await ctx.db.query<{ code_hash: string; code_expires_at: Date; username: string }>(
    `UPDATE verifications SET code_failures = code_failures + 1
      WHERE id = $1 AND purpose = $2 AND completed_at IS NULL AND approved_at IS NULL AND code_hash IS NOT NULL AND code_failures < $3
      RETURNING code_hash, code_expires_at, username`,
    [id, purpose, CODE_MAX_FAILURES],
  );
  if (!row) {
    // Unknown, finished or already approved verifications answer like a wrong code: nothing to learn from them.
    const spent = await findVerification(ctx.db, id, purpose);
    if (spent && !spent.completed_at && !spent.approved_at && spent.code_hash) throw new HttpError(429, SPENT_CODE, 'CODE_SPENT', { 'retry-after': String(secondsLeft(ctx, spent.code_expires_at)) });
    throw new HttpError(400, WRONG_CODE, 'WRONG_CODE');
  }
  const guesses = { key: `code-guess:${purpose}:${row.username}`, max: MAX_GUESSES_PER_HOUR, windowSeconds: 3600 };
  const taken = await ctx.limits.take([guesses]);
  // The username's wrong codes of the hour are spent: a new code would not help, so say how long to wait.
  if (!taken.ok) throw tooManyRequests('Previše pogrešnih kodova za ovaj nalog.', taken.retryAfter, 'CODE_GUESSES_SPENT');
  if (new Date(row.code_expires_at) <= ctx.now()) throw new HttpError(400, EXPIRED_CODE, 'CODE_EXPIRED');
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(ctx, id, code), 'hex');
  if (!timingSafeEqual(expected, given)) throw new HttpError(400, WRONG_CODE, 'WRONG_CODE');
  const [approved] = await ctx.db.query<{ id: string }>(
    'UPDATE verifications SET approved_at = $2, code_hash = NULL, code_failures = code_failures - 1 WHERE id = $1 AND code_hash = $3 AND approved_at IS NULL RETURNING id',
    [id, ctx.now(), row.code_hash],
  );
  if (!approved) throw new HttpError(400, WRONG_CODE, 'WRONG_CODE'); // the same code, used twice at once
  await ctx.limits.giveBack([guesses]);
}

const secondsLeft = (ctx: ApiContext, until: Date | null) => Math.max(1, Math.ceil(((until ? new Date(until).getTime() : 0) - ctx.now().getTime()) / 1000));

/**
 * A new code replaces the old one, at most five times an hour, counted in the statement that writes
 * it; answers the code (null when there is nothing to resend).
 */
export async function replaceCode(ctx: ApiContext, id: string, purpose: Purpose, q: Queryable = ctx.db): Promise<{ row: VerificationRow; code: string } | null> {
  const now = ctx.now();
  const { code, hash, expiresAt } = freshCode(ctx, id);
  const [row] = await q.query<VerificationRow>(
    `UPDATE verifications SET code_hash = $3, code_expires_at = $4, code_failures = 0,
            resends = CASE WHEN resend_window_start <= $5::timestamptz - interval '1 hour' THEN 1 ELSE resends + 1 END,
            resend_window_start = CASE WHEN resend_window_start <= $5::timestamptz - interval '1 hour' THEN $5 ELSE resend_window_start END
      WHERE id = $1 AND purpose = $2 AND completed_at IS NULL AND approved_at IS NULL
        AND (resend_window_start <= $5::timestamptz - interval '1 hour' OR resends < $6)
      RETURNING *`,
    [id, purpose, hash, expiresAt, now, MAX_RESENDS_PER_HOUR],
  );
  if (row) return { row, code };
  const current = await findVerification(q, id, purpose);
  if (!current || current.completed_at || current.approved_at) return null;
  const wait = Math.max(1, Math.ceil((new Date(current.resend_window_start).getTime() + 3_600_000 - now.getTime()) / 60_000));
  throw tooManyRequests('Previše zahtjeva za novi kod.', wait * 60, 'TOO_MANY_RESENDS');
}

/** How long an approved registration or reset may be finished: after that, start again. */
export const APPROVAL_TTL_MINUTES = 10;

/** SQL: the verification was approved no more than APPROVAL_TTL_MINUTES before the time in parameter `now`. */
export const approvedSince = (now: string) => `approved_at IS NOT NULL AND approved_at > ${now}::timestamptz - interval '${APPROVAL_TTL_MINUTES} minutes'`;
