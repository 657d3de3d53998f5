/**
 * A mail server whose certificate Node.js refuses (self-signed, from a private CA it does not know,
 * expired, for another name) is the operator's to fix, not a server that is down (decision
 * 037): the start is refused in one line saying how to fix it, and a message is held at `warn` without
 * counting the try. With the private CA given to Node.js in NODE_EXTRA_CA_CERTS, which Node.js reads
 * when it starts, the same server is accepted: those starts are child processes. openssl makes the
 * certificates.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { register } from 'prom-client';
import { freePort } from '../../test/lib/postgres';
import { PRODUCTION_SETTINGS } from '../../test/lib/productionSettings';
import { tempDir } from '../../test/lib/tempDir';
import { engines, startApi, testSender } from './harness';
import { startUntilReady } from './harness/production';
import { checkSmtp, smtpTransport } from '../src/delivery/transports';
import { NOTICES } from '../src/texts/notices';

const PASSWORD = 'right-pass-4711';
const FROM = 'ON TV <no-reply@ontv.ba>';
const FIX =
  'give the server a certificate in date, for 127.0.0.1, signed by a CA Node.js trusts, or give Node.js your private CA with NODE_EXTRA_CA_CERTS=/path/ca.pem (docs/deploy/README.md, "Mail over TLS: a private CA")';

type Certificate = 'signed' | 'expired' | 'otherName' | 'selfSigned';

/**
 * A private CA (ca.pem) and a server certificate of each kind: signed by the CA for 127.0.0.1, the
 * same expired, signed by the CA for another name only, and a self-signed one for 127.0.0.1.
 */
