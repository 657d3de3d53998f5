import type { CreditCard } from '@portal/shared/contract';
import { Repository } from './base';
import { openSessionWhere, sessionParams, type SessionKey } from './sessions';

export interface CardRow {
  code: string;
  primary_card: boolean;
  card_type: CreditCard['creditCardTypeCode'];
  masked_number: string;
  full_name: string | null;
  address: string | null;
  city: string | null;
  zip: string | null;
  phone: string | null;
  country: string | null;
  email: string | null;
  expiration_mm: number;
  expiration_yy: number;
  payment_method: string | null;
}

/** `credit_cards`: a card is PENDING from its setup until the processor confirms it (ACTIVE) or not (FAILED). */
export class CardsRepository extends Repository {
  /** A customer's saved (confirmed) cards, primary first. */
  async saved(customerId: number): Promise<CardRow[]> {
    return this.q.query<CardRow>(
      `SELECT * FROM credit_cards WHERE customer_id = $1 AND status = 'ACTIVE' ORDER BY primary_card DESC, created_at`,
      [customerId],
    );
  }

  /**
   * The saved cards of the customer whose token's device session is open, in one prepared query that
   * checks the session too (the account page's first load); null when the session is not open.
   */
  async savedOfSession(key: SessionKey): Promise<CardRow[] | null> {
    const rows = await this.prepared<CardRow & { session: string }>(
      'session_cards',
      `SELECT d.id AS session, cc.* FROM device_sessions d
         LEFT JOIN credit_cards cc ON cc.customer_id = d.customer_id AND cc.status = 'ACTIVE'
        WHERE ${openSessionWhere(1)}
        ORDER BY cc.primary_card DESC, cc.created_at`,
      sessionParams(key),
      key.customerId,
    );
    if (rows.length === 0) return null;
    return rows.filter((row) => row.code !== null);
  }

  /** One of the customer's own saved cards (`code` a UUID); null for any other. */
  async own(customerId: number, code: string): Promise<CardRow | null> {
    const [row] = await this.q.query<CardRow>(
      `SELECT * FROM credit_cards WHERE code = $1 AND customer_id = $2 AND status = 'ACTIVE'`,
      [code, customerId],
    );
    return row ?? null;
  }

  /** The customer's primary card that can be charged, if any. */
  async chargeablePrimary(
    customerId: number,
  ): Promise<{ code: string; masked_number: string; payment_method: string } | null> {
    const [card] = await this.q.query<{ code: string; masked_number: string; payment_method: string }>(
      `SELECT code, masked_number, payment_method FROM credit_cards WHERE customer_id = $1 AND status = 'ACTIVE' AND primary_card AND payment_method IS NOT NULL`,
      [customerId],
    );
    return card ?? null;
  }

  /**
   * The customer's primary card as a promo starts with it: `fingerprint` null for a card saved before
   * fingerprints were kept; null when the customer has no primary card.
   */
  async primaryForPromo(customerId: number): Promise<{ fingerprint: string | null } | null> {
    const [card] = await this.q.query<{ fingerprint: string | null }>(
      `SELECT fingerprint FROM credit_cards WHERE customer_id = $1 AND status = 'ACTIVE' AND primary_card`,
      [customerId],
    );
    return card ?? null;
  }

  async hasPrimary(customerId: number): Promise<boolean> {
    return (
      (
        await this.q.query(`SELECT 1 FROM credit_cards WHERE customer_id = $1 AND status = 'ACTIVE' AND primary_card`, [
          customerId,
        ])
      ).length > 0
    );
  }

  /** Drops setups never confirmed before `before`. */
  async dropAbandonedSetups(customerId: number, before: Date): Promise<void> {
    await this.q.query(`DELETE FROM credit_cards WHERE customer_id = $1 AND status <> 'ACTIVE' AND created_at < $2`, [
      customerId,
      before,
    ]);
  }

  async countSaved(customerId: number): Promise<number> {
    const [row] = await this.q.query<{ saved: number }>(
      `SELECT count(*)::int AS saved FROM credit_cards WHERE customer_id = $1 AND status = 'ACTIVE'`,
      [customerId],
    );
    return row?.saved ?? 0;
  }

