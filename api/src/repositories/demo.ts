import { Repository } from './base';

/** The demo customers of a sandbox (db/seed.ts): written on a first start, and looked for on a production one. */
export class DemoRepository extends Repository {
  async customerCount(): Promise<number> {
    const [row] = await this.q.query<{ count: number }>('SELECT count(*)::int AS count FROM customers');
    return row?.count ?? 0;
  }

  /**
   * The demo's promos, as a sandbox shows them (a production database starts with none: migration 039):
   * StartON's first 14 days free, MaxON free until 31 March 2027; unless promos run already.
   */
  async addPromos(): Promise<void> {
    await this.q.query(
      `INSERT INTO plan_promos (plan_code, promo_type, duration_days, duration_until)
       SELECT * FROM (VALUES ('starton', 'DURATION_BASED', 14, NULL::date), ('maxon', 'TIME_UNTIL_BASED', NULL, DATE '2027-03-31')) AS demo
        WHERE NOT EXISTS (SELECT 1 FROM plan_promos WHERE status = 'ACTIVE')`,
    );
  }

  /** Which of these e-mail addresses, phone numbers and customer numbers the database holds. */
  async present(emails: readonly string[], phones: readonly string[], numbers: readonly string[]): Promise<string[]> {
    const rows = await this.q.query<{ name: string }>(
      `SELECT COALESCE(email, phone_number, customer_number) AS name FROM customers
       WHERE email = ANY($1::text[]) OR phone_number = ANY($2::text[]) OR customer_number = ANY($3::text[]) ORDER BY 1`,
      [emails, phones, numbers],
    );
    return rows.map((row) => row.name);
  }

  async addCustomer(c: {
    customerNumber: string;
    email: string | null;
    phoneNumber: string | null;
    firstName: string;
    lastName: string;
    passwordHash: string;
    pinSealed: string;
  }): Promise<number | null> {
    const [row] = await this.q.query<{ id: number }>(
      `INSERT INTO customers (customer_number, email, phone_number, first_name, last_name, password_hash, pin_sealed)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
      [c.customerNumber, c.email, c.phoneNumber, c.firstName, c.lastName, c.passwordHash, c.pinSealed],
    );
    return row?.id ?? null;
  }

  async addSubscription(
    customerId: number,
    s: { plan: string; status: string; periodStart: string; nextPaymentOn: string; pauseFrom?: string },
    at: Date,
  ): Promise<void> {
    // A pause runs from pauseFrom to the next payment day (decision 055).
    await this.q.query(
      `INSERT INTO subscriptions (customer_id, plan_code, status, period_start, next_payment_on, updated_at, agreed_price_fening, pause_from, pause_until)
       VALUES ($1, $2, $3, $4, $5, $6, plan_price($2, $4::date), $7::date, CASE WHEN $7::date IS NULL THEN NULL ELSE $5::date END)`,
      [customerId, s.plan, s.status, s.periodStart, s.nextPaymentOn, at, s.pauseFrom ?? null],
    );
  }

  /** A primary card the sandbox processor can charge: its payment method, and the card. */
  async addCard(
    customerId: number,
    card: {
      code: string;
      type: string;
      last4: string;
      holder: string;
      email: string | null;
      expYear: number;
      paymentMethod: string;
    },
    at: Date,
  ): Promise<void> {
    await this.q.query(
      `INSERT INTO sandbox_payment_methods (id, behaviour, brand, last4, exp_month, exp_year, created_at) VALUES ($1, 'succeed', $2, $3, 12, $4, $5)`,
      [card.paymentMethod, card.type, card.last4, card.expYear, at],
    );
    await this.q.query(
      `INSERT INTO credit_cards (code, customer_id, primary_card, card_type, masked_number, full_name, city, country, email, expiration_mm, expiration_yy, payment_method, created_at)
       VALUES ($1, $2, true, $3, $4, $5, 'Sarajevo', 'BA', $6, 12, $7, $8, $9)`,
      [
        card.code,
        customerId,
        card.type,
        `**** **** **** ${card.last4}`,
        card.holder,
        card.email,
        card.expYear,
        card.paymentMethod,
        at,
      ],
    );
  }
}