function makeCertificates(): { ca: string; files: Record<Certificate, { key: string; cert: string }> } {
  const dir = tempDir('ontv-smtp-certificates-');
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const here = 'subjectAltName=IP:127.0.0.1,DNS:localhost';
  openssl('req', '-x509', ...newKey, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Private CA');
  openssl('req', ...newKey, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=mail');
  const signed = (name: string, days: number, names: string) => {
    fs.writeFileSync(path.join(dir, `${name}.ext`), `${names}\n`);
    openssl(
      ...['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial'],
      ...['-out', `${name}.pem`, '-days', String(days), '-extfile', `${name}.ext`],
    );
  };
  signed('signed', 2, here);
  // Valid from now to a day ago: expired as soon as it is made.
  signed('expired', -1, here);
  signed('other-name', 2, 'subjectAltName=DNS:mail.example.ba');
  openssl('req', '-x509', ...newKey, '-keyout', 'self.key', '-out', 'self.pem', '-days', '2', '-subj', '/CN=mail');
  const file = (name: string) => path.join(dir, name);
  const server = (cert: string) => ({ key: file('server.key'), cert: file(cert) });
  return {
    ca: file('ca.pem'),
    files: {
      signed: server('signed.pem'),
      expired: server('expired.pem'),
      otherName: server('other-name.pem'),
      selfSigned: { key: file('self.key'), cert: file('self.pem') },
    },
  };
}

/** A mail server with STARTTLS on `files`' certificate that takes any login and records each (over TLS or not). */
async function tlsSmtp(files: { key: string; cert: string }) {
  const logins: boolean[] = [];
  const server = new SMTPServer({
    key: fs.readFileSync(files.key),
    cert: fs.readFileSync(files.cert),
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(_auth, session, callback) {
      logins.push(session.secure);
      callback(null, { user: 'ontv' });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  // A client that refuses the certificate cuts the handshake: the server's error, not the test's.
  server.on('error', () => undefined);
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
  );
  const url = `smtp://ontv:${PASSWORD}@127.0.0.1:${port}`;
  return { port, url, logins, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The messages of a log of JSON lines. */
const messagesOf = (log: string): string[] =>
  log.split('\n').flatMap((line) => {
    try {
      return [(JSON.parse(line) as { msg: string }).msg];
    } catch {
      return [];
    }
  });

/** The production server started on SMTP_URL `url`, until it is ready or stops: what it printed. */
async function start(url: string, extraCa?: string): Promise<{ ready: boolean; code: number | null; log: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...PRODUCTION_SETTINGS,
    DATA_DIR: tempDir('ontv-smtp-certificates-start-'),
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    SMTP_URL: url,
    BILLING_INTERVAL_MINUTES: '0',
    // Nothing listens there: the start's look at the card processor only warns.
    STRIPE_API_URL: `http://127.0.0.1:${await freePort()}`,
  };
  delete env.NODE_EXTRA_CA_CERTS;
  if (extraCa) env.NODE_EXTRA_CA_CERTS = extraCa;
  return startUntilReady(env);
}

const certificates = makeCertificates();

describe('a mail server whose certificate Node.js refuses stops the start', () => {
  it('refuses to start on a self-signed certificate, in one line naming the server and the fix and not the password', async () => {
    const server = await tlsSmtp(certificates.files.selfSigned);
    try {
      const line = `SMTP_URL: the server 127.0.0.1:${server.port} has a certificate Node.js refuses: it is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT); ${FIX}`;
      assert.deepEqual(await checkSmtp(server.url, 3_000), { ok: false, refuse: true, line });
      const refused = await start(server.url);
      assert.deepEqual([refused.ready, refused.code], [false, 1], refused.log);
      assert.ok(messagesOf(refused.log).includes(line), refused.log);
      assert.ok(!refused.log.includes(PASSWORD));
      assert.deepEqual(server.logins, [], 'no login');
    } finally {
      await server.stop();
    }
  });

  it('refuses a private CA Node.js does not know, and starts once NODE_EXTRA_CA_CERTS names it, logging in over TLS', async () => {
    const server = await tlsSmtp(certificates.files.signed);
    try {
      assert.deepEqual(await checkSmtp(server.url, 3_000), {
        ok: false,
        refuse: true,
        line: `SMTP_URL: the server 127.0.0.1:${server.port} has a certificate Node.js refuses: it is signed by a CA Node.js does not know (UNABLE_TO_VERIFY_LEAF_SIGNATURE); ${FIX}`,
      });
      const started = await start(server.url, certificates.ca);
      assert.equal(started.ready, true, started.log);
      assert.doesNotMatch(started.log, /SMTP_URL/);
      assert.deepEqual(server.logins, [true], 'the start logged in, over TLS');
    } finally {
      await server.stop();
    }
  });

  it('refuses, with the private CA trusted, a certificate that has expired or names another server', async () => {
    for (const [certificate, problem, code] of [
      ['expired', 'has expired', 'CERT_HAS_EXPIRED'],
      ['otherName', 'does not name the server', 'ERR_TLS_CERT_ALTNAME_INVALID'],
    ] as const) {
      const server = await tlsSmtp(certificates.files[certificate]);
      try {
        const refused = await start(server.url, certificates.ca);
        assert.deepEqual([refused.ready, refused.code], [false, 1], refused.log);
        const line = `SMTP_URL: the server 127.0.0.1:${server.port} has a certificate Node.js refuses: it ${problem} (${code}); ${FIX}`;
        assert.ok(messagesOf(refused.log).includes(line), refused.log);
      } finally {
        await server.stop();
      }
    }
  });
});

/** What `ontv_message_deliveries_blocked_total` has counted for e-mails held for TLS. */
async function heldForTls(): Promise<number> {
  const metric = await register.getSingleMetric('ontv_message_deliveries_blocked_total')?.get();
  return metric?.values.find((v) => v.labels.channel === 'EMAIL' && v.labels.reason === 'tls')?.value ?? 0;
}

for (const engine of engines()) {
  describe(`a mail server whose certificate Node.js refuses on ${engine}: messages are held`, () => {
    let api: Awaited<ReturnType<typeof startApi>>;
    let server: Awaited<ReturnType<typeof tlsSmtp>>;
    let drop: (() => Promise<void>) | undefined;
    before(async () => {
      server = await tlsSmtp(certificates.files.selfSigned);
      api = await startApi({ engine, env: { SMTP_URL: server.url, MAIL_FROM: FROM, MESSAGE_MAX_ATTEMPTS: '2' } });
      drop = api.dropDatabase;
      // This test's sender alone delivers, and its log lines are read.
      await api.ctx.sender.stop();
    });
    after(async () => {
      await api?.close();
      await drop?.();
      await server?.stop();
    });

    it('keeps an e-mail PENDING past MESSAGE_MAX_ATTEMPTS, each try a warning saying what to fix, none counted', async () => {
      const before = await heldForTls();
      const to = 'aktivna@ontv.ba';
      await api.ctx.notifier.send({
        to,
        channel: 'EMAIL',
        ...NOTICES.reactivated({ plan: 'MaxON', next: '2026-04-21' }),
      });
      const lines: Array<{ line: string; level: string }> = [];
      const sender = testSender(api, {
        log: (line, level = 'info') => lines.push({ line, level }),
        email: smtpTransport(server.url, FROM),
        sms: null,
        maxAttempts: 2,
      });
      for (let i = 0; i < 3; i += 1) {
        if (i > 0) api.clock.advance(3_600_000);
        assert.ok((await sender.runOnce()) >= 1, `try ${i + 1} claimed the message`);
      }
      await sender.stop();
      const [row] = await api.db.query<{ status: string; attempts: number; blocked_tries: number }>(
        'SELECT status, attempts, blocked_tries FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
        [to],
      );
      assert.deepEqual([row?.status, row?.attempts, row?.blocked_tries], ['PENDING', 0, 3]);
      assert.equal(await heldForTls(), before + 3);
      const held = `REACTIVATED EMAIL to a***@ontv.ba held (tls; not counted as a try, kept until it is fixed): SMTP 127.0.0.1:${server.port} has a certificate Node.js refuses: it is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT); fix the server's certificate, or give Node.js your private CA with NODE_EXTRA_CA_CERTS=/path/ca.pem, and restart`;
      assert.deepEqual(
        lines.filter((l) => l.level === 'warn'),
        [1, 2, 3].map(() => ({ line: held, level: 'warn' })),
      );
      assert.deepEqual(server.logins, [], 'no login');
    });
  });
}
