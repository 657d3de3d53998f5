import { Repository } from './base';

/** Every column that holds a sealed value (auth/keyring.ts), with its table's key: what `keys status` counts and `keys reseal` moves. */
export const SEALED_COLUMNS = [
  { table: 'customers', column: 'pin_sealed' },
  { table: 'outbox', column: 'text_sealed' },
  { table: 'outbox', column: 'code_sealed' },
  { table: 'staff', column: 'totp_sealed' },
] as const;

type SealedColumn = (typeof SEALED_COLUMNS)[number];

/** A key id, or '' for a legacy value (sealed before values named their key). */
const KEY_ID_OF = (column: string) =>
  `CASE WHEN position('$' IN ${column}) > 0 THEN split_part(${column}, '$', 1) ELSE '' END`;

/**
 * The sealed values of every table, by the key that sealed them (docs/deploy/keys.md). Table and column
 * names come from SEALED_COLUMNS only, never from input.
 */
export class SealedValuesRepository extends Repository {
  /** How many values of a column each key id holds ('' for legacy values). */
  async countByKey({ table, column }: SealedColumn): Promise<Array<{ key_id: string; count: number }>> {
    return this.q.query<{ key_id: string; count: number }>(
      `SELECT ${KEY_ID_OF(column)} AS key_id, count(*)::int AS count FROM ${table}
        WHERE ${column} IS NOT NULL GROUP BY 1 ORDER BY 1`,
    );
  }

  /**
   * Unredeemed vouchers still redeemable on `today` (batch not cancelled, not expired), by the key id
   * their digest names, with the last valid day among them: an HMAC cannot be re-sealed, so each of
   * these keys must stay in SEALING_KEYS until that day (docs/vouchers.md).
   */
  async voucherDigestsByKey(today: string): Promise<Array<{ key_id: string; count: number; until: string }>> {
    return this.q.query<{ key_id: string; count: number; until: string }>(
      `SELECT split_part(v.digest, '$', 1) AS key_id, count(*)::int AS count, to_char(max(b.valid_until), 'YYYY-MM-DD') AS until
         FROM vouchers v JOIN voucher_batches b ON b.id = v.batch_id
        WHERE v.redeemed_at IS NULL AND b.cancelled_at IS NULL AND b.valid_until >= $1::date
        GROUP BY 1 ORDER BY 1`,
      [today],
    );
  }

  /** The next values, in id order after `afterId`, that are not sealed under `currentId`. */
  async notUnder(
    { table, column }: SealedColumn,
    currentId: string,
    afterId: number,
    limit: number,
  ): Promise<Array<{ id: number; value: string }>> {
    return this.q.query<{ id: number; value: string }>(
      `SELECT id::float8 AS id, ${column} AS value FROM ${table}
        WHERE ${column} IS NOT NULL AND ${KEY_ID_OF(column)} <> $1 AND id > $2
        ORDER BY id LIMIT $3`,
      [currentId, afterId, limit],
    );
  }

  /**
   * Puts each re-sealed value in place of the old one only where the column still holds the old one,
   * in one statement: a value changed meanwhile (a new PIN, another reseal command) is left as it is.
   * Answers how many rows changed.
   */
  async replace(
    { table, column }: SealedColumn,
    rows: Array<{ id: number; old: string; value: string }>,
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const changed = await this.q.query<{ id: number }>(
      `UPDATE ${table} AS t SET ${column} = v.value
         FROM unnest($1::bigint[], $2::text[], $3::text[]) AS v(id, old, value)
        WHERE t.id = v.id AND t.${column} = v.old
        RETURNING t.id`,
      [rows.map((r) => r.id), rows.map((r) => r.old), rows.map((r) => r.value)],
    );
    return changed.length;
  }
}
