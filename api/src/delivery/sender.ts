import fs from 'node:fs';
import path from 'node:path';
import type { OperatorSettings } from '@portal/shared/contract';
import type { OutboxRepository, OutboxRow } from '../repositories/outbox';
import { unseal, type Keyring } from '../auth/secrets';
import { messagesBlocked, messagesDelivered } from '../counters';
import { LOGO_CID, renderEmail } from './email';
import { DeliveryError, type BlockedReason, type EmailTransport, type SmsTransport } from './transports';
import { COUNTRY_PREFIX } from '@portal/shared/contract';
import { maskAddress, smsAllowed, type Channel, type MessageKind } from './notifier';
import { API_DIR } from '../apiDir';
import { CODE_TTL_MINUTES } from '../onboarding/rules';

/** How long a claimed message is this process's to deliver; a process that dies mid-way loses it after this. */
const LEASE_SECONDS = 300;
/** Messages claimed at a time. */
const BATCH = 20;
/** The longest wait between two tries. */
const MAX_BACKOFF_SECONDS = 3600;
/**
 * How long after it was written a message HELD for want of a transport is still worth sending, by kind
 * (docs/messages.md, "Held messages"): a one-time code is dead once it expires. Receipts, gifts and
 * notices say what happened, with its date, and go out however late.
 */
const WORTH_SENDING_MINUTES: Partial<Record<MessageKind, number>> = { CODE: CODE_TTL_MINUTES };
const LAPSED = 'held without a transport until after it had expired; not sent';

const LOGO = fs.readFileSync(path.join(API_DIR, 'assets', 'logo.png'));

interface SenderDeps {
  outbox: OutboxRepository;
  sealing: Keyring;
  now: () => Date;
  /** `warn` for what the operator must act on (a refused login, no TLS, a relay refusing). */
  log: (line: string, level?: 'info' | 'warn') => void;
  email: EmailTransport | null;
  sms: SmsTransport | null;
  publicUrl: string;
  operator: OperatorSettings;
  /** The first retry waits this long; each next one twice as long, at most an hour. */
  retrySeconds: number;
  /** Tries before a message is FAILED; a try the operator's setting blocked does not count (decision 037). */
  maxAttempts: number;
  /** A sandbox sends nothing it HELD: its messages are its outbox view's (GET /api/dev/outbox). */
  sandbox: boolean;
  /** A paid order's invoice as a PDF, for a receipt's attachment. */
  invoice: (orderNumber: string, cyrillic: boolean) => Promise<{ filename: string; content: Buffer } | null>;
  /** The only numbers an SMS goes to (SMS_ALLOWED_PREFIXES; by default the country's, 387). */
  smsAllowedPrefixes?: readonly string[];
}

type Claimed = OutboxRow & { kind: MessageKind };

/** The wait before try number `attempt + 1`, after `attempt` tries failed. */
const backoffSeconds = (retrySeconds: number, attempt: number) =>
  Math.min(MAX_BACKOFF_SECONDS, retrySeconds * 2 ** Math.max(0, attempt - 1));

/**
 * Delivers the outbox's PENDING messages (docs/messages.md), and from its start those HELD for want of
 * the transport it now has. Each process runs one: a pass claims due messages with FOR UPDATE SKIP
 * LOCKED and a lease, so two processes never hold the same message, then sends each and records SENT,
 * or the next try with a doubling back-off, or FAILED after the last try or a permanent refusal. A
 * refusal the operator must fix (a wrong password, no TLS, a relay refusing) keeps the message PENDING
 * without counting the try, and a start tries such messages at once: the operator fixes the setting and
 * restarts (decision 037). A process that dies after sending and before recording leaves the message to
 * be sent again after the lease: delivery is at least once, and the message id (`Message-ID`, the
 * gateway's `id`) lets the receiving side drop a repeat.
 */
export class MessageSender {
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private released = false;

  constructor(private readonly deps: SenderDeps) {}

  /** Looks for work every `pollSeconds`, and soon after each message written. */
  start(pollSeconds: number): this {
    this.timer = setInterval(() => this.wake(), pollSeconds * 1000);
    this.timer.unref();
    this.wake();
    return this;
  }