  async startSetup(code: string, customerId: number, at: Date): Promise<void> {
    await this.q.query(
      `INSERT INTO credit_cards (code, customer_id, status, created_at) VALUES ($1, $2, 'PENDING', $3)`,
      [code, customerId, at],
    );
  }

  async setSetupId(code: string, setupId: string): Promise<void> {
    await this.q.query('UPDATE credit_cards SET setup_id = $2 WHERE code = $1', [code, setupId]);
  }

  async markFailed(code: string): Promise<void> {
    await this.q.query(`UPDATE credit_cards SET status = 'FAILED' WHERE code = $1`, [code]);
  }

  /** The customer of a setup still waiting for the processor. */
  async pendingSetupOwner(setupId: string): Promise<number | null> {
    const [row] = await this.q.query<{ customer_id: number }>(
      `SELECT customer_id FROM credit_cards WHERE setup_id = $1 AND status = 'PENDING'`,
      [setupId],
    );
    return row?.customer_id ?? null;
  }

  /**
   * The processor confirmed the setup: the card is saved, primary when the customer has no primary card,
   * with the processor's fingerprint of its number (a promo is once per card, docs/limits.md).
   */
  async confirmSetup(
    setupId: string,
    card: {
      brand: string;
      last4: string;
      expMonth: number;
      expYear: number;
      paymentMethod: string;
      fingerprint?: string;
    },
  ): Promise<void> {
    await this.q.query(
      `UPDATE credit_cards SET status = 'ACTIVE', card_type = $2, masked_number = $3, expiration_mm = $4, expiration_yy = $5, payment_method = $6,
              fingerprint = $7,
              primary_card = NOT EXISTS (SELECT 1 FROM credit_cards other WHERE other.customer_id = credit_cards.customer_id AND other.primary_card)
        WHERE setup_id = $1 AND status = 'PENDING'`,
      [
        setupId,
        card.brand,
        `**** **** **** ${card.last4}`,
        card.expMonth,
        card.expYear % 100,
        card.paymentMethod,
        card.fingerprint ?? null,
      ],
    );
  }

  async failSetup(setupId: string): Promise<void> {
    await this.q.query(`UPDATE credit_cards SET status = 'FAILED' WHERE setup_id = $1 AND status = 'PENDING'`, [
      setupId,
    ]);
  }

  /** No card of the customer is primary (a new one takes over). */
  async clearPrimary(customerId: number): Promise<void> {
    await this.q.query('UPDATE credit_cards SET primary_card = false WHERE customer_id = $1 AND primary_card', [
      customerId,
    ]);
  }

  async makePrimary(customerId: number, code: string): Promise<void> {
    await this.q.query(
      'UPDATE credit_cards SET primary_card = false WHERE customer_id = $1 AND primary_card AND code <> $2',
      [customerId, code],
    );
    await this.q.query('UPDATE credit_cards SET primary_card = true WHERE code = $1 AND customer_id = $2', [
      code,
      customerId,
    ]);
  }

  /** The card-holder data of a card not FAILED; false when the customer has no such card. */
  async setHolder(
    customerId: number,
    code: string,
    holder: {
      fullName: string;
      address: string;
      city: string;
      zip: string;
      phone: string;
      country: string;
      email: string;
    },
  ): Promise<boolean> {
    const rows = await this.q.query(
      `UPDATE credit_cards SET full_name = $3, address = $4, city = $5, zip = $6, phone = $7, country = $8, email = $9
        WHERE code = $1 AND customer_id = $2 AND status <> 'FAILED' RETURNING code`,
      [
        code,
        customerId,
        holder.fullName,
        holder.address,
        holder.city,
        holder.zip,
        holder.phone,
        holder.country,
        holder.email,
      ],
    );
    return rows.length > 0;
  }

  async delete(customerId: number, code: string): Promise<void> {
    await this.q.query('DELETE FROM credit_cards WHERE code = $1 AND customer_id = $2', [code, customerId]);
  }

  /** The newest saved card becomes primary (the primary one was deleted). */
  async promoteNewest(customerId: number): Promise<void> {
    await this.q.query(
      `UPDATE credit_cards SET primary_card = true WHERE code = (
         SELECT code FROM credit_cards WHERE customer_id = $1 AND status = 'ACTIVE' ORDER BY created_at DESC LIMIT 1)`,
      [customerId],
    );
  }
}
