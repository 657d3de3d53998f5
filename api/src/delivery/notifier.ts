import type { Db } from '../db/db';
import type { Keys } from '../auth/secrets';
import { seal } from '../auth/secrets';
import { messages } from '../http/metrics';

export interface Message {
  to: string;
  channel: 'SMS' | 'EMAIL';
  text: string;
  /** The one-time code in the text, kept apart so the sandbox outbox can show it. */
  code?: string;
}

/** Where codes and receipts go. A real SMS or e-mail gateway implements the same interface. */
export interface Notifier {
  send(message: Message): Promise<void>;
}

/** `38761***001`, `d***@ontv.ba`: enough for an operator reading the log, not enough to be the address. */
export function maskAddress(to: string): string {
  const at = to.indexOf('@');
  if (at > 0) return `${to[0]}***${to.slice(at)}`;
  return to.length > 7 ? `${to.slice(0, 5)}***${to.slice(-3)}` : '***';
}

/**
 * The default notifier: an outbox table. Text and code are sealed at rest like the PIN; the server
 * logs each message without its content, and the sandbox shows them at `GET /api/dev/outbox`.
 */
export class OutboxNotifier implements Notifier {
  constructor(
    private readonly db: Db,
    private readonly keys: Keys,
    private readonly now: () => Date,
    private readonly log: (line: string) => void,
  ) {}

  async send(message: Message): Promise<void> {
    await this.db.query('INSERT INTO outbox (to_address, channel, text_sealed, code_sealed, created_at) VALUES ($1, $2, $3, $4, $5)', [
      message.to,
      message.channel,
      seal(this.keys.sealing, message.text),
      message.code ? seal(this.keys.sealing, message.code) : null,
      this.now(),
    ]);
    messages.inc({ channel: message.channel });
    this.log(`${message.channel} to ${maskAddress(message.to)} queued in the outbox`);
  }
}
