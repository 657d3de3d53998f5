import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CARD_VERIFICATION_AMOUNT, endpoints, type CreditCard } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import { lockCustomer } from '../auth/customers';
import type { Db, Queryable } from '../db/db';
import { openSessionWhere, sessionParams, type Principal } from '../auth/guard';
import { HttpError, tooManyRequests, UUID } from '../http/validate';
import { Limits, type Limit } from '../http/limits';
import { route } from '../http/route';
import { retryWithNewCard } from '../billing/job';

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

export function toCreditCard(c: CardRow): CreditCard {
  return {
    code: c.code,
    primaryCard: c.primary_card,
    creditCardTypeCode: c.card_type,
    cardNumber: c.masked_number,
    fullName: c.full_name,
    address: c.address,
    city: c.city,
    zip: c.zip,
    phone: c.phone,
    country: c.country,
    email: c.email,
    expirationDateMm: c.expiration_mm,
    expirationDateYy: c.expiration_yy,
  };
}

/** A customer's saved (confirmed) cards, primary first. */
export async function savedCards(db: Queryable, customerId: number): Promise<CardRow[]> {
  return db.query<CardRow>(`SELECT * FROM credit_cards WHERE customer_id = $1 AND status = 'ACTIVE' ORDER BY primary_card DESC, created_at`, [customerId]);
}

/**
 * The saved cards of the customer whose token's device session is open, in one prepared query that
 * checks the session too (the account page's first load); null when the session is not open.
 */
export async function savedCardsOfSession(db: Db, principal: Principal): Promise<CardRow[] | null> {
  const rows = await db.prepared<CardRow & { session: string }>(
    'session_cards',
    `SELECT d.id AS session, cc.* FROM device_sessions d
       LEFT JOIN credit_cards cc ON cc.customer_id = d.customer_id AND cc.status = 'ACTIVE'
      WHERE ${openSessionWhere(1)}
      ORDER BY cc.primary_card DESC, cc.created_at`,
    sessionParams(principal),
  );
  if (rows.length === 0) return null;
  return rows.filter((row) => row.code !== null);
}

/** One of the customer's own saved cards; any other code (another customer's, unknown, malformed) is absent. */
export async function ownCard(db: Queryable, customerId: number, code: string): Promise<CardRow | null> {
  if (!UUID.test(code)) return null;
  const [row] = await db.query<CardRow>(`SELECT * FROM credit_cards WHERE code = $1 AND customer_id = $2 AND status = 'ACTIVE'`, [code, customerId]);
  return row ?? null;
}

export const CARD_NOT_FOUND = 'Kartica nije pronađena.';
const MAX_CARDS = 10;
const MAX_NEW_CARDS_PER_HOUR = 10;

/**
 * Cards (product.md §7, Cards and payments). A new card is a PENDING row with the provider's setup; the
 * browser sends the card-holder data (PATCH) and confirms the setup with the provider, which reports
 * the card (brand, last four digits, expiry) back; only then is the card listed.
 */
