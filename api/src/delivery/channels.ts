import type { ApiConfig } from '../config';
import { DomainError } from '../errors';
import { ERROR_TEXTS } from '../texts/errors';
import type { Channel } from './notifier';

/**
 * The channels this server delivers: those with a transport (SMTP_URL, SMS_GATEWAY_URL). The notifier
 * queues their messages and the sender sends them; another channel's messages are HELD until a start
 * with its transport (outside the sandbox: sender.ts).
 */
export function channelsOf(delivery: Pick<ApiConfig['delivery'], 'smtp' | 'sms'>): ReadonlySet<Channel> {
  return new Set<Channel>([
    ...(delivery.smtp ? (['EMAIL'] as const) : []),
    ...(delivery.sms ? (['SMS'] as const) : []),
  ]);
}

/** What the refusal reads: the server's deliverable channels (context.ts) and whether it is a sandbox. */
export interface ChannelDeps {
  channels: ReadonlySet<Channel>;
  config: { sandbox: boolean };
}

/** Whether a message by `channel` reaches anyone: the sandbox's outbox view shows every one. */
export function deliverable(deps: ChannelDeps, channel: Channel): boolean {
  return deps.config.sandbox || deps.channels.has(channel);
}

/**
 * A code is asked for by `channel`: outside the sandbox, a channel without a transport is refused (409)
 * before anything is written, so no customer waits for a code that never comes; a production start needs
 * only one of SMTP_URL and SMS_GATEWAY_URL. The sandbox keeps every code: its outbox view shows them.
 * Every path that issues a code (a registration, a reset, a resend) asks here.
 */
export function refuseUnlessDeliverable(deps: ChannelDeps, channel: Channel): void {
  if (deliverable(deps, channel)) return;
  throw channel === 'SMS'
    ? new DomainError('conflict', ERROR_TEXTS.smsUnavailable, 'SMS_UNAVAILABLE')
    : new DomainError('conflict', ERROR_TEXTS.emailUnavailable, 'EMAIL_UNAVAILABLE');
}

/**
 * The start's warning when only one channel has a transport (outside the sandbox): codes by the other
 * are refused, and receipts and notices to customers reachable only by it are kept in the outbox
 * (HELD) until a start with its setting sends them.
 */
export function missingChannelWarning(config: Pick<ApiConfig, 'sandbox' | 'delivery'>): string | null {
  const channels = channelsOf(config.delivery);
  if (config.sandbox || channels.size !== 1) return null;
  return channels.has('EMAIL')
    ? 'SMS_GATEWAY_URL is not set: codes go by e-mail only (a registration or reset by phone number is refused), and SMS notices to customers without an e-mail address are kept in the outbox until a start with SMS_GATEWAY_URL sends them.'
    : 'SMTP_URL is not set: codes go by SMS only (a registration or reset by e-mail is refused), and e-mails (receipts with invoices, notices) are kept in the outbox until a start with SMTP_URL sends them.';
}
