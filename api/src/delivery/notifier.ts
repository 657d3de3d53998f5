import type { Repositories, Store } from '../repositories';
import type { Channel } from '../repositories/outbox';
import type { Keys } from '../auth/secrets';
import { seal } from '../auth/secrets';
import { messages } from '../counters';
import { toCyrillic } from '@portal/shared/texts/script';

export type { Channel } from '../repositories/outbox';

/** What a message is about: the e-mail's template and the delivery log name it. */
export type MessageKind =
  | 'CODE'
  | 'RECEIPT'
  | 'RENEWAL_FAILED'
  | 'EXPIRED'
  | 'ENDED'
  | 'DEACTIVATED'
  | 'REACTIVATED'
  | 'PAUSED'
  | 'PAUSE_ENDING'
  | 'NEW_DEVICE'
  | 'PASSWORD_CHANGED'
  | 'PLAN_CHANGED'
  | 'PRICE_RISE'
  | 'REFUND'
  | 'GIFT';

/** What a notice says, whoever it goes to: its text (an SMS as it is, the body of an e-mail) and the e-mail's extras. */
export interface Notice {
  kind: MessageKind;
  /** The e-mail's subject. */
  subject: string;
  /** Short enough for an SMS; an e-mail shows it as its paragraphs. */
  text: string;
  /** The one-time code in the text, kept apart so the sandbox outbox can show it. */
  code?: string;
  /** Where the customer acts on it: a path of the portal, shown as a button in the e-mail. */
  link?: { path: string; label: string };
  /** A paid order whose invoice goes with the e-mail as a PDF. */
  invoice?: string;
  /** Written in Cyrillic (the customer's choice, decision 054): the e-mail's frame and the invoice too. */
  script?: 'cyrillic';
}

interface Message extends Notice {
  to: string;
  channel: Channel;
}

/**
 * Where codes, receipts and notices go. `send` writes the message with `repos` (those of the
 * transaction of the change that causes it, when there is one), so a message exists exactly when its
 * cause does.
 */
export interface Notifier {
  send(message: Message, repos?: Repositories): Promise<void>;
}

/** `38761***001`, `d***@ontv.ba`: enough for an operator reading the log, not enough to be the address. */
export function maskAddress(to: string): string {
  const at = to.indexOf('@');
  if (at > 0) return `${to[0]}***${to.slice(at)}`;
  return to.length > 7 ? `${to.slice(0, 5)}***${to.slice(-3)}` : '***';
}

/**
 * Whether an SMS may go to `number` (stored form, `38761…`): it starts with one of the allowed prefixes
 * (SMS_ALLOWED_PREFIXES). Numbers elsewhere are where SMS pumping pays the most (docs/limits.md).
 */
export const smsAllowed = (number: string, prefixes: readonly string[]): boolean =>
  prefixes.some((prefix) => number.startsWith(prefix));

/**
 * The notifier: the outbox table is the queue. Text and code are sealed at rest like the PIN; the
 * subject, link and invoice number are not secret and stay readable for the sender. A message for a
 * channel with a transport is PENDING (the sender delivers it, see sender.ts); without one it is HELD:
 * a sandbox's are readable at `GET /api/dev/outbox` and never sent, a production server's go out from
 * the first start that has the transport, a code only while it is valid.
 */
export class OutboxNotifier implements Notifier {
  constructor(
    private readonly store: Store,
    private readonly keys: Keys,
    private readonly now: () => Date,
    private readonly log: (line: string) => void,
    private readonly deliverable: ReadonlySet<Channel> = new Set(),
    /** Told after each write, so the sender looks for work soon (after the transaction commits). */
    private readonly written: () => void = () => undefined,
  ) {}

  async send(message: Message, repos: Repositories = this.store): Promise<void> {
    const status = this.deliverable.has(message.channel) ? 'PENDING' : 'HELD';
    const meta = {
      subject: message.subject,
      ...(message.link ? { link: message.link } : {}),
      ...(message.invoice ? { invoice: message.invoice } : {}),
      ...(message.script ? { script: message.script } : {}),
    };
    await repos.outbox.add(
      {
        to: message.to,
        channel: message.channel,
        kind: message.kind,
        textSealed: seal(this.keys.sealing, message.text),
        codeSealed: message.code ? seal(this.keys.sealing, message.code) : null,
        meta,
        status,
      },
      this.now(),
    );
    messages.inc({ channel: message.channel });
    this.log(
      `${message.kind} ${message.channel} to ${maskAddress(message.to)} ${status === 'PENDING' ? 'queued for delivery' : 'kept in the outbox (no transport)'}`,
    );
    if (status === 'PENDING') this.written();
  }
}

/**
 * Sends a notice to a customer, with `repos` (a transaction's): by e-mail when there is an address,
 * otherwise by SMS; in Cyrillic when the customer chose it (decision 054: the words, not the codes,
 * addresses and names `toCyrillic` keeps).
 */
export async function notifyCustomer(
  repos: Repositories,
  notifier: Notifier,
  customerId: number,
  notice: Notice,
): Promise<void> {
  const customer = await repos.customers.contactOf(customerId);
  const to = customer?.email
    ? { to: customer.email, channel: 'EMAIL' as const }
    : customer?.phone_number
      ? { to: customer.phone_number, channel: 'SMS' as const }
      : null;
  if (!to) return;
  const written: Notice =
    customer?.script === 'cyrillic'
      ? {
          ...notice,
          subject: toCyrillic(notice.subject),
          text: toCyrillic(notice.text),
          ...(notice.link ? { link: { ...notice.link, label: toCyrillic(notice.link.label) } } : {}),
          script: 'cyrillic',
        }
      : notice;
  await notifier.send({ ...written, ...to }, repos);
}