  /** A message was written: look shortly, once its transaction has committed. */
  written(): void {
    if (this.stopped || this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      this.wake();
    }, 50);
    this.soon.unref();
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.soon) clearTimeout(this.soon);
    await this.running;
    this.deps.email?.close();
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.releaseAtStart();
        while (!this.stopped && (await this.runOnce()) === BATCH);
      } catch (error) {
        this.deps.log(`Message delivery: ${(error as Error).message}`);
      }
    } while (this.again && !this.stopped);
  }

  /**
   * Once per process, first, as the operator has restarted after a fix: messages a setting blocked are
   * due now, and so are those HELD for want of a transport this start has (the lapsed ones FAILED).
   */
  private async releaseAtStart(): Promise<void> {
    if (this.released) return;
    this.released = true;
    const { outbox, log } = this.deps;
    const at = this.deps.now();
    const released = await outbox.releaseBlocked(at, this.channels());
    if (released > 0) log(`Message delivery: ${released} messages held by a setting are tried again now`);
    const lapsed = Object.entries(WORTH_SENDING_MINUTES).map(([kind, minutes]) => ({
      kind,
      writtenBefore: new Date(at.getTime() - minutes * 60_000),
    }));
    if (this.deps.sandbox) return;
    const held = await outbox.releaseHeld(at, this.channels(), lapsed, LAPSED);
    if (held.released > 0) log(`Message delivery: ${held.released} messages kept for want of a transport go out now`);
    if (held.lapsed > 0)
      log(`Message delivery: ${held.lapsed} codes kept for want of a transport had expired: not sent`);
  }

  private channels(): Channel[] {
    return [...(this.deps.email ? (['EMAIL'] as const) : []), ...(this.deps.sms ? (['SMS'] as const) : [])];
  }

  /** One batch: claims up to BATCH due messages and delivers them; answers how many it claimed. */
  async runOnce(): Promise<number> {
    const { outbox, now } = this.deps;
    const at = now();
    const channels = this.channels();
    if (channels.length === 0) return 0;
    const claimed = (await outbox.claim(at, BATCH, channels, LEASE_SECONDS)) as Claimed[];
    // A batch goes out together (the SMTP pool takes a few at once); each outcome is recorded on its own.
    await Promise.all(claimed.map((message) => this.deliver(message)));
    return claimed.length;
  }

  private async deliver(message: Claimed): Promise<void> {
    const { outbox, now, log } = this.deps;
    if (message.channel === 'SMS' && !smsAllowed(message.to_address, this.deps.smsAllowedPrefixes ?? [COUNTRY_PREFIX]))
      return this.refuseNumber(message);
    try {
      if (message.channel === 'EMAIL') await this.sendEmail(message);
      else
        await this.deps.sms!.send({
          to: message.to_address,
          text: unseal(this.deps.sealing, message.text_sealed),
          id: `outbox-${message.id}`,
        });
      await outbox.markSent(message.id, now());
      messagesDelivered.inc({ channel: message.channel, outcome: 'sent' });
      log(`${message.kind} ${message.channel} to ${maskAddress(message.to_address)} sent (try ${message.attempts})`);
    } catch (error) {
      const reason = (error as Error).message.slice(0, 300);
      if (error instanceof DeliveryError && error.blocked) return this.held(message, error.blocked, reason);
      const permanent = error instanceof DeliveryError && error.permanent;
      const last = permanent || message.attempts >= this.deps.maxAttempts;
      if (last) {
        await outbox.markFailed(message.id, reason);
        messagesDelivered.inc({ channel: message.channel, outcome: 'failed' });
      } else {
        const next = new Date(now().getTime() + backoffSeconds(this.deps.retrySeconds, message.attempts) * 1000);
        await outbox.retryAt(message.id, next, reason);
        messagesDelivered.inc({ channel: message.channel, outcome: 'retried' });
      }
      log(
        `${message.kind} ${message.channel} to ${maskAddress(message.to_address)} not sent (try ${message.attempts}${last ? ', given up' : ''}): ${reason}`,
      );
    }
  }

  /** An SMS to a number outside SMS_ALLOWED_PREFIXES never goes out: it fails for good, whatever queued it. */
  private async refuseNumber(message: Claimed): Promise<void> {
    await this.deps.outbox.markFailed(message.id, 'the number is outside SMS_ALLOWED_PREFIXES');
    messagesDelivered.inc({ channel: message.channel, outcome: 'failed' });
    this.deps.log(
      `${message.kind} SMS to ${maskAddress(message.to_address)} not sent (given up): the number is outside SMS_ALLOWED_PREFIXES`,
      'warn',
    );
  }

  /**
   * Refused for a reason the operator must fix: the try is given back (it does not count towards
   * MESSAGE_MAX_ATTEMPTS) and the message waits the usual back-off, counted over all its tries.
   */
  private async held(message: Claimed, blocked: BlockedReason, reason: string): Promise<void> {
    const { now } = this.deps;
    const tries = message.attempts + message.blocked_tries;
    await this.deps.outbox.hold(
      message.id,
      new Date(now().getTime() + backoffSeconds(this.deps.retrySeconds, tries) * 1000),
      reason,
    );
    messagesDelivered.inc({ channel: message.channel, outcome: 'blocked' });
    messagesBlocked.inc({ channel: message.channel, reason: blocked });
    this.deps.log(
      `${message.kind} ${message.channel} to ${maskAddress(message.to_address)} held (${blocked}; not counted as a try, kept until it is fixed): ${reason}`,
      'warn',
    );
  }

  private async sendEmail(message: Claimed): Promise<void> {
    const rendered = renderEmail(
      {
        kind: message.kind,
        subject: message.meta.subject ?? 'ON TV',
        text: unseal(this.deps.sealing, message.text_sealed),
        code: message.code_sealed ? unseal(this.deps.sealing, message.code_sealed) : null,
        link: message.meta.link,
      },
      { publicUrl: this.deps.publicUrl, operator: this.deps.operator, cyrillic: message.meta.script === 'cyrillic' },
    );
    const attachments: Array<{ filename: string; content: Buffer; contentType: string; cid?: string }> = [
      { filename: 'ontv.png', content: LOGO, contentType: 'image/png', cid: LOGO_CID },
    ];
    if (message.meta.invoice) {
      const pdf = await this.deps.invoice(message.meta.invoice, message.meta.script === 'cyrillic');
      if (pdf) attachments.push({ ...pdf, contentType: 'application/pdf' });
    }
    await this.deps.email!.send({
      ...rendered,
      to: message.to_address,
      attachments,
      messageId: `<outbox-${message.id}@ontv.portal>`,
    });
  }
}
