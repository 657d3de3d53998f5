import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ApiContext } from '../context';
import type { Queryable } from '../db/db';
import { HttpError } from '../http/validate';

/** Spec and issue: 6 digits, valid 10 minutes, 5 wrong tries per code, 5 resends per hour. */
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

/** Starts a registration or a reset with a fresh code; answers the new verification's id and code. */
export async function createVerification(
  ctx: ApiContext,
  fields: { purpose: Purpose; registrationType: VerificationRow['registration_type']; username: string; customerId: number | null },
): Promise<{ id: string; code: string }> {
  const id = randomUUID();
  const { code, hash, expiresAt } = freshCode(ctx, id);
  await ctx.db.query(
    `INSERT INTO verifications (id, purpose, registration_type, username, customer_id, code_hash, code_expires_at, resend_window_start, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [id, fields.purpose, fields.registrationType, fields.username, fields.customerId, hash, expiresAt, ctx.now()],
  );
  return { id, code };
}

/** A code is single use: the right one approves the verification and is spent; wrong ones count. */
export async function approveCode(ctx: ApiContext, id: string, purpose: Purpose, code: string): Promise<void> {
  const row = await findVerification(ctx.db, id, purpose);
  // Unknown, finished or already approved verifications answer like a wrong code: nothing to learn from them.
  if (!row || row.completed_at || row.approved_at || !row.code_hash) throw new HttpError(400, WRONG_CODE, 'WRONG_CODE');
  if (row.code_failures >= CODE_MAX_FAILURES) throw new HttpError(429, SPENT_CODE, 'CODE_SPENT');
  if (!row.code_expires_at || new Date(row.code_expires_at) <= ctx.now()) throw new HttpError(400, EXPIRED_CODE, 'CODE_EXPIRED');
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(ctx, id, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await ctx.db.query('UPDATE verifications SET code_failures = code_failures + 1 WHERE id = $1', [id]);
    throw new HttpError(400, WRONG_CODE, 'WRONG_CODE');
  }
  const [approved] = await ctx.db.query<{ id: string }>(
    'UPDATE verifications SET approved_at = $2, code_hash = NULL WHERE id = $1 AND code_hash = $3 AND approved_at IS NULL RETURNING id',
    [id, ctx.now(), row.code_hash],
  );
  if (!approved) throw new HttpError(400, WRONG_CODE, 'WRONG_CODE'); // the same code, used twice at once
}

/** A new code replaces the old one, at most five times an hour; answers the code (null when there is nothing to resend). */
export async function replaceCode(ctx: ApiContext, id: string, purpose: Purpose): Promise<{ row: VerificationRow; code: string } | null> {
  const row = await findVerification(ctx.db, id, purpose);
  if (!row || row.completed_at || row.approved_at) return null;
  const now = ctx.now();
  const windowOver = now.getTime() - new Date(row.resend_window_start).getTime() >= 3_600_000;
  const resends = windowOver ? 0 : row.resends;
  if (resends >= MAX_RESENDS_PER_HOUR) {
    const wait = Math.ceil((new Date(row.resend_window_start).getTime() + 3_600_000 - now.getTime()) / 60_000);
    throw new HttpError(429, `Previše zahtjeva za novi kod. Pokušaj ponovo za ${wait} min.`, 'TOO_MANY_RESENDS', { 'retry-after': String(wait * 60) });
  }
  const { code, hash, expiresAt } = freshCode(ctx, id);
  await ctx.db.query(
    `UPDATE verifications SET code_hash = $2, code_expires_at = $3, code_failures = 0, resends = $4, resend_window_start = $5 WHERE id = $1`,
    [id, hash, expiresAt, resends + 1, windowOver ? now : row.resend_window_start],
  );
  return { row, code };
}

export const codeText = (purpose: Purpose, code: string) =>
  purpose === 'REGISTRATION'
    ? `ON TV: tvoj aktivacioni kod je ${code}. Važi ${CODE_TTL_MINUTES} minuta.`
    : `ON TV: kod za promjenu lozinke je ${code}. Važi ${CODE_TTL_MINUTES} minuta. Ako nisi tražio promjenu, zanemari ovu poruku.`;
