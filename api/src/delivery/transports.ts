import nodemailer from 'nodemailer';
import { EMAIL_PATTERN } from '@portal/shared/contract';
import type { RenderedEmail } from './email';
import { certificateHeld, certificateProblem, certificateRefusal } from './certificates';

/**
 * What a failed delivery means for the message (docs/messages.md, "When the operator must act"):
 * `permanent`: trying again cannot help (a refused recipient), FAILED at once; `retry`: the server is
 * down or busy, tried again, each try counting towards MESSAGE_MAX_ATTEMPTS; `operator`: the server
 * refuses us, not the message (a password, TLS, a relay), kept PENDING and tried again without
 * counting until the operator fixes the setting (decision 037).
 */
type FailureKind = 'permanent' | 'retry' | 'operator';
/** What the operator must fix: the metric's `reason` and the log line's words. */
export type BlockedReason = 'authentication' | 'tls' | 'relay';

/** A delivery that failed, with what that means for the message and, when the operator must act, why. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
    readonly blocked: BlockedReason | null = null,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }

  get permanent(): boolean {
    return this.kind === 'permanent';
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

/** The fields of nodemailer's errors that say what went wrong (its NodemailerError). */
interface SmtpError {
  message: string;
  code?: string;
  /** A code nodemailer replaced with its own (ESOCKET): ECONNREFUSED, or a certificate's (certificates.ts). */
  originalCode?: string;
  response?: string;
  responseCode?: number;
  /** nodemailer's own verdict on a reply: 5xx but 503 (its isPermanentResponseCode). */
  permanent?: boolean;
}

/**
 * nodemailer's options for SMTP_URL. With a user or password in it, TLS is required (nodemailer's
 * `requireTLS`: STARTTLS or fail, never AUTH in plain text; smtps:// is TLS from the start), and a
 * `requireTLS` in the URL's own query cannot turn that off. Without credentials (a local relay) the
 * URL's options stand as written.
 */
function smtpOptions(url: string, timeoutMs: { connect: number; socket: number }) {
  const parsed = new URL(url);
  const credentials = parsed.username !== '' || parsed.password !== '';
  if (credentials) parsed.searchParams.delete('requireTLS');
  return {
    url: parsed.toString(),
    ...(credentials ? { requireTLS: true } : {}),
    dnsTimeout: timeoutMs.connect,
    connectionTimeout: timeoutMs.connect,
    greetingTimeout: timeoutMs.connect,
    socketTimeout: timeoutMs.socket,
  };
}

/** A server's text with SMTP_URL's password taken out (as written and decoded), should a server echo it. */
function withoutPassword(url: string, text: string): string {
  const { password } = new URL(url);
  if (!password) return text;
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // not percent-encoded: as written
  }
  return text.split(password).join('***').split(decoded).join('***');
}

/** The server's reply in one short line (nodemailer's message carries it), without the password. */
const replyOf = (url: string, error: SmtpError) =>
  withoutPassword(url, (error.response ?? error.message).replace(/\s+/g, ' ').trim()).slice(0, 160);

/**
 * Sorts a nodemailer error. The operator's to fix: a refused login (EAUTH, ENOAUTH, 530, 534, 535),
 * a certificate Node.js refuses (self-signed, an unknown CA, expired, another name: certificates.ts),
 * TLS that is required but fails (ETLS but a connection cut mid-handshake; 5.7.10, 5.7.11), and a relay
 * refusing us (another 5.7.x, or "relay" in a 5xx reply). Otherwise nodemailer's own `permanent`
 * (5xx but 503: a recipient refused) is for good, and the rest (down, timeouts, 4xx) is retried.
 */
function smtpFailure(error: SmtpError): { kind: FailureKind; blocked: BlockedReason | null } {
  const status = error.responseCode ?? 0;
  const reply = error.response ?? '';
  const enhanced = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/.exec(reply)?.[0] ?? '';
  const operator = (blocked: BlockedReason) => ({ kind: 'operator' as const, blocked });
  if (certificateProblem(error)) return operator('tls');
  if (error.code === 'ETLS' && !/closed unexpectedly/i.test(error.message)) return operator('tls');
  if (enhanced === '5.7.10' || enhanced === '5.7.11' || (status === 530 && /\bTLS\b/i.test(reply)))
    return operator('tls');
  if (status >= 400 && status < 500) return { kind: 'retry', blocked: null };
  if (error.code === 'EAUTH' || error.code === 'ENOAUTH' || [530, 534, 535].includes(status))
    return operator('authentication');
  if (status >= 500 && (enhanced.startsWith('5.7.') || /relay/i.test(reply))) return operator('relay');
  return { kind: error.permanent === true ? 'permanent' : 'retry', blocked: null };
}

/** What the operator reads for each reason, after the server's address. */
const SMTP_BLOCKED: Record<BlockedReason, string> = {
  authentication: 'refused the user and password of SMTP_URL; fix SMTP_URL and restart',
  tls: 'gave no TLS (no STARTTLS, or a failed handshake) and SMTP_URL carries a password, which never goes in plain text; use a server with TLS (smtps:// or STARTTLS)',
  relay:
    'refused to relay our mail (check that the login of SMTP_URL may send as MAIL_FROM); fix SMTP_URL or MAIL_FROM and restart',
};

