/**
 * The help of every environment variable of SETTINGS (settings.ts): `--help`'s list, and the table that
 * `npm run readme-settings` writes into the operations guide. The schema stays one
 * object in settings.ts; its words are here, where the type holds them to it.
 */
import { messages } from '@portal/shared/texts';
import type { SettingName } from './settings';

/** What a variable is for: its default as a reader sees it, one line for `--help`, and what the README adds (Markdown). */
interface SettingHelp {
  shown: string;
  help: string;
  more?: string;
}

/** The help of every variable in SETTINGS, in its order (the type makes a missing or an extra one an error). */
export const SETTING_HELP: { [K in SettingName]: SettingHelp } = {
  PORT: { shown: '8080', help: 'HTTP port' },
  HOST: {
    shown: '127.0.0.1',
    help: 'address to listen on; 0.0.0.0 serves other machines (and turns sandbox mode off unless SANDBOX=1, so it then needs PAYMENT_PROVIDER=stripe)',
  },
  WORKERS: {
    shown: '1',
    help: "API processes sharing the port (node's cluster); above 1 needs DATABASE_URL",
    more: 'See [docs/several-processes.md](docs/several-processes.md)',
  },
  DRAIN_SECONDS: {
    shown: '10',
    help: 'on SIGTERM, how long the server keeps serving (ready answering 503, Connection: close) before it finishes what is in flight and exits 0; less when nothing is in flight',
    more: 'See [docs/deploy/](docs/deploy/README.md#stopping)',
  },
  DATA_DIR: {
    shown: '.data/',
    help: 'embedded database (PGlite) files and, in a sandbox, the generated signing secret and sealing keys',
  },
  DATABASE_URL: {
    shown: 'unset',
    help: 'the database: a PostgreSQL URL (postgres://user:password@host:port/database), or embedded for the embedded database (PGlite) under DATA_DIR; unset is the embedded one too, except that a production start refuses it unset, so that a forgotten URL never starts the portal on a new, empty database',
  },
  PRODUCT: {
    shown: 'ontv',
    help: 'product code in call paths (/{product}/...) and storage keys; the browser follows it',
  },
  JWT_SECRET: {
    shown: 'generated in a sandbox',
    help: "signs customers' and staff tokens, nothing else (32+ characters, openssl rand -base64 48); changing it signs everyone out; required outside a sandbox, where it is generated once into DATA_DIR",
    more: 'See [docs/deploy/keys.md](docs/deploy/keys.md)',
  },
  SEALING_KEYS: {
    shown: 'generated in a sandbox',
    help: 'the keyring that seals stored secrets (PINs, queued messages, staff second factors): comma-separated id:secret entries (id a-z0-9, secret 32+ characters: node api/dist/keys.js generate); the first seals, every one opens; required outside a sandbox, where one is generated once into DATA_DIR',
    more: 'A backup is read back only with the keys that sealed it: keep every id that `keys status` still counts. Rotation: [docs/deploy/keys.md](docs/deploy/keys.md)',
  },
  TOKEN_TTL_SECONDS: {
    shown: '900',
    help: 'sign-in token lifetime; the browser refreshes it with the device password',
  },
  REFRESH_WINDOW_DAYS: { shown: '30', help: 'how long an idle device session may still be refreshed' },
  LOGIN_LIMIT_ACCOUNT: {
    shown: '5',
    help: 'failed logins per account from one client address in the window (then 429)',
    more: 'See [docs/limits.md](docs/limits.md)',
  },
  LOGIN_LIMIT_ACCOUNT_TOTAL: {
    shown: '50',
    help: 'failed logins per account from all addresses in the window; past twice LOGIN_LIMIT_ACCOUNT each next try waits 2, 4, 8 … 60 s',
  },
  LOGIN_LIMIT_CLIENT: { shown: '30', help: 'logins per client address in the window' },
  LOGIN_LIMIT_WINDOW_SECONDS: { shown: '900', help: 'the window of the login limits' },
  CODE_LIMIT_CLIENT: {
    shown: '10',
    help: 'code messages (registration and reset codes, resends) one client address may ask for an hour (then 429)',
    more: 'See [docs/limits.md](docs/limits.md#code-messages)',
  },
  CODE_NEW_DESTINATIONS_HOURLY: {
    shown: '200',
    help: 'registration codes an hour, for the whole portal, to phone numbers and (apart) e-mail domains no code went to before; past it such codes are refused (429) for the rest of the hour, codes to known ones still go out',
  },
  TRUST_PROXY: {
    shown: 'unset',
    help: "the reverse proxy in front, whose X-Forwarded-For and X-Forwarded-Proto the server believes: its addresses or networks (10.0.0.5,fd00::/8; loopback; uniquelocal) or a hop count (1: one nginx). The client's address is the one that proxy saw, and every per-address limit counts it; unset: no proxy (the socket's address); `true` is refused (any client could choose its address)",
    more: 'A hop count believes whatever is at that hop: use one only when nothing but the proxy reaches the API. See [docs/deploy/](docs/deploy/README.md#several-api-processes-on-one-postgresql-behind-a-proxy)',
  },
  SANDBOX: {
    shown: 'on only for npm start on loopback',
    help: 'sandbox mode, for trying the portal: demo customers, the test card processor, /api/dev/outbox and /api/dev/billing; refused with NODE_ENV=production. The compiled server (node api/dist/main.js) is production unless SANDBOX=1',
    more:
      "The demo customers are seeded into an empty database, `GET /api/dev/outbox?to=<phone or e-mail>` reads the codes sent (newest first) and `POST /api/dev/billing` runs a billing pass at any time. The server says so in its first log line, and every page in its header ('" +
      messages.sandbox +
      messages.sandboxNotice +
      "'). Anyone who reaches a sandbox can sign in as a demo customer, read codes and move time, so a server that listens beyond loopback is one only with `SANDBOX=1`. A server that is no sandbox refuses to start without `PAYMENT_PROVIDER=stripe`, and on a database that holds the demo customers, each in one line naming what to do. A sandbox and a production server never share a database: each refuses one the other made (migration 035)",
  },
  SMTP_URL: {
    shown: 'unset',
    help: 'e-mail through this SMTP server (smtp://user:password@host:587 or smtps://…); unset: e-mails stay in the outbox. A production start needs SMTP_URL or SMS_GATEWAY_URL, so that codes reach customers; with SMS alone, a registration or reset by e-mail is refused',
    more: 'See [docs/messages.md](docs/messages.md)',
  },
  MAIL_FROM: { shown: 'unset', help: "the e-mails' sender (ON TV <no-reply@ontv.ba>); needed with SMTP_URL" },
  SMS_GATEWAY_URL: {
    shown: 'unset',
    help: 'SMS through this HTTP gateway: one JSON POST {"to", "text", "id"} per message; unset: SMS stay in the outbox, and outside the sandbox a registration or reset by phone number is refused',
    more: 'See [docs/messages.md](docs/messages.md)',
  },
  SMS_GATEWAY_TOKEN: { shown: 'unset', help: 'sent to the SMS gateway as Authorization: Bearer <token>' },
  SMS_ALLOWED_PREFIXES: {
    shown: '387',
    help: 'the only phone numbers an SMS goes to: those starting with one of these prefixes (international form without +, comma-separated); the API refuses others and the sender fails a queued one',
  },
  PUBLIC_URL: {
    shown: 'http://localhost:PORT',
    help: "the portal's public address (https://portal.example.ba): canonical URLs, the sitemap, robots.txt and the links in e-mails; a production start needs it",
  },
  MESSAGE_RETRY_SECONDS: {
    shown: '30',
    help: 'a message not delivered is tried again after this, then 1, 2, 4 … minutes (at most an hour apart)',
  },
  MESSAGE_MAX_ATTEMPTS: { shown: '12', help: 'tries of a message before it is given up' },
  MESSAGE_POLL_SECONDS: { shown: '5', help: 'how often each process looks for due messages' },
  SERVE_SOURCE_MAPS: {
    shown: 'false',
    help: "serve the apps' .map files (a missing file, a map included, answers 404)",
  },
  PAYMENT_PROVIDER: {
    shown: 'sandbox',
    help: 'sandbox (the built-in test processor at /sandbox-pay/v1; sandbox mode only) or stripe',
  },
  STRIPE_SECRET_KEY: { shown: 'unset', help: "Stripe's secret key (sk_live_…); required with stripe" },
  STRIPE_WEBHOOK_SECRET: {
    shown: 'unset',
    help: "the signing secret of Stripe's events (whsec_…), sent to POST /api/payments/stripe/webhook; required with stripe",
    more: 'The endpoint in Stripe listens to `setup_intent.succeeded`, `setup_intent.setup_failed`, `payment_intent.succeeded`, `payment_intent.payment_failed`, `charge.refunded` and `charge.dispute.created`, `charge.dispute.closed`: see [docs/money.md](docs/money.md)',
  },
  STRIPE_PUBLISHABLE_KEY: {
    shown: 'unset',
    help: "the pages' key (pk_live_…), served in /portal.config.json so the card fields use the server's processor; required with stripe",
  },
  STRIPE_API_URL: {
    shown: 'https://api.stripe.com',
    help: "where the server calls Stripe's API: another address only for Stripe's own mock (stripe-mock) or a test",
    more: 'A start checks STRIPE_SECRET_KEY there with one cheap call: a key Stripe refuses stops the start; Stripe out of reach is a warning. See [docs/deploy/README.md](docs/deploy/README.md#the-card-processor)',
  },
  BILLING_RETRY_DAYS: {
    shown: '1,3,5',
    help: "days after a renewal's due day on which a failed charge is tried again: increasing, each from 1 to 5 (the grace period)",
  },
  BILLING_INTERVAL_MINUTES: {
    shown: '60',
    help: 'how often the server runs the billing job (also once at start); 0 turns it off, for `npm run billing` from cron',
  },
  PRICE_NOTICE_DAYS: {
    shown: '30',
    help: "days a subscriber is told of a rise of their package's price before it applies: from their first renewal at least this long after the notice",
    more: 'See [docs/prices-and-promos.md](docs/prices-and-promos.md)',
  },
  ORDER_TTL_MINUTES: {
    shown: '30',
    help: 'how long an order placed by card (a purchase, a package change, a gift) may be paid: past it the processor payment is cancelled by the next billing pass, and money charged anyway goes back',
    more: 'See [docs/money.md](docs/money.md)',
  },
  OUTBOX_RETENTION_DAYS: {
    shown: '90',
    help: "days a message is kept once delivered or given up, its sealed text with it (the support console lists a customer's messages this far back); messages still to be sent stay. 0 keeps them for good",
    more: 'The daily clean-up runs in the server, once a day across its processes, whatever BILLING_INTERVAL_MINUTES says. See [docs/deploy/](docs/deploy/README.md#sizing-and-retention)',
  },
  SESSION_RETENTION_DAYS: {
    shown: '30',
    help: "days a customer's or staff session is kept once signed out or expired (a customer's after REFRESH_WINDOW_DAYS idle); each device's last session stays while it is trusted, for the login limits. 0 keeps them for good",
  },
  CODE_RETENTION_DAYS: {
    shown: '7',
    help: 'days a registration or password reset is kept after its last step (its code expired, approved or used), with the name and password hash of an unfinished one. 0 keeps them for good',
  },
  INVOICE_PDF_RETENTION_DAYS: {
    shown: '90',
    help: "days an invoice's stored PDF is kept after it was made; the next download makes it again from the order, with the operator's data of then. 0 keeps them for good",
  },
  OPERATOR_NAME: {
    shown: 'the sample',
    help: "the operator's registered company name, on invoices, their PDFs and every e-mail; a production start needs each OPERATOR_ setting (the sample data, shown in a sandbox, are refused)",
    more: 'See [docs/deploy/](docs/deploy/README.md#the-operators-legal-data)',
  },
  OPERATOR_ADDRESS: { shown: 'the sample', help: "the operator's registered address" },
  OPERATOR_ID_NUMBER: { shown: 'the sample', help: "the operator's ID number (JIB, 13 digits)" },
  OPERATOR_VAT_NUMBER: { shown: 'the sample', help: "the operator's VAT number (PDV, 12 digits)" },
  OPERATOR_BANK_ACCOUNT: {
    shown: 'the sample',
    help: "the operator's bank account for payments by transfer (16 digits)",
  },
  OPERATOR_SUPPORT_PHONE: {
    shown: 'the sample',
    help: "the support phone customers are told to call (pages, e-mails, the 'new device' notice)",
  },
  OPERATOR_SUPPORT_EMAIL: { shown: 'the sample', help: 'the support e-mail address customers are told to write to' },
  METRICS_PORT: {
    shown: 'unset',
    help: "Prometheus metrics at GET /metrics on their own port, never the public one (unset: none); with WORKERS the first process adds up every process's figures",
    more: "`ontv_http_request_duration_seconds` (requests by route, method and status: rate and latency), `ontv_logins_total{outcome}` (ok, failed, limited), `ontv_rate_limited_total{limit}`, `ontv_forwarded_for_ignored_total` (requests with X-Forwarded-For while TRUST_PROXY is unset), `ontv_unavailable_total{service}` (calls answered 503: the database or the card processor out of reach), `ontv_values_without_key{key,stored}` (stored values whose sealing key SEALING_KEYS lacks, found at the start), `ontv_code_ceiling_reached_total{kind}` (codes to new numbers or e-mail domains refused at CODE_NEW_DESTINATIONS_HOURLY), `ontv_billing_passes_total{outcome}`, `ontv_billing_subscriptions_total{result}`, `ontv_retention_removed_total{kind}` (rows the daily clean-up removed), `ontv_messages_written_total{channel}`, `ontv_message_deliveries_total{channel,outcome}`, the delivery backlog `ontv_messages_pending{channel}` and `ontv_messages_oldest_pending_seconds{channel}` (the largest figure of the processes, not the sum), and Node's own (memory, event-loop lag, GC)",
  },
  METRICS_HOST: { shown: '127.0.0.1', help: 'the address the metrics listen on' },
  LOG_LEVEL: { shown: 'info', help: 'silent, fatal, error, warn, info, debug or trace' },
  PORTAL_ROOT: { shown: 'this checkout', help: 'where the built apps are (host/dist, remotes/*/dist)' },
};

