import { Repository } from './base';

/** Whose passkeys: a customer's (`passkeys`) or a member of staff's (`staff_passkeys`), migration 042. */
type PasskeyOwner = 'customer' | 'staff';

/** What a challenge was handed out for: the account page's, the login's, the console's. */
export type ChallengePurpose = 'register' | 'sign-in' | 'staff-register' | 'staff-sign-in';

const TABLES: Record<PasskeyOwner, { table: string; owner: string }> = {
  customer: { table: 'passkeys', owner: 'customer_id' },
  staff: { table: 'staff_passkeys', owner: 'staff_id' },
};

/** A stored credential: its public key (COSE, base64url) and signature counter; nothing secret. */
export interface PasskeyRow {
  id: string;
  owner_id: number;
  credential_id: string;
  public_key: string;
  counter: string | number;
  transports: string;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const COLUMNS = (owner: string) =>
  `id, ${owner} AS owner_id, credential_id, public_key, counter, transports, name, created_at, last_used_at`;

/** `passkeys`, `staff_passkeys` and `passkey_challenges` (migration 042). */
export class PasskeysRepository extends Repository {
  /** Stores a challenge (its digest) for `purpose` and `subject`, valid until `expiresAt`. */
  async addChallenge(hash: string, purpose: ChallengePurpose, subject: string | null, expiresAt: Date): Promise<void> {
    await this.q.query(
      'INSERT INTO passkey_challenges (challenge_hash, purpose, subject, expires_at) VALUES ($1, $2, $3, $4)',
      [hash, purpose, subject, expiresAt],
    );
  }

  /**
   * Takes the challenge once: the statement that deletes it is the one caller that goes on, however many
   * answer it at once. False when it is unknown, used, expired, for another purpose or another subject.
   */
  async takeChallenge(hash: string, purpose: ChallengePurpose, subject: string | null, at: Date): Promise<boolean> {
    const rows = await this.q.query(
      `DELETE FROM passkey_challenges
        WHERE challenge_hash = $1 AND purpose = $2 AND subject IS NOT DISTINCT FROM $3 AND expires_at > $4
        RETURNING challenge_hash`,
      [hash, purpose, subject, at],
    );
    return rows.length > 0;
  }

  /** The owner's passkeys, oldest first. */
  async list(owner: PasskeyOwner, ownerId: number): Promise<PasskeyRow[]> {
    const { table, owner: column } = TABLES[owner];
    return this.q.query<PasskeyRow>(
      `SELECT ${COLUMNS(column)} FROM ${table} WHERE ${column} = $1 ORDER BY created_at, id`,
      [ownerId],
    );
  }

  /** The credential with this id, whoever's it is; null when none. */
  async byCredentialId(owner: PasskeyOwner, credentialId: string): Promise<PasskeyRow | null> {
    const { table, owner: column } = TABLES[owner];
    const rows = await this.q.query<PasskeyRow>(`SELECT ${COLUMNS(column)} FROM ${table} WHERE credential_id = $1`, [
      credentialId,
    ]);
    return rows[0] ?? null;
  }

  /** Stores a new credential; false when its id is stored already (registered twice). */
  async add(
    owner: PasskeyOwner,
    row: Omit<PasskeyRow, 'counter' | 'last_used_at' | 'created_at'> & { counter: number },
    at: Date,
  ): Promise<boolean> {
    const { table, owner: column } = TABLES[owner];
    const rows = await this.q.query(
      `INSERT INTO ${table} (id, ${column}, credential_id, public_key, counter, transports, name, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (credential_id) DO NOTHING RETURNING id`,
      [row.id, row.owner_id, row.credential_id, row.public_key, row.counter, row.transports, row.name, at],
    );
    return rows.length > 0;
  }

  /** A use: the new counter and when; false when the credential is gone (removed meanwhile). */
  async markUsed(owner: PasskeyOwner, id: string, counter: number, at: Date): Promise<boolean> {
    const { table } = TABLES[owner];
    const rows = await this.q.query(
      `UPDATE ${table} SET counter = GREATEST(counter, $2), last_used_at = $3 WHERE id = $1 RETURNING id`,
      [id, counter, at],
    );
    return rows.length > 0;
  }

  /** Removes one of the owner's passkeys; false when the owner has none with that id. */
  async remove(owner: PasskeyOwner, ownerId: number, id: string): Promise<boolean> {
    const { table, owner: column } = TABLES[owner];
    const rows = await this.q.query(`DELETE FROM ${table} WHERE id = $1 AND ${column} = $2 RETURNING id`, [
      id,
      ownerId,
    ]);
    return rows.length > 0;
  }
}
