/**
 * `TEST_DATABASE_URL=postgres://… tsx test/scripts/sizing.ts [--customers N] [--months M]`: what the
 * database grows by per customer and month, measured on PostgreSQL through the portal's own calls
 * (docs/deploy/README.md#sizing-and-retention). N customers (300 by default) register with a code, sign
 * in, save a card and buy a package; then for M months (12) each is renewed by a billing pass, signs in
 * once more, has its invoice PDF made and is looked up once in the support console. Each table's
 * pg_total_relation_size is read after half the months and at the end: the difference over the second
 * half, per customer and month, is the growth without the tables' fixed first pages. Then one clean-up
 * with the default days runs and the tables are measured again. Prints Markdown; takes a few minutes.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { runBilling } from '../../api/src/money/billing/job';
import { invoiceOf } from '../../api/src/money/orders';
import { operatorOf } from '../../api/src/portalConfig';
import { cleanUpDaily } from '../../api/src/retention/cleanUp';
import { addCard, completeRegistration, payOrder, staffToken, startApi, type StartedApi } from '../../api/test/harness';

const DAY_MS = 86_400_000;
const { values } = parseArgs({ options: { customers: { type: 'string' }, months: { type: 'string' } } });
const CUSTOMERS = Number(values.customers ?? 300);
const MONTHS = Number(values.months ?? 12);
const UNLIMITED = '1000000';

interface Customer {
  username: string;
  device: { deviceType: string; deviceUsername: string; devicePassword: string; deviceName: string };
}

/** The code the sandbox's outbox view shows for `to`. */
async function lastCode(api: StartedApi, to: string): Promise<string> {
  const rows = (await api.call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`)).body as Array<{ code: string }>;
  return rows[0]!.code;
}

/** Half by e-mail, half by phone, as the registration page offers. */
async function register(api: StartedApi, i: number): Promise<Customer> {
  const byMail = i % 2 === 0;
  const username = byMail ? `kupac${i}@primjer.ba` : `06${String(10_000_000 + i)}`;
  const to = byMail ? username : `387${username.slice(1)}`;
  const device = {
    deviceType: 'ontv',
    deviceUsername: `web-${randomBytes(12).toString('hex')}`,
    devicePassword: randomBytes(32).toString('hex'),
    deviceName: 'Web (Chrome)',
  };
  const registrationType = byMail ? 'EMAIL' : 'PHONE_NUMBER';
  const started = await api.call('POST', '/start-registration', {
    body: { ...device, deviceType: 'PHONE', osType: 1, registrationType, username },
  });
  const identificator = started.body.data as string;
  const code = await lastCode(api, to);
  const approve = byMail ? { path: '/approve/mail', key: 'mailCode' } : { path: '/approve/sms', key: 'smsCode' };
  await api.call('POST', approve.path, { body: { identificator, [approve.key]: code } });
  await completeRegistration(api, registrationType, identificator);
  return { username, device };
}

async function signIn(api: StartedApi, customer: Customer): Promise<string> {
  const answer = await api.call('POST', '/login', {
    body: { username: customer.username, password: 'Novi1234!', ...customer.device },
  });
  if (answer.status !== 200) throw new Error(`login of ${customer.username}: ${JSON.stringify(answer.body)}`);
  return answer.body.token as string;
}

/** A card saved and a package bought with it, as the account page does. */
async function buy(api: StartedApi, token: string, i: number): Promise<void> {
  const { code } = await addCard(api, token, '4242424242424242');
  const [plan, amount] = i % 3 === 0 ? ['maxon', 24.9] : ['starton', 14.9];
  const placed = await api.call('POST', '/ontv-payments/new-account/order', {
    token,
    body: { creditCardId: code, amount, ontvPlanId: plan },
  });
  await payOrder(api, placed.body.paymentSecret as string);
}

/** Every table's size with its indexes and TOAST, and its rows. */
async function sizes(api: StartedApi): Promise<Map<string, { bytes: number; rows: number }>> {
  const tables = await api.db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  );
  const out = new Map<string, { bytes: number; rows: number }>();
  for (const { name } of tables) {
    const [row] = await api.db.query<{ bytes: string; rows: number }>(
      `SELECT pg_total_relation_size('"${name}"') AS bytes, (SELECT count(*)::int FROM "${name}") AS rows`,
    );
    out.set(name, { bytes: Number(row!.bytes), rows: row!.rows });
  }
  return out;
}

/** The month's work: renewals, a sign-in each, the month's invoice PDFs, a console look-up each. */
async function month(api: StartedApi, customers: Customer[], m: number, at: Date): Promise<void> {
  api.clock.set(at);
  await runBilling(api.ctx.billing, at);
  // A new member of staff each month: a console session ends after 15 idle minutes.
  const agent = await staffToken(api, `mjerenje${m}@operator.ba`, 'agent');
  const operator = operatorOf(api.ctx.config);
  const orders = await api.db.query<{ order_number: string }>(
    `SELECT order_number FROM payment_orders WHERE status = 'PAID' AND order_number NOT IN (SELECT order_number FROM invoice_pdfs)`,
  );
  for (const { order_number } of orders) {
    const invoice = await invoiceOf(api.ctx.store, order_number, null);
    if (invoice) await api.ctx.invoices.pdf(invoice, operator);
  }
  const ids = await api.db.query<{ id: number }>(`SELECT id FROM customers WHERE first_name = 'Nedim' ORDER BY id`);
  for (const [i, customer] of customers.entries()) {
    await signIn(api, customer);
    await api.call('GET', `/staff/customers/${ids[i]!.id}`, { token: agent });
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function report(half: Map<string, { bytes: number; rows: number }>, end: Map<string, { bytes: number; rows: number }>) {
  const months = MONTHS - Math.floor(MONTHS / 2);
  console.info(
    `\n| table | rows at the end | size at the end (KiB) | bytes per row | rows per customer per month | bytes per customer per month |`,
  );
  console.info('|---|---|---|---|---|---|');
  let total = 0;
  for (const [name, last] of end) {
    const first = half.get(name)!;
    const grown = last.bytes - first.bytes;
    const perRow = last.rows > first.rows ? Math.round(grown / (last.rows - first.rows)) : 0;
    const perCustomerMonth = Math.round(grown / months / CUSTOMERS);
    total += perCustomerMonth;
    if (last.rows === 0 && last.bytes < 65_536) continue;
    const rows = ((last.rows - first.rows) / months / CUSTOMERS).toFixed(2);
    console.info(`| ${name} | ${last.rows} | ${kb(last.bytes)} | ${perRow || '–'} | ${rows} | ${perCustomerMonth} |`);
  }
  console.info(`| all | | | | | ${total} |`);
}

async function main(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error('Set TEST_DATABASE_URL to a PostgreSQL the script may make a database in.');
  const api = await startApi({
    engine: 'postgres',
    env: {
      SANDBOX: '1',
      LOGIN_LIMIT_CLIENT: UNLIMITED,
      CODE_LIMIT_CLIENT: UNLIMITED,
      CODE_NEW_DESTINATIONS_HOURLY: UNLIMITED,
    },
  });
  try {
    const started = Date.now();
    const customers: Customer[] = [];
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const customer = await register(api, i);
      await buy(api, await signIn(api, customer), i);
      customers.push(customer);
    }
    console.info(`${CUSTOMERS} customers registered and subscribed in ${Math.round((Date.now() - started) / 1000)} s`);
    let half = await sizes(api);
    const first = api.clock.now();
    for (let m = 1; m <= MONTHS; m += 1) {
      await month(api, customers, m, new Date(first.getTime() + m * 31 * DAY_MS));
      if (m === Math.floor(MONTHS / 2)) half = await sizes(api);
      console.info(`month ${m} done at ${Math.round((Date.now() - started) / 1000)} s`);
    }
    const end = await sizes(api);
    report(half, end);
    // A sandbox holds its messages (no transport): in production they would have been sent.
    await api.db.query(`UPDATE outbox SET status = 'SENT', sent_at = created_at WHERE status = 'HELD'`);
    const cleaning = Date.now();
    const removed = await cleanUpDaily({ store: api.ctx.store, retention: api.ctx.config.retention }, api.clock.now());
    console.info(`\nClean-up with the default days: ${JSON.stringify(removed)} in ${Date.now() - cleaning} ms`);
    await api.db.query('VACUUM ANALYZE');
    console.info('\n| table | rows after the clean-up | size (KiB) |\n|---|---|---|');
    for (const [name, { rows, bytes }] of await sizes(api))
      if (rows > 0) console.info(`| ${name} | ${rows} | ${kb(bytes)} |`);
  } finally {
    await api.close();
    await api.dropDatabase?.();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