export function cardRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.createCard, async ({ customer: { customerId } }) => {
    const hourAgo = new Date(ctx.now().getTime() - 3_600_000);
    const code = randomUUID();
    // The limits are decided under the customer's row lock, with the new setup's row written before it is released.
    await ctx.db.transaction(async (tx) => {
      await lockCustomer(tx, customerId);
      // Setups never confirmed within an hour are abandoned.
      await tx.query(`DELETE FROM credit_cards WHERE customer_id = $1 AND status <> 'ACTIVE' AND created_at < $2`, [customerId, hourAgo]);
      const [counts] = await tx.query<{ saved: number }>(`SELECT count(*) FILTER (WHERE status = 'ACTIVE')::int AS saved FROM credit_cards WHERE customer_id = $1`, [customerId]);
      if (counts!.saved >= MAX_CARDS) throw new HttpError(409, `Možeš sačuvati najviše ${MAX_CARDS} kartica. Obriši karticu koju ne koristiš.`, 'TOO_MANY_CARDS');
      // Every setup started counts, confirmed or not, deleted or kept: a card tester who saves and deletes
      // cards to check stolen numbers gets ten an hour. In this transaction: a refused setup counts nothing.
      const setups: Limit = { key: `card-setup:${customerId}`, max: MAX_NEW_CARDS_PER_HOUR, windowSeconds: 3600 };
      const taken = await new Limits(tx, ctx.now).take([setups]);
      if (!taken.ok) throw tooManyRequests('Previše pokušaja dodavanja kartice.', taken.retryAfter, 'TOO_MANY_ATTEMPTS');
      await tx.query(`INSERT INTO credit_cards (code, customer_id, status, created_at) VALUES ($1, $2, 'PENDING', $3)`, [code, customerId, ctx.now()]);
    });
    let setup: { id: string; clientSecret: string };
    try {
      setup = await ctx.payments.gateway.createSetup({ customerRef: String(customerId), idempotencyKey: code });
    } catch (error) {
      // The provider did not answer: the attempt still counts (it stays FAILED for the hour).
      await ctx.db.query(`UPDATE credit_cards SET status = 'FAILED' WHERE code = $1`, [code]);
      throw error;
    }
    await ctx.db.query('UPDATE credit_cards SET setup_id = $2 WHERE code = $1', [code, setup.id]);
    return {
      code,
      paymentSecret: setup.clientSecret,
      card: null,
      orderInfo: { orderInfo: 'Verifikacija kartice', amount: CARD_VERIFICATION_AMOUNT },
    };
  });

  const cardList = async (customerId: number) => (await savedCards(ctx.db, customerId)).map(toCreditCard);

  route(app, ctx, endpoints.listCards, async ({ customer: { customerId } }) => cardList(customerId));

  route(app, ctx, endpoints.setPrimaryCard, async ({ customer: { customerId }, params: { code: id } }) => {
    await ctx.db.transaction(async (tx) => {
      if (!(await ownCard(tx, customerId, id))) throw new HttpError(404, CARD_NOT_FOUND, 'NOT_FOUND');
      await lockCustomer(tx, customerId);
      await tx.query('UPDATE credit_cards SET primary_card = false WHERE customer_id = $1 AND primary_card AND code <> $2', [customerId, id]);
      await tx.query('UPDATE credit_cards SET primary_card = true WHERE code = $1 AND customer_id = $2', [id, customerId]);
      await retryWithNewCard(tx, customerId);
    });
    return cardList(customerId);
  });

  route(app, ctx, endpoints.updateCardHolder, async ({ customer: { customerId }, body: holder, params: { code } }) => {
    const rows = UUID.test(code)
      ? await ctx.db.query<{ code: string }>(
          `UPDATE credit_cards SET full_name = $3, address = $4, city = $5, zip = $6, phone = $7, country = $8, email = $9
            WHERE code = $1 AND customer_id = $2 AND status <> 'FAILED' RETURNING code`,
          [code, customerId, holder.fullName.trim(), holder.address.trim(), holder.city.trim(), holder.zip.trim(), holder.phone.trim(), holder.country, holder.email.trim()],
        )
      : [];
    if (!rows[0]) throw new HttpError(404, CARD_NOT_FOUND, 'NOT_FOUND');
    return { code };
  });

  route(app, ctx, endpoints.deleteCard, async ({ customer: { customerId }, params: { code: id }, request }) => {
    const removed = await ctx.db.transaction(async (tx) => {
      const card = await ownCard(tx, customerId, id);
      if (!card) throw new HttpError(404, CARD_NOT_FOUND, 'NOT_FOUND');
      await lockCustomer(tx, customerId);
      await tx.query('DELETE FROM credit_cards WHERE code = $1 AND customer_id = $2', [id, customerId]);
      // The customer keeps a primary card while any card is left: the newest one takes over.
      if (card.primary_card) {
        await tx.query(
          `UPDATE credit_cards SET primary_card = true WHERE code = (
             SELECT code FROM credit_cards WHERE customer_id = $1 AND status = 'ACTIVE' ORDER BY created_at DESC LIMIT 1)`,
          [customerId],
        );
      }
      return card;
    });
    if (removed.payment_method) await ctx.payments.gateway.detach(removed.payment_method).catch((error: Error) => request.log.warn(`Detaching a card failed: ${error.message}`));
    return cardList(customerId);
  });
}
