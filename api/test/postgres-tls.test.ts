/**
 * PostgreSQL over TLS as docs/deploy/README.md says to set it up: `sslmode=verify-full` with the
 * server's CA in `sslrootcert` is encrypted and verified; an untrusted certificate or a server without
 * TLS is one line naming DATABASE_URL and what to do, never the password; a URL that reaches another
 * machine in the clear is warned of.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openDb } from '../src/db/db';
import { plainTextWarning, reaching } from '../src/db/reach';
import { startTempPostgres } from '../../test/lib/postgres';

describe('a DATABASE_URL that reaches another machine in the clear', () => {
  it('is warned of, naming the host and never the password; one on this machine or asking for TLS is not', () => {
    assert.equal(
      plainTextWarning('postgres://ontv:geheim@db.internal:5432/ontv'),
      'DATABASE_URL: the connection to db.internal:5432/ontv is not encrypted (no sslmode): add ?sslmode=verify-full (and sslrootcert=/path/ca.pem for a private CA) unless the network between is yours alone (docs/deploy/README.md#postgresql-over-tls).',
    );
    for (const url of [
      'postgres://ontv:geheim@db.internal/ontv?sslmode=verify-full',
      'postgres://ontv:geheim@127.0.0.1/ontv',
      'postgres://ontv:geheim@localhost/ontv',
      'postgres://ontv:geheim@[::1]/ontv',
    ])
      assert.equal(plainTextWarning(url), null, url);
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe('PostgreSQL over TLS', () => {
    let server: Awaited<ReturnType<typeof startTempPostgres>>;
    let plain: Awaited<ReturnType<typeof startTempPostgres>>;
    before(async () => {
      [server, plain] = await Promise.all([startTempPostgres({ tls: true }), startTempPostgres()]);
    });
    after(async () => {
      await Promise.all([server?.stop(), plain?.stop()]);
    });

    /** The server's URL, as an operator writes it: by name (the certificate's), with a password. */
    const urlOf = (started: { url: string }, query: string) =>
      `${started.url.replace('postgres@127.0.0.1', 'postgres:geheim@localhost')}?${query}`;
    const open = (url: string) =>
      reaching(url, async () => {
        const db = await openDb({ databaseUrl: url, dataDir: null });
        try {
          const [row] = await db.query<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
          return row?.ssl;
        } finally {
          await db.close();
        }
      });

    it('connects encrypted and verified with sslmode=verify-full and the CA in sslrootcert', async () => {
      assert.equal(await open(urlOf(server, `sslmode=verify-full&sslrootcert=${server.certificate}`)), true);
    });

    it('refuses an untrusted certificate and a server without TLS, each in one line without the password', async () => {
      const port = (started: { url: string }) => new URL(started.url).port;
      await assert.rejects(open(urlOf(server, 'sslmode=verify-full')), (error: Error) => {
        assert.equal(
          error.message,
          `DATABASE_URL: cannot use the PostgreSQL database at localhost:${port(server)}/postgres: the server's certificate is not trusted: name its CA with sslrootcert=/path/ca.pem in DATABASE_URL (or NODE_EXTRA_CA_CERTS) (DEPTH_ZERO_SELF_SIGNED_CERT). Check DATABASE_URL and that the server runs.`,
        );
        return true;
      });
      await assert.rejects(
        open(urlOf(plain, `sslmode=verify-full&sslrootcert=${server.certificate}`)),
        (error: Error) => {
          assert.match(error.message, /the server offers no TLS, and DATABASE_URL asks for it \(sslmode\)/);
          assert.doesNotMatch(error.message, /geheim/);
          return true;
        },
      );
    });
  });
}
