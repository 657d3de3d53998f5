import { Repository } from './base';

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

/** SQL: the verification was approved no more than `$ttl` minutes before the time in parameter `$now`. */
const approvedSince = (now: string, ttl: string) =>
  `approved_at IS NOT NULL AND approved_at > ${now}::timestamptz - make_interval(mins => ${ttl})`;

/** `verifications`: registrations and password resets with their one-time codes (stored as HMACs). */
export class VerificationsRepository extends Repository {
  /** The customer's newest password reset still waiting for its code (the support console resends it). */
  async openResetOf(customerId: number): Promise<VerificationRow | null> {
    const [row] = await this.q.query<VerificationRow>(
      `SELECT * FROM verifications WHERE customer_id = $1 AND purpose = 'PASSWORD_RESET'
         AND approved_at IS NULL AND completed_at IS NULL ORDER BY created_at DESC LIMIT 1`,
      [customerId],
    );
    return row ?? null;
  }

  async find(id: string, purpose: Purpose): Promise<VerificationRow | null> {
    const [row] = await this.q.query<VerificationRow>('SELECT * FROM verifications WHERE id = $1 AND purpose = $2', [
      id,
      purpose,
    ]);
    return row ?? null;
  }

  async create(
    fields: {
      id: string;
      purpose: Purpose;
      registrationType: VerificationRow['registration_type'];
      username: string;
      customerId: number | null;
      codeHash: string;
      expiresAt: Date;
    },
    at: Date,
  ): Promise<void> {
    await this.q.query(
      `INSERT INTO verifications (id, purpose, registration_type, username, customer_id, code_hash, code_expires_at, resend_window_start, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [
        fields.id,
        fields.purpose,
        fields.registrationType,
        fields.username,
        fields.customerId,
        fields.codeHash,
        fields.expiresAt,
        at,
      ],
    );
  }

  /**
   * Counts a try of the open code before the comparison, in the statement that checks the count: a
   * burst gets at most `maxFailures` comparisons. Null when there is no code to try (unknown, finished,
   * approved, or its tries spent).
   */
  async countTry(
    id: string,
    purpose: Purpose,
    maxFailures: number,
  ): Promise<{ code_hash: string; code_expires_at: Date; username: string } | null> {
    const [row] = await this.q.query<{ code_hash: string; code_expires_at: Date; username: string }>(
      `UPDATE verifications SET code_failures = code_failures + 1
        WHERE id = $1 AND purpose = $2 AND completed_at IS NULL AND approved_at IS NULL AND code_hash IS NOT NULL AND code_failures < $3
        RETURNING code_hash, code_expires_at, username`,
      [id, purpose, maxFailures],
    );
    return row ?? null;
  }

  /** The right code approves and is spent, once: false when the same code was used at the same time. */
  async approve(id: string, codeHash: string, at: Date): Promise<boolean> {
    const rows = await this.q.query(
      'UPDATE verifications SET approved_at = $2, code_hash = NULL, code_failures = code_failures - 1 WHERE id = $1 AND code_hash = $3 AND approved_at IS NULL RETURNING id',
      [id, at, codeHash],
    );
    return rows.length > 0;
  }

  /** A new code in place of the old, at most `maxPerHour` times an hour, counted in the statement that writes it; null when refused or finished. */
  async replaceCode(
    id: string,
    purpose: Purpose,
    codeHash: string,
    expiresAt: Date,
    at: Date,
    maxPerHour: number,
  ): Promise<VerificationRow | null> {
    const [row] = await this.q.query<VerificationRow>(
      `UPDATE verifications SET code_hash = $3, code_expires_at = $4, code_failures = 0,
              resends = CASE WHEN resend_window_start <= $5::timestamptz - interval '1 hour' THEN 1 ELSE resends + 1 END,
              resend_window_start = CASE WHEN resend_window_start <= $5::timestamptz - interval '1 hour' THEN $5 ELSE resend_window_start END
        WHERE id = $1 AND purpose = $2 AND completed_at IS NULL AND approved_at IS NULL
          AND (resend_window_start <= $5::timestamptz - interval '1 hour' OR resends < $6)
        RETURNING *`,
      [id, purpose, codeHash, expiresAt, at, maxPerHour],
    );
    return row ?? null;
  }

  /** The registration's password and name, while its approval (`ttlMinutes` old at most) holds; false when it does not. */
  async saveRegistrationDetails(
    id: string,
    details: { passwordHash: string; firstName: string; lastName: string },
    at: Date,
    ttlMinutes: number,
  ): Promise<boolean> {
    const rows = await this.q.query(
      `UPDATE verifications SET password_hash = $2, first_name = $3, last_name = $4 WHERE id = $1 AND completed_at IS NULL AND ${approvedSince('$5', '$6')} RETURNING id`,
      [id, details.passwordHash, details.firstName, details.lastName, at, ttlMinutes],
    );
    return rows.length > 0;
  }

  /** Finishes an approved registration with its details, once. */
  async completeRegistration(
    id: string,
    at: Date,
    ttlMinutes: number,
  ): Promise<Pick<
    VerificationRow,
    'id' | 'registration_type' | 'username' | 'password_hash' | 'first_name' | 'last_name'
  > | null> {
    const [row] = await this.q.query<
      Pick<VerificationRow, 'id' | 'registration_type' | 'username' | 'password_hash' | 'first_name' | 'last_name'>
    >(
      `UPDATE verifications SET completed_at = $2
        WHERE id = $1 AND purpose = 'REGISTRATION' AND ${approvedSince('$2', '$3')} AND password_hash IS NOT NULL AND completed_at IS NULL
        RETURNING id, registration_type, username, password_hash, first_name, last_name`,
      [id, at, ttlMinutes],
    );
    return row ?? null;
  }

  /** Finishes an approved reset of a real account, once; answers its customer. */
  async completeReset(id: string, at: Date, ttlMinutes: number): Promise<number | null> {
    const [row] = await this.q.query<{ customer_id: number | null }>(
      `UPDATE verifications SET completed_at = $2
        WHERE id = $1 AND purpose = 'PASSWORD_RESET' AND ${approvedSince('$2', '$3')} AND completed_at IS NULL AND customer_id IS NOT NULL
        RETURNING customer_id`,
      [id, at, ttlMinutes],
    );
    return row?.customer_id ?? null;
  }
}