/** A failed send: what it means for the message, in the operator's words when it is theirs to fix. */
function deliveryError(url: string, host: string, error: SmtpError): DeliveryError {
  const { kind, blocked } = smtpFailure(error);
  const certificate = certificateProblem(error);
  if (certificate) return new DeliveryError(certificateHeld(host, certificate), kind, blocked);
  const reply = replyOf(url, error);
  return new DeliveryError(
    blocked ? `SMTP ${host} ${SMTP_BLOCKED[blocked]} (${reply})` : `SMTP: ${reply}`,
    kind,
    blocked,
  );
}

/** E-mail through SMTP with nodemailer's pool; its failures are sorted by smtpFailure. */
export function smtpTransport(url: string, from: string): EmailTransport {
  // The sender's bare address, for the envelope (MAIL_FROM may carry a display name).
  const envelopeFrom = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  // A pool of a few connections, reused from message to message.
  const transporter = nodemailer.createTransport({
    ...smtpOptions(url, { connect: 15_000, socket: 30_000 }),
    pool: true,
    maxConnections: 3,
  });
  const host = smtpHost(url);
  return {
    async send(mail) {
      // One plain mailbox or nothing: nodemailer would read a group, a list or a display name as other
      // recipients. The API refuses such addresses; this holds for any row that got in another way.
      if (!EMAIL_PATTERN.test(mail.to))
        throw new DeliveryError('SMTP: the address is not one plain mailbox; not sent', 'permanent');
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
        throw deliveryError(url, host, error as SmtpError);
      }
    },
    close: () => transporter.close(),
  };
}

/** The start check's answer: fine, or one line for the log, and whether the server must not start. */
type SmtpCheck = { ok: true } | { ok: false; refuse: boolean; line: string };

/**
 * Checks SMTP_URL at start with nodemailer's `verify()` (connect, STARTTLS when required, log in):
 * a refused login, a certificate Node.js refuses or TLS that is required and fails refuses the start,
 * in one line naming SMTP_URL and never its password; a server that cannot be reached is only a
 * warning (messages wait in the outbox and are retried).
 */
export async function checkSmtp(url: string, timeoutMs = 10_000): Promise<SmtpCheck> {
  const transporter = nodemailer.createTransport(smtpOptions(url, { connect: timeoutMs, socket: timeoutMs }));
  const host = smtpHost(url);
  try {
    await transporter.verify();
    return { ok: true };
  } catch (caught) {
    const error = caught as SmtpError;
    const { blocked } = smtpFailure(error);
    const reply = replyOf(url, error);
    const certificate = certificateProblem(error);
    if (certificate) return refuse(certificateRefusal(url, host, certificate));
    if (blocked === 'tls' && /upgrading connection with STARTTLS/i.test(error.message))
      return refuse(
        `SMTP_URL: the server ${host} offers no STARTTLS and SMTP_URL carries a password, which must never go in plain text: use a server with TLS (smtps:// or STARTTLS), or a local relay without a user and password`,
      );
    if (blocked === 'tls')
      return refuse(
        `SMTP_URL: TLS with the server ${host} failed (${reply}); fix the server's certificate or SMTP_URL`,
      );
    if (blocked) return refuse(`SMTP_URL: the server ${host} refused the user and password (${reply}); fix SMTP_URL`);
    return {
      ok: false,
      refuse: false,
      line: `SMTP_URL: the server ${host} could not be checked at start (${reply}); starting anyway, e-mails wait in the outbox and are retried`,
    };
  } finally {
    transporter.close();
  }
}

const refuse = (line: string): SmtpCheck => ({ ok: false, refuse: true, line });

/**
 * SMS through an HTTP gateway: one JSON POST `{ "to": "38761000001", "text": "…", "id": "outbox-42" }`
 * with `Authorization: Bearer <SMS_GATEWAY_TOKEN>` (docs/messages.md). A 2xx answer is delivered;
 * 401 and 403 refuse the token, the operator's to fix (kept, not counted); another 4xx is permanent
 * (the gateway refuses this message); 5xx, 429 and no answer are retried. `id` lets a gateway drop a
 * repeat. An operator whose provider wants another shape changes this function only.
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
        throw new DeliveryError(`SMS gateway: ${(error as Error).message}`, 'retry');
      }
      if (response.ok) return;
      const { status } = response;
      if (status === 401 || status === 403)
        throw new DeliveryError(
          `SMS gateway answered ${status}: it refused SMS_GATEWAY_TOKEN; fix SMS_GATEWAY_TOKEN and restart`,
          'operator',
          'authentication',
        );
      throw new DeliveryError(
        `SMS gateway answered ${status}`,
        status >= 400 && status < 500 && status !== 429 ? 'permanent' : 'retry',
      );
    },
  };
}