/** `--help`'s list of the environment: one line per variable, its default in brackets. */
export function environmentHelp(): string {
  const lines = (Object.entries(SETTING_HELP) as Array<[SettingName, SettingHelp]>).map(([name, { shown, help }]) => {
    const label = shown === 'unset' ? name : `${name} (${shown})`;
    return `  ${label.padEnd(34)} ${help.replace(/`/g, '')}`;
  });
  return `Environment:\n${lines.join('\n')}`;
}

/** A link of the README (`docs/limits.md`, `#several-processes`) as the operations guide in docs/deploy/ reaches it. */
const fromDeployGuide = (markdown: string) =>
  markdown.replace(/\]\(docs\/deploy\//g, '](').replace(/\]\(docs\//g, '](../');

/**
 * The table of the environment (between the `settings` markers of the operations guide,
 * docs/deploy/README.md), from the same help, its links written as the guide reaches them.
 */
export function settingsTable(): string {
  const rows = (Object.entries(SETTING_HELP) as Array<[SettingName, SettingHelp]>).map(
    ([name, { shown, help, more }]) => {
      // A value in code; a default that is a sentence (SANDBOX's) or a word (unset) as text.
      const value = /\s/.test(shown) || shown === 'unset' || shown === 'generated' ? shown : `\`${shown}\``;
      // Angle brackets in the one-line help (`<token>`) are text, not HTML.
      return `| \`${name}\` | ${value} | ${help.replace(/</g, '&lt;').replace(/>/g, '&gt;')}${more ? `. ${more}` : ''} |`;
    },
  );
  const table = ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
  return fromDeployGuide(table);
}
