import { Repository } from './base';

type StaffRole = 'agent' | 'admin';

export interface StaffRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  must_change_password: boolean;
  totp_sealed: string | null;
  totp_confirmed_at: Date | null;
  disabled_at: Date | null;
  /** The end of the window in which the account last began holding unknown sources back (docs/limits.md). */
  locked_until: Date | null;
}

/** A signed-in member of staff as a staff session names them. */
export interface StaffSession {
  sessionId: string;
  staffId: number;
  name: string;
  email: string;
  role: StaffRole;
}

/** `staff` and `staff_sessions`: the operator's support staff, apart from customers (docs/decisions/032). */
/** A staff session's last use is written again once it is this old (`touch`). */
const TOUCH_EVERY_SECONDS = 30;

export class StaffRepository extends Repository {
  /** Adds a member of staff; false when the e-mail address is taken. */
  async add(staff: { email: string; name: string; role: StaffRole; passwordHash: string }): Promise<boolean> {
    const rows = await this.q.query(
      `INSERT INTO staff (email, name, role, password_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
      [staff.email, staff.name, staff.role, staff.passwordHash],
    );
    return rows.length > 0;
  }

  async byEmail(email: string): Promise<StaffRow | null> {
    const [row] = await this.q.query<StaffRow>('SELECT * FROM staff WHERE email = $1', [email]);
    return row ?? null;
  }

  async byId(id: number): Promise<StaffRow | null> {
    const [row] = await this.q.query<StaffRow>('SELECT * FROM staff WHERE id = $1', [id]);
    return row ?? null;
  }

  async list(): Promise<Array<Pick<StaffRow, 'id' | 'email' | 'name' | 'role' | 'disabled_at' | 'totp_confirmed_at'>>> {
    return this.q.query('SELECT id, email, name, role, disabled_at, totp_confirmed_at FROM staff ORDER BY id');
  }

  /** A new one-time password: to be changed at the next sign-in, with the second factor set up anew (an enabled account only). */
  async resetPassword(email: string, passwordHash: string): Promise<boolean> {
    const rows = await this.q.query(
      `UPDATE staff SET password_hash = $2, must_change_password = TRUE, totp_sealed = NULL, totp_confirmed_at = NULL
       WHERE email = $1 AND disabled_at IS NULL RETURNING id`,
      [email, passwordHash],
    );
    await this.q.query(
      `UPDATE staff_sessions SET ended_at = now() WHERE ended_at IS NULL AND staff_id = (SELECT id FROM staff WHERE email = $1)`,
      [email],
    );
    await this.forgetBrowsers(email);
    return rows.length > 0;
  }

  /** Disables an account and ends its sessions. */
  async disable(email: string, at: Date): Promise<boolean> {
    const rows = await this.q.query(
      'UPDATE staff SET disabled_at = $2 WHERE email = $1 AND disabled_at IS NULL RETURNING id',
      [email, at],
    );
    await this.q.query(
      `UPDATE staff_sessions SET ended_at = $2 WHERE ended_at IS NULL AND staff_id = (SELECT id FROM staff WHERE email = $1)`,
      [email, at],
    );
    await this.forgetBrowsers(email);
    return rows.length > 0;
  }

  /** The member's browsers are strangers again (a reset password, a disabled account): no budget of their own. */
  private async forgetBrowsers(email: string): Promise<void> {
    await this.q.query('DELETE FROM staff_browsers WHERE staff_id = (SELECT id FROM staff WHERE email = $1)', [email]);
  }

  /** The id of the member's browser with this hashed browser id, when a full sign-in came from it; else null. */
  async knownBrowser(staffId: number, browserHash: string): Promise<number | null> {
    const [row] = await this.q.query<{ id: number }>(
      'SELECT id FROM staff_browsers WHERE staff_id = $1 AND browser_hash = $2',
      [staffId, browserHash],
    );
    return row?.id ?? null;
  }

  /**
   * The account began holding unknown sources back in the window ending `windowEnds`: true once per
   * window (the statement moves `locked_until` forward only once), so the trail records each lock once.
   */
  async markLocked(staffId: number, windowEnds: Date): Promise<boolean> {
    const rows = await this.q.query(
      `UPDATE staff SET locked_until = $2 WHERE id = $1 AND (locked_until IS NULL OR locked_until < $2) RETURNING id`,
      [staffId, windowEnds],
    );
    return rows.length > 0;
  }

  /** The chosen password replaces the one-time one, only while it is still to be changed (a second tab changes nothing). */
  async setChosenPassword(staffId: number, passwordHash: string): Promise<boolean> {
    const rows = await this.q.query(
      'UPDATE staff SET password_hash = $2, must_change_password = FALSE WHERE id = $1 AND must_change_password RETURNING id',
      [staffId, passwordHash],
    );
    return rows.length > 0;
  }

  /** A secret offered for setting up, kept until one is confirmed (every offer before that replaces it). */
  async offerTotp(staffId: number, sealed: string): Promise<boolean> {
    const rows = await this.q.query(
      'UPDATE staff SET totp_sealed = $2 WHERE id = $1 AND totp_confirmed_at IS NULL RETURNING id',
      [staffId, sealed],
    );
    return rows.length > 0;
  }

  /**
   * Takes a right code's 30-second step, once: only if no code of this or a later step was taken
   * before (a replayed code, or two tabs sending one, gets false), and, when setting up, confirms the
   * secret the code was made from (`sealed`, as offered: a newer offer meanwhile makes it false).
   */
  async takeTotpStep(staffId: number, step: number, sealed: string, at: Date): Promise<boolean> {
    const rows = await this.q.query(
      `UPDATE staff SET totp_last_step = $2, totp_confirmed_at = COALESCE(totp_confirmed_at, $4)
       WHERE id = $1 AND totp_last_step < $2 AND totp_sealed = $3 RETURNING id`,
      [staffId, step, sealed, at],
    );
    return rows.length > 0;
  }

  /** A sign-in whose password was right, from the browser `browserHash` names (null: the console sent none). */
  async startSession(id: string, staffId: number, at: Date, browserHash: string | null = null): Promise<void> {
    await this.q.query(
      `INSERT INTO staff_sessions (id, staff_id, stage, created_at, last_seen_at, browser_hash) VALUES ($1, $2, 'password', $3, $3, $4)`,
      [id, staffId, at, browserHash],
    );
  }

  /**
   * The session, still open, of an account still enabled, at the stage asked, not idle for `idleMinutes`:
   * its last use moves to `at` in the same statement when it is more than TOUCH_EVERY_SECONDS old, so the
   * idle minutes count from the last call (to within those seconds), and a console's burst of calls
   * writes the row once rather than queueing on its lock once a call.
   */
  async touch(
    sessionId: string,
    staffId: number,
    stage: 'password' | 'full',
    at: Date,
    idleMinutes: number,
  ): Promise<StaffSession | null> {
    const [row] = await this.q.query<{ name: string; email: string; role: StaffRole }>(
      `WITH live AS (
         SELECT s.id, s.last_seen_at, t.name, t.email, t.role FROM staff_sessions s JOIN staff t ON t.id = s.staff_id
         WHERE s.id = $1 AND s.staff_id = $2 AND s.stage = $3 AND s.ended_at IS NULL
           AND t.disabled_at IS NULL AND s.last_seen_at > $4::timestamptz - make_interval(mins => $5)
       ), renewed AS (
         UPDATE staff_sessions s SET last_seen_at = $4 FROM live
         WHERE s.id = live.id AND live.last_seen_at < $4::timestamptz - make_interval(secs => $6)
       )
       SELECT name, email, role FROM live`,
      [sessionId, staffId, stage, at, idleMinutes, TOUCH_EVERY_SECONDS],
    );
    return row ? { sessionId, staffId, ...row } : null;
  }

  /** The second factor was right: the session is a full one. */
  async completeSession(sessionId: string, at: Date): Promise<boolean> {
    const rows = await this.q.query(
      `UPDATE staff_sessions SET stage = 'full', last_seen_at = $2 WHERE id = $1 AND stage = 'password' AND ended_at IS NULL RETURNING id`,
      [sessionId, at],
    );
    return rows.length > 0;
  }

  /** The browser of a full sign-in is known from now on (once, however many sign-ins of it race). */
  async rememberBrowser(sessionId: string, at: Date): Promise<void> {
    await this.q.query(
      `INSERT INTO staff_browsers (staff_id, browser_hash, first_seen_at, last_seen_at)
       SELECT staff_id, browser_hash, $2, $2 FROM staff_sessions WHERE id = $1 AND browser_hash IS NOT NULL
       ON CONFLICT (staff_id, browser_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`,
      [sessionId, at],
    );
  }

  /** Ends every session of the member of staff but `keep` (a password just chosen). */
  async endOtherSessions(staffId: number, keep: string, at: Date): Promise<void> {
    await this.q.query(
      'UPDATE staff_sessions SET ended_at = $3 WHERE staff_id = $1 AND id <> $2 AND ended_at IS NULL',
      [staffId, keep, at],
    );
  }

  /** Ends a session; false when it had ended already (a second sign-out at once). */
  async endSession(sessionId: string, at: Date): Promise<boolean> {
    const rows = await this.q.query(
      'UPDATE staff_sessions SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL RETURNING id',
      [sessionId, at],
    );
    return rows.length > 0;
  }
}
