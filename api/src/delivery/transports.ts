import nodemailer from 'nodemailer';
import { EMAIL_PATTERN } from '@portal/shared/contract';
import type { RenderedEmail } from './email';

/** A delivery that failed: `permanent` when trying again cannot help (a refused address), else it is retried. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export interface EmailTransport {
  send(
    mail: RenderedEmail & {
      to: string;
      attachments: Array<{ filename: string; content: Buffer; contentType: string; cid?: string }>;
      messageId: string;
    },
  ): Promise<void>;
  close(): void;
}

export interface SmsTransport {
  send(sms: { to: string; text: string; id: string }): Promise<void>;
}

/** `smtp://user:password@host:587` → `host:587`: what may be logged of the URL. */
export const smtpHost = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || (parsed.protocol === 'smtps:' ? 465 : 587)}`;
};

/** E-mail through SMTP with nodemailer; a 5xx answer is permanent, anything else (down, 4xx) is retried. */
export function smtpTransport(url: string, from: string): EmailTransport {
  // A pool of a few connections, reused from message to message.
  // The sender's bare address, for the envelope (MAIL_FROM may carry a display name).
  const envelopeFrom = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const transporter = nodemailer.createTransport(url, {
    pool: true,
    maxConnections: 3,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  } as never);
  return {
    async send(mail) {
      // One plain mailbox or nothing: nodemailer would read a group, a list or a display name as other
      // recipients. The API refuses such addresses; this holds for any row that got in another way.
      if (!EMAIL_PATTERN.test(mail.to))
        throw new DeliveryError('SMTP: the address is not one plain mailbox; not sent', true);
      try {
        // The envelope names the one recipient itself, so the SMTP server is never asked to deliver elsewhere.
        await transporter.sendMail({
          from,
          to: mail.to,
          envelope: { from: envelopeFrom, to: [mail.to] },
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments,
          messageId: mail.messageId,
        });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        throw new DeliveryError(`SMTP: ${(error as Error).message}`, typeof code === 'number' && code >= 500);
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * SMS through an HTTP gateway: one JSON POST `{ "to": "38761000001", "text": "…", "id": "outbox-42" }`
 * with `Authorization: Bearer <SMS_GATEWAY_TOKEN>` (docs/messages.md). A 2xx answer is delivered; 4xx
 * is permanent (the gateway refuses this message); 5xx, 429 and no answer are retried. `id` lets a
 * gateway drop a repeat. An operator whose provider wants another shape changes this function only.
 */
export function smsGateway(url: string, token: string | null): SmsTransport {
  return {
    async send(sms) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ to: sms.to, text: sms.text, id: sms.id }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new DeliveryError(`SMS gateway: ${(error as Error).message}`, false);
      }
      if (response.ok) return;
      throw new DeliveryError(
        `SMS gateway answered ${response.status}`,
        response.status >= 400 && response.status < 500 && response.status !== 429,
      );
    },
  };
}
