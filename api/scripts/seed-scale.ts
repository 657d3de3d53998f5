/**
 * `tsx api/scripts/seed-scale.ts <database-url> [--customers N] [--due-on YYYY-MM-DD]`: an operator's size
 * on a migrated PostgreSQL database, for `npm run bench -- --scale`. With N customers
 * (200,000 by default): 10 paid orders each, 5 audit rows each, 2.5 voucher codes each (a tenth
 * redeemed), a device session and a card each, and a subscription each, a tenth of them due on
 * `--due-on` (today by default) and the rest over the following four weeks. Every customer signs in
 * with the demo customers' password. Set-based SQL, a few minutes; never on a database in use (it
 * refuses one that already holds seeded customers).
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { isoDay, TIME_ZONE } from '../src/days';

const FIRST = [
  'Amir',
  'Amra',
  'Adnan',
  'Ajla',
  'Almir',
  'Alma',
  'Armin',
  'Azra',
  'Benjamin',
  'Belma',
  'Damir',
  'Dina',
  'Edin',
  'Elma',
  'Emir',
  'Emina',
  'Faruk',
  'Hana',
  'Haris',
  'Ilma',
  'Jasmin',
  'Lejla',
  'Kenan',
  'Lamija',
  'Mirza',
  'Merima',
  'Nedim',
  'Nejra',
  'Omer',
  'Sara',
  'Samir',
  'Selma',
  'Tarik',
  'Una',
  'Vedad',
  'Zara',
  'Đorđe',
  'Čedomir',
  'Šejla',
  'Žana',
];
const LAST = [
  'Hodžić',
  'Hadžić',
  'Begić',
  'Kovačević',
  'Mehić',
  'Delić',
  'Hasanović',
  'Ibrahimović',
  'Omerović',
  'Mujić',
  'Salihović',
  'Alić',
  'Husić',
  'Karić',
  'Mešić',
  'Zukić',
  'Šehić',
  'Jusić',
  'Čolić',
  'Softić',
  'Bešić',
  'Imamović',
  'Osmanović',
  'Suljić',
  'Tahirović',
  'Avdić',
  'Ćosić',
  'Džafić',
  'Halilović',
  'Ahmetović',
  'Marić',
  'Jurić',
  'Petrović',
  'Jovanović',
  'Nikolić',
  'Babić',
  'Lukić',
  'Perić',
  'Pavlović',
  'Vuković',
  'Popović',
  'Đurić',
  'Knežević',
  'Savić',
  'Ilić',
  'Tomić',
  'Bošnjak',
  'Krupić',
  'Topić',
  'Smajić',
];

const SEEDED = 'skala';

/** The seeding's statements, in order: each a set-based INSERT over generate_series. */
function statements(customers: number, dueOn: string): Array<[string, string]> {
  const due = Math.max(1, Math.round(customers / 10));
  const text = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(', ')}]`;
  return [
    [
      `${customers} customers`,
      `INSERT INTO customers (customer_number, email, phone_number, first_name, last_name, password_hash, pin_sealed, created_at)
       SELECT (5000000 + g)::text,
              CASE WHEN g % 2 = 0 THEN '${SEEDED}' || g || '@primjer.ba' END,
              CASE WHEN g % 2 = 1 THEN '3876' || lpad(g::text, 8, '0') END,
              (${text(FIRST)})[1 + g % ${FIRST.length}], (${text(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}],
              d.password_hash, d.pin_sealed, now() - (g % 1500) * interval '1 day'
         FROM generate_series(1, ${customers}) g, (SELECT password_hash, pin_sealed FROM customers WHERE email = 'aktivna@ontv.ba') d`,
    ],
    [
      'a subscription each',
      `INSERT INTO subscriptions (customer_id, plan_code, status, period_start, next_payment_on, updated_at, agreed_price_fening)
       SELECT c.id, CASE WHEN n % 3 = 0 THEN 'maxon' ELSE 'starton' END, 'ACTIVE',
              (due - interval '1 month')::date, due, now(),
              plan_price(CASE WHEN n % 3 = 0 THEN 'maxon' ELSE 'starton' END, (now() AT TIME ZONE '${TIME_ZONE}')::date)
         FROM (SELECT id, customer_number::int - 5000000 AS n FROM customers WHERE customer_number::int > 5000000) c,
              LATERAL (SELECT CASE WHEN c.n <= ${due} THEN DATE '${dueOn}' ELSE DATE '${dueOn}' + 1 + c.n % 28 END AS due) d`,
    ],
    [
      'a card each (the sandbox processor charges it)',
      `WITH methods AS (
         INSERT INTO sandbox_payment_methods (id, behaviour, brand, last4, exp_month, exp_year, created_at)
         SELECT 'pm_${SEEDED}_' || id, 'succeed', 'visa', '4242', 12, 30, now() FROM customers WHERE customer_number::int > 5000000
         RETURNING id)
       INSERT INTO credit_cards (code, customer_id, primary_card, card_type, masked_number, expiration_mm, expiration_yy, payment_method, created_at)
       SELECT gen_random_uuid(), substr(m.id, ${`pm_${SEEDED}_`.length + 1})::int, true, 'visa', '**** **** **** 4242', 12, 30, m.id, now() FROM methods m`,
    ],
    [
      `${customers * 10} paid orders`,
      `INSERT INTO payment_orders (order_number, customer_id, plan_code, card_number, amount_fening, status, idempotency_key,
                                   period_start, period_end, created_at, updated_at, kind, due_on)
       SELECT 'S' || lpad((s.customer_id * 10 + k)::text, 10, '0'), s.customer_id, s.plan_code, '**** **** **** 4242',
              CASE WHEN s.plan_code = 'maxon' THEN 2490 ELSE 1490 END, 'PAID', '${SEEDED}-' || k,
              (s.period_start - k * interval '1 month')::date, (s.next_payment_on - k * interval '1 month')::date,
              s.period_start - k * interval '1 month', s.period_start - k * interval '1 month', 'RENEWAL',
              (s.period_start - k * interval '1 month')::date
         FROM subscriptions s JOIN customers c ON c.id = s.customer_id AND c.customer_number::int > 5000000,
              generate_series(0, 9) k`,
    ],
    [
      `${customers * 5} audit rows`,
      `INSERT INTO audit_events (at, staff_name, action, customer_id, reason)
       SELECT now() - (g % 100000) * interval '5 minutes', 'Skala Agent',
              (ARRAY['customer.search', 'customer.view', 'customer.block', 'customer.extend'])[1 + g % 4],
              (SELECT min(id) FROM customers) + g % ${customers}, 'Mjerenje'
         FROM generate_series(1, ${customers * 5}) g`,
    ],
    // Digests in their stored form (`key id$hex`) under a key no ring holds: a server started on this
    // database names one missing key (docs/deploy/keys.md), where a bare hex named each code as a key.
    [
      `${Math.round(customers * 2.5)} voucher codes, a tenth redeemed`,
      `WITH batches AS (
         INSERT INTO voucher_batches (plan_code, months, count, valid_until, label, issued_at, issued_by)
         SELECT CASE WHEN b % 2 = 0 THEN 'maxon' ELSE 'starton' END, 1 + b % 6, 10000, DATE '${dueOn}' + 365,
                'Skala ' || b, now(), 'Skala Admin'
           FROM generate_series(1, ${Math.ceil((customers * 2.5) / 10000)}) b
         RETURNING id)
       INSERT INTO vouchers (batch_id, digest, last_four, redeemed_at, customer_id, months_left)
       SELECT b.id, 'skala$' || md5('${SEEDED}' || b.id || '-' || v), upper(substr(md5(b.id || '-' || v), 1, 4)),
              CASE WHEN v % 10 = 0 THEN now() END,
              CASE WHEN v % 10 = 0 THEN (SELECT min(id) FROM customers) + (b.id * 10000 + v) % ${customers} END,
              CASE WHEN v % 10 = 0 THEN v % 3 END
         FROM batches b, generate_series(1, 10000) v
        WHERE (b.id - (SELECT min(id) FROM batches)) * 10000 + v <= ${Math.round(customers * 2.5)}`,
    ],
    [
      'a device session each',
      `INSERT INTO device_sessions (id, customer_id, device_type, device_username, device_name, device_password_hash, token_id, created_at, refreshed_at)
       SELECT gen_random_uuid(), id, 'ontv', 'tv-' || id, 'TV', md5(id::text), gen_random_uuid(), now(), now()
         FROM customers WHERE customer_number::int > 5000000`,
    ],
    // As a database in service would be: its visibility map set and its statistics read, no autovacuum to come.
    ['vacuum and statistics', 'VACUUM ANALYZE'],
  ];
}

export async function seedScale(
  databaseUrl: string,
  options: { customers: number; dueOn: string; log?: (line: string) => void },
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [seeded] = (await client.query(`SELECT count(*)::int AS n FROM customers WHERE email LIKE '${SEEDED}%'`))
      .rows;
    if (seeded.n > 0) throw new Error('This database holds seeded customers already: seed a fresh one.');
    const [demo] = (await client.query(`SELECT 1 FROM customers WHERE email = 'aktivna@ontv.ba'`)).rows;
    if (!demo) throw new Error('No demo customers: start the portal once on this database with SANDBOX=1 first.');
    for (const [what, sql] of statements(options.customers, options.dueOn)) {
      const started = performance.now();
      await client.query(sql);
      options.log?.(`  ${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await client.end();
  }
}

if (require.main === module) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { customers: { type: 'string', default: '200000' }, 'due-on': { type: 'string' } },
  });
  const url = positionals[0];
  const customers = Number(values.customers);
  if (!url || !Number.isInteger(customers) || customers < 1) {
    console.error('Usage: tsx api/scripts/seed-scale.ts <database-url> [--customers N] [--due-on YYYY-MM-DD]');
    process.exit(2);
  }
  const dueOn = values['due-on'] ?? isoDay(new Date());
  seedScale(url, { customers, dueOn, log: console.info }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
