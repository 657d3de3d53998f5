/**
 * Local stand-ins for an operator's mail server and SMS gateway, on loopback ports: they keep what
 * they receive so a test can read it, and can be stopped and started again on the same port.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface Sink<T> {
  port: number;
  received: T[];
  /** Waits until `match` holds for a received item, and answers it. */
  waitFor(match: (item: T) => boolean, what: string, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
  /** Listens again on the same port (after `stop`). */
  start(): Promise<void>;
}

function sink<T>(
  received: T[],
  listen: (port: number) => Promise<number>,
  close: () => Promise<void>,
  port: number,
): Promise<Sink<T>> {
  const self: Sink<T> = {
    port,
    received,
    async waitFor(match, what, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error(`Timed out waiting for ${what}; received ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: close,
    async start() {
      self.port = await listen(self.port);
    },
  };
  return self.start().then(() => self);
}

/** An SMTP server that accepts every message (no TLS, no login) and parses it. */
export function smtpSink(port = 0): Promise<Sink<ParsedMail>> {
  const received: ParsedMail[] = [];
  let server: SMTPServer;
  const listen = (at: number) =>
    new Promise<number>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream, { keepCidLinks: true }).then(
            (mail) => {
              received.push(mail);
              callback();
            },
            (error: Error) => callback(error),
          );
        },
      });
      server.once('error', reject);
      server.listen(at, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  return sink(received, listen, () => new Promise<void>((resolve) => server.close(() => resolve())), port);
}

export interface ReceivedSms {
  to: string;
  text: string;
  id: string;
  authorization: string | undefined;
}

/** An SMS gateway: takes the portal's JSON POST; `answer` picks the status for each request (200 by default), at once or later. */
export function smsSink(
  answer: (sms: ReceivedSms) => number | Promise<number> = () => 200,
  port = 0,
): Promise<Sink<ReceivedSms>> {
  const received: ReceivedSms[] = [];
  let server: http.Server;
  const listen = (at: number) =>
    new Promise<number>((resolve, reject) => {
      server = http.createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        request.on('end', () => {
          const sms = {
            ...(JSON.parse(body) as { to: string; text: string; id: string }),
            authorization: request.headers.authorization,
          };
          void Promise.resolve(answer(sms)).then((status) => {
            if (status < 300) received.push(sms);
            response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
          });
        });
      });
      server.once('error', reject);
      server.listen(at, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  return sink(received, listen, () => new Promise<void>((resolve) => server.close(() => resolve())), port);
}
