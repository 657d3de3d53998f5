import { Repository } from './base';

/** A device session as the signed-in customer's token names it. */
export interface SessionKey {
  customerId: number;
  sessionId: string;
  /** The token's id: only the session's current token is accepted. */
  tokenId: string;
}

/**
 * SQL: the device session aliased `d` is the token's and still open; its id, customer and current token
 * id are the parameters `$first`, `$first+1` and `$first+2` (sessionParams). One home for the rule, used
 * by the session check and by reads that check the session while they read (account info, payment data).
 */
export const openSessionWhere = (first: number) =>
  `d.id = $${first} AND d.customer_id = $${first + 1} AND d.token_id = $${first + 2} AND d.revoked_at IS NULL`;
export const sessionParams = (key: SessionKey) => [key.sessionId, key.customerId, key.tokenId];

interface DeviceRow {
  id: string;
  device_type: string;
  device_name: string;
  created_at: Date;
  refreshed_at: Date;
}

/** `device_sessions` and `known_devices`: who is signed in where, and the devices a customer used before. */
export class SessionsRepository extends Repository {
  /** Whether the token's device session is open (the check of every signed-in call). */
  async isOpen(key: SessionKey): Promise<boolean> {
    const rows = await this.prepared<{ id: string }>(
      'open_session',
      `SELECT d.id FROM device_sessions d WHERE ${openSessionWhere(1)}`,
      sessionParams(key),
      key.customerId,
    );
    return rows.length > 0;
  }

  /** Whether this device (its id and hashed device password) signed in to the customer before and is still trusted. */
  async isKnownDevice(customerId: number, deviceUsername: string, devicePasswordHash: string): Promise<boolean> {
    const rows = await this.q.query(
      'SELECT 1 FROM device_sessions WHERE customer_id = $1 AND device_username = $2 AND device_password_hash = $3 AND untrusted_at IS NULL LIMIT 1',
      [customerId, deviceUsername, devicePasswordHash],
    );
    return rows.length > 0;
  }

