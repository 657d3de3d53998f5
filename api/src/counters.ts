import { Counter } from 'prom-client';

/**
 * The counters a use case or a job adds to (codes, billing, invoices, messages), in prom-client's
 * default registry: http/metrics.ts serves them on METRICS_PORT with the requests' figures. Here, not
 * in http/, so that the domain never imports the HTTP layer (docs/decisions/041-use-cases-own-their-transaction.md).
 */

/** Codes refused because the portal's hourly ceiling of new destinations was reached (docs/limits.md, Code messages). */
export const codeCeilingReached = new Counter({
  name: 'ontv_code_ceiling_reached_total',
  help: 'Codes to a destination no code went to before, refused because the hourly ceiling (CODE_NEW_DESTINATIONS_HOURLY) was reached, by kind: phone, email_domain',
  labelNames: ['kind'] as const,
});

export const billingResults = new Counter({
  name: 'ontv_billing_subscriptions_total',
  help: 'Subscriptions the billing passes handled, by result: charged, failed, expired, ended, skipped',
  labelNames: ['result'] as const,
});

export const invoicePdfRenders = new Counter({
  name: 'ontv_invoice_pdf_renders_total',
  help: 'Invoice PDFs rendered (each invoice once; later downloads read the stored file)',
});
export const billingPasses = new Counter({
  name: 'ontv_billing_passes_total',
  help: 'Billing passes by outcome: done, busy (another process had the lock), error',
  labelNames: ['outcome'] as const,
});

export const messages = new Counter({
  name: 'ontv_messages_written_total',
  help: 'Messages (codes, receipts, notices) the notifier wrote, by channel',
  labelNames: ['channel'] as const,
});

export const messagesDelivered = new Counter({
  name: 'ontv_message_deliveries_total',
  help: 'Delivery tries by channel and outcome: sent, retried (tried again later), failed (given up), blocked (a setting the operator must fix; kept, not counted)',
  labelNames: ['channel', 'outcome'] as const,
});

export const messagesBlocked = new Counter({
  name: 'ontv_message_deliveries_blocked_total',
  help: 'Delivery tries refused for a reason the operator must fix, by channel and reason: authentication (SMTP_URL user and password, SMS_GATEWAY_TOKEN), tls (no TLS while SMTP_URL has a password), relay; the message stays queued',
  labelNames: ['channel', 'reason'] as const,
});
