import type { Lifecycle } from './http/drain';
import { InvoiceFiles } from './money/invoices/invoiceFiles';
import type { ApiConfig } from './config';
import type { Db } from './db/db';
import { ASIDE } from './db/keptReads';
import type { Keys } from './auth/secrets';
import { TokenIssuer } from './auth/tokens';
import { StaffTokens } from './support/tokens';
import { Limits } from './http/limits';
import { OutboxNotifier, type Channel, type Notifier } from './delivery/notifier';
import { MessageSender } from './delivery/sender';
import { smsGateway, smtpTransport } from './delivery/transports';
import { channelsOf } from './delivery/channels';
import { operatorOf } from './portalConfig';
import { invoiceFileName } from './money/invoices/invoicePdf';
import { invoiceOf } from './money/orders';
import { Store } from './repositories';
import type { PaymentGateway } from './money/processor/gateway';
import { paymentEventHandler } from './money/events';
import { giveBack } from './money/giveBack';
import { SandboxProcessor } from './money/processor/sandbox/processor';
import { StripeGateway } from './money/processor/stripe';
import type { BillingDeps } from './money/billing/deps';

/** Everything a route needs, built once per server: the clock is injected so tests can move time. */
export interface ApiContext {
  config: ApiConfig;
  db: Db;
  /** The repositories: all the SQL the API runs (repositories/index.ts). */
  store: Store;
  keys: Keys;
  now: () => Date;
  tokens: TokenIssuer;
  /** The support console's tokens, apart from customers' (support/tokens.ts). */
  staffTokens: StaffTokens;
  /** Limits kept in the database, shared by every API process (http/limits.ts). */
  limits: Limits;
  notifier: Notifier;
  /** The channels with a transport: the sender delivers only theirs, and outside the sandbox a code by another is refused (delivery/channels.ts). */
  channels: ReadonlySet<Channel>;
  /** Delivers the outbox's messages by e-mail and SMS when their transports are configured (delivery/sender.ts). */
  sender: MessageSender;
  /** The card processor; `sandbox` or `stripe` is set too, for the routes only that one serves. */
  payments: { gateway: PaymentGateway; sandbox: SandboxProcessor | null; stripe: StripeGateway | null };
  /** What the billing job runs with (money/billing/job.ts). */
  billing: BillingDeps;
  /** `stopping` from this process's SIGTERM on: GET /api/ready answers 503 (http/drain.ts). */
  lifecycle: Lifecycle;
  /** Invoice PDFs, rendered once each off the request loop and kept (money/invoices/invoiceFiles.ts). */
  invoices: InvoiceFiles;
}

export function createContext(
  config: ApiConfig,
  db: Db,
  keys: Keys,
  now: () => Date = () => new Date(),
  log: (line: string, level?: 'info' | 'warn') => void = () => undefined,
): ApiContext {
  const store = new Store(db);
  // The sandbox processor's tables and the outbox are read by no kept read: their writes leave those kept.
  const aside = store.writingFor(ASIDE);
  const sandbox =
    config.payments.provider === 'sandbox'
      ? new SandboxProcessor(aside.sandboxProcessor, keys.processor, now, log)
      : null;
  const stripe = config.payments.provider === 'stripe' ? StripeGateway.fromKeys(config.payments) : null;
  const gateway: PaymentGateway = (sandbox ?? stripe)!;
  const { delivery } = config;
  const operator = operatorOf(config);
  const invoices = new InvoiceFiles(store.invoicePdfs, now);
  const sender = new MessageSender({
    outbox: aside.outbox,
    sealing: keys.sealing,
    now,
    log,
    email: delivery.smtp ? smtpTransport(delivery.smtp.url, delivery.smtp.from) : null,
    sms: delivery.sms ? smsGateway(delivery.sms.url, delivery.sms.token) : null,
    smsAllowedPrefixes: delivery.smsAllowedPrefixes,
    publicUrl: delivery.publicUrl,
    operator,
    retrySeconds: delivery.retrySeconds,
    maxAttempts: delivery.maxAttempts,
    sandbox: config.sandbox,
    invoice: async (orderNumber, cyrillic) => {
      const invoice = await invoiceOf(store, orderNumber, null);
      if (!invoice) return null;
      const content = cyrillic ? await invoices.cyrillic(invoice, operator) : await invoices.pdf(invoice, operator);
      return { filename: invoiceFileName(orderNumber), content };
    },
  });
  const channels = channelsOf(delivery);
  const notifier = new OutboxNotifier(store, keys, now, log, channels, () => sender.written());
  gateway.onEvent(
    paymentEventHandler(
      store,
      now,
      notifier,
      (decided) => giveBack({ store, gateway, notifier, log }, [decided], now),
      keys.sealing,
      config.billing.orderTtlMinutes,
    ),
  );
  return {
    config,
    db,
    store,
    keys,
    now,
    tokens: new TokenIssuer(keys.signing, config.tokenTtlSeconds, now),
    staffTokens: new StaffTokens(keys.staffSigning, now),
    limits: new Limits(store.rateLimits, now),
    notifier,
    channels,
    sender,
    payments: { gateway, sandbox, stripe },
    billing: {
      store,
      gateway,
      notifier,
      retryDays: config.billing.retryDays,
      noticeDays: config.billing.noticeDays,
      orderTtlMinutes: config.billing.orderTtlMinutes,
      retention: config.retention,
      log,
    },
    lifecycle: { stopping: false },
    invoices,
  };
}