  /** One open session per device: a new login on the same browser ends the old one, and this one starts. */
  async start(
    session: {
      id: string;
      customerId: number;
      deviceType: string;
      deviceUsername: string;
      deviceName: string;
      devicePasswordHash: string;
      tokenId: string;
    },
    at: Date,
  ): Promise<void> {
    await this.q.query(
      'UPDATE device_sessions SET revoked_at = $1 WHERE customer_id = $2 AND device_username = $3 AND revoked_at IS NULL',
      [at, session.customerId, session.deviceUsername],
    );
    await this.q.query(
      `INSERT INTO device_sessions (id, customer_id, device_type, device_username, device_name, device_password_hash, token_id, created_at, refreshed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [
        session.id,
        session.customerId,
        session.deviceType,
        session.deviceUsername,
        session.deviceName,
        session.devicePasswordHash,
        session.tokenId,
        at,
      ],
    );
  }

  /**
   * Remembers a device of the customer; true when it is new while others are known (a security notice).
   * The insert decides "new" once, however many logins of the same device race.
   */
  async rememberDevice(customerId: number, deviceUsername: string, at: Date): Promise<boolean> {
    const [fresh] = await this.q.query<{ others: boolean }>(
      `INSERT INTO known_devices (customer_id, device_username, first_seen_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING
       RETURNING EXISTS (SELECT 1 FROM known_devices k WHERE k.customer_id = $1 AND k.device_username <> $2) AS others`,
      [customerId, deviceUsername, at],
    );
    return fresh?.others ?? false;
  }

  /** The open session a refresh names, refreshed after `since`, with its device's id and hashed password. */
  async forRefresh(
    key: SessionKey,
    since: Date,
  ): Promise<{ device_username: string; device_password_hash: string } | null> {
    const [row] = await this.q.query<{ device_username: string; device_password_hash: string }>(
      `SELECT device_username, device_password_hash FROM device_sessions
       WHERE id = $1 AND customer_id = $2 AND token_id = $3 AND revoked_at IS NULL AND refreshed_at > $4`,
      [key.sessionId, key.customerId, key.tokenId, since],
    );
    return row ?? null;
  }

  /**
   * Rotation: only the token just replaced may be exchanged, and only once; false when it was not the
   * current one. The replaced token is kept, to tell a tab's racing refresh from a replay (endReplayed).
   */
  async rotate(sessionId: string, fromTokenId: string, toTokenId: string, at: Date): Promise<boolean> {
    const rows = await this.q.query(
      'UPDATE device_sessions SET token_id = $1, refreshed_at = $2, previous_token_id = token_id WHERE id = $3 AND token_id = $4 AND revoked_at IS NULL RETURNING id',
      [toTokenId, at, sessionId, fromTokenId],
    );
    return rows.length > 0;
  }

  /**
   * A token of the session that a rotation replaced, presented to refresh again (docs/limits.md):
   * unless it is the token just replaced, rotated after `graceStart` (two tabs refreshing at once), the
   * session ends, every session of its device is distrusted (no login budget of its own) and the device
   * is forgotten (its next sign-in is a new device, with the notice). One statement: of a burst of
   * replays one ends the session, the others find it ended. The ended session's device, or null.
   */
  async endReplayed(key: SessionKey, graceStart: Date, at: Date): Promise<{ device_username: string } | null> {
    const [row] = await this.q.query<{ device_username: string }>(
      `WITH ended AS (
         UPDATE device_sessions SET revoked_at = $4, untrusted_at = COALESCE(untrusted_at, $4)
          WHERE id = $1 AND customer_id = $2 AND revoked_at IS NULL AND token_id <> $3
            AND NOT (refreshed_at > $5 AND (previous_token_id = $3 OR previous_token_id IS NULL))
          RETURNING id, customer_id, device_username
       ), distrusted AS (
         UPDATE device_sessions d SET untrusted_at = $4 FROM ended
          WHERE d.customer_id = ended.customer_id AND d.device_username = ended.device_username
            AND d.id <> ended.id AND d.untrusted_at IS NULL
       ), forgotten AS (
         DELETE FROM known_devices k USING ended
          WHERE k.customer_id = ended.customer_id AND k.device_username = ended.device_username
       )
       SELECT device_username FROM ended`,
      [...sessionParams(key), at, graceStart],
    );
    return row ?? null;
  }

  /** Ends a session, only with its current token. */
  async endWithToken(sessionId: string, tokenId: string, at: Date): Promise<void> {
    await this.q.query(
      'UPDATE device_sessions SET revoked_at = $1 WHERE id = $2 AND token_id = $3 AND revoked_at IS NULL',
      [at, sessionId, tokenId],
    );
  }

  /**
   * Ends every open session of the customer but `keep` (none when null: a password reset), and
   * distrusts every other session, ended before or now: those devices no longer keep a login budget of
   * their own (docs/limits.md).
   */
  async endOthers(customerId: number, keep: string | null, at: Date): Promise<void> {
    await this.q.query(
      `UPDATE device_sessions SET revoked_at = COALESCE(revoked_at, $3), untrusted_at = COALESCE(untrusted_at, $3)
        WHERE customer_id = $1 AND ($2::uuid IS NULL OR id <> $2::uuid) AND (revoked_at IS NULL OR untrusted_at IS NULL)`,
      [customerId, keep, at],
    );
  }

  /** The customer's open sessions used since `since`: `current` first, then the most recently used. */
  async listOpen(customerId: number, since: Date, current: string): Promise<DeviceRow[]> {
    return this.q.query<DeviceRow>(
      `SELECT id, device_type, device_name, created_at, refreshed_at FROM device_sessions
        WHERE customer_id = $1 AND revoked_at IS NULL AND refreshed_at > $2 ORDER BY id = $3 DESC, refreshed_at DESC, created_at DESC`,
      [customerId, since, current],
    );
  }

  /** Ends one of the customer's open sessions; false when there is none with that id. */
  async end(customerId: number, sessionId: string, at: Date): Promise<boolean> {
    const rows = await this.q.query(
      'UPDATE device_sessions SET revoked_at = $3 WHERE id = $2 AND customer_id = $1 AND revoked_at IS NULL RETURNING id',
      [customerId, sessionId, at],
    );
    return rows.length > 0;
  }

  /** The device of session `of` is a stranger from now on: every session of it but `keep` is distrusted. */
  async distrustDeviceOf(customerId: number, of: string, keep: string, at: Date): Promise<void> {
    await this.q.query(
      `UPDATE device_sessions SET untrusted_at = COALESCE(untrusted_at, $3)
        WHERE customer_id = $1 AND device_username = (SELECT device_username FROM device_sessions WHERE id = $2) AND id <> $4`,
      [customerId, of, at, keep],
    );
  }
}
