import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const POSTGRES_MISSING =
  'PostgreSQL server binaries not found. Install them with: sudo apt-get install -y postgresql (or set TEST_DATABASE_URL to a server you have).';

function findBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A throw-away PostgreSQL cluster for the test run: initdb in a temp folder, trust auth on
 * 127.0.0.1 only, fsync off. As root, the server runs as the `postgres` user (initdb refuses root).
 */
export async function startTempPostgres(
  options: { tls?: boolean } = {},
): Promise<{ url: string; stop: () => Promise<void>; certificate?: string }> {
  const bin = findBinDir();
  if (!bin) throw new Error(POSTGRES_MISSING);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontv-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot ? { cmd: 'runuser', args: ['-u', 'postgres', '--', cmd, ...args] } : { cmd, args };
  if (asRoot)
    fs.chownSync(
      dir,
      Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim()),
      Number(spawnSync('id', ['-g', 'postgres']).stdout.toString().trim()),
    );

  const init = run(path.join(bin, 'initdb'), [
    '-D',
    path.join(dir, 'data'),
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const result = spawnSync(init.cmd, init.args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`initdb failed: ${result.stderr || result.stdout}`);

  // With `tls`, a self-signed certificate for localhost and 127.0.0.1, its own CA: the test's sslrootcert.
  const certificate = options.tls ? selfSigned(dir, asRoot) : undefined;
  const port = await freePort();
  const start = run(path.join(bin, 'postgres'), serverArgs(dir, port, certificate));
  const server: ChildProcess = spawn(start.cmd, start.args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  while (!(await canConnect(port))) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`PostgreSQL did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // Accepting TCP is not yet accepting queries: wait for the "ready" line.
  while (!log.includes('ready to accept connections')) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`PostgreSQL did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    url,
    ...(certificate ? { certificate } : {}),
    stop: async () => {
      if (server.exitCode === null) {
        // runuser does not pass signals on: ask the server itself to stop.
        const exited = new Promise((resolve) => server.once('exit', resolve));
        const stop = run(path.join(bin, 'pg_ctl'), ['stop', '-D', path.join(dir, 'data'), '-m', 'fast', '-w']);
        spawnSync(stop.cmd, stop.args, { stdio: 'ignore' });
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The server's arguments: fast and unsafe (a test's data), on 127.0.0.1:`port`, with TLS when given a certificate. */
function serverArgs(dir: string, port: number, certificate: string | undefined): string[] {
  const settings = [
    'listen_addresses=127.0.0.1',
    'fsync=off',
    'synchronous_commit=off',
    'full_page_writes=off',
    'max_connections=200',
    ...(certificate ? ['ssl=on', `ssl_cert_file=${certificate}`, `ssl_key_file=${path.join(dir, 'server.key')}`] : []),
  ];
  return [
    '-D',
    path.join(dir, 'data'),
    '-p',
    String(port),
    '-k',
    dir,
    ...settings.flatMap((setting) => ['-c', setting]),
  ];
}

/** A key and a self-signed certificate for localhost in `dir`, readable by the server's user: the certificate's path. */
function selfSigned(dir: string, asRoot: boolean): string {
  const [key, certificate] = [path.join(dir, 'server.key'), path.join(dir, 'server.crt')];
  const result = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl could not make a certificate: ${result.stderr}`);
  fs.chmodSync(key, 0o600);
  if (asRoot) {
    const owner = (flag: string) => Number(spawnSync('id', [flag, 'postgres']).stdout.toString().trim());
    for (const file of [key, certificate]) fs.chownSync(file, owner('-u'), owner('-g'));
  }
  return certificate;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A new database on the PostgreSQL server at `adminUrl`, empty or a copy of `template`: its URL, and
 * how to drop it.
 */
export async function freshDatabase(
  adminUrl: string,
  prefix = 'ontv_test',
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const migratedTemplates = new Map<string, Promise<string>>();

/**
 * A new database on the server at `adminUrl` with every migration applied and nothing else, copied
 * from a template database made once per server and set of migration files (pgliteTemplate.ts says
 * why): its URL, and how to drop it.
 */
export async function freshMigratedDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  let template = migratedTemplates.get(adminUrl);
  if (!template) {
    template = migratedTemplate(adminUrl);
    migratedTemplates.set(adminUrl, template);
  }
  return freshDatabase(adminUrl, 'ontv_test', await template);
}

/** The template's name; made under an advisory lock, so test processes starting together make it once. */
async function migratedTemplate(adminUrl: string): Promise<string> {
  const { default: pg } = await import('pg');
  const { migrationSet } = await import('./pgliteTemplate');
  const name = `ontv_migrated_${await migrationSet()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      // Made under another name and renamed: a process that died midway leaves no half-made template.
      const making = `${name}_making`;
      await admin.query(`DROP DATABASE IF EXISTS ${making} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${making}`);
      const url = new URL(adminUrl);
      url.pathname = `/${making}`;
      const { openDb } = await import('../../api/src/db/db');
      const { migrate } = await import('../../api/src/db/migrate');
      const db = await openDb({ databaseUrl: url.toString(), dataDir: null });
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      await admin.query(`ALTER DATABASE ${making} RENAME TO ${name}`);
    }
    return name;
  } finally {
    await admin.end();
  }
}
