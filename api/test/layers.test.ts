import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.join(__dirname, '..', 'src');
/** Where SQL may be written (docs/architecture.md): the repositories, and the database layer with its migrations. */
const SQL_HOMES = ['repositories', 'db'];
/** A statement, or a call that would run one. */
const SQL =
  /\b(SELECT\s+[\w*(]|INSERT\s+INTO|UPDATE\s+\w+\s+(AS\s+\w+\s+)?SET|DELETE\s+FROM|ON\s+CONFLICT)|\.(query|prepared)\s*[(<]/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the API's layers", () => {
  it('has SQL only in the repositories and the database layer', () => {
    const misplaced = sources(SRC)
      .filter((file) => !SQL_HOMES.includes(path.relative(SRC, file).split(path.sep)[0]!))
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            SQL.test(line) && !/^\s*(\/\/|\*)/.test(line)
              ? [`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`]
              : [],
          ),
      );
    assert.deepEqual(misplaced, []);
  });
});

/** The API's wiring and its HTTP layer, beside the domain (docs/architecture.md): every other folder of api/src is a domain folder. */
const NOT_DOMAIN = ['routes', 'http', 'repositories', 'cli', 'db'];
/**
 * Every route file is a thin route (docs/decisions/041-use-cases-own-their-transaction.md): it parses,
 * authorises, calls one use case and answers. Once a list of the files converted so far, the folder is
 * read now that all of them are, so a new route file is held to it too.
 */
const ROUTES = path.join(SRC, 'routes');
const IMPORTS_HTTP = /\b(from|import)\s*\(?\s*['"](\.\.\/)+http\//;
/** A transaction opened, or a repository called: `ctx.store.customers.setPin(`, `tx.sessions.end(`, `store.transaction(`. */
const REPOSITORY_WORK = /\.transaction\s*\(|\b(store|tx|repos)\.\w+\.\w+\s*\(/;

function offendingLines(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('use cases and thin routes', () => {
  it('has no domain folder importing the HTTP layer (the errors services throw are in errors.ts)', () => {
    const domain = fs
      .readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !NOT_DOMAIN.includes(entry.name))
      .flatMap((entry) => sources(path.join(SRC, entry.name)));
    assert.ok(
      domain.some((file) => file.endsWith(path.join('customer', 'pin.ts'))),
      'the domain folders are found',
    );
    assert.deepEqual(offendingLines(domain, IMPORTS_HTTP), []);
  });

  it('has no transaction and no repository call in any route file', () => {
    const routes = sources(ROUTES);
    assert.ok(
      routes.some((file) => file.endsWith(path.join('routes', 'support', 'signIn.ts'))),
      'the route files are found',
    );
    assert.deepEqual(offendingLines(routes, REPOSITORY_WORK), []);
  });
});

describe('the money module', () => {
  it('is the only writer of the ledger: every movement of money is appended through money/ledger.ts', () => {
    const writers = sources(SRC).filter((file) => {
      const home = path.relative(SRC, file).split(path.sep);
      return !(home[0] === 'money' && home[1] === 'ledger.ts') && home[0] !== 'repositories';
    });
    assert.ok(writers.length > 100, 'the sources are found');
    assert.deepEqual(offendingLines(writers, /\.ledger\.append\s*\(/), []);
  });
});

describe('the money module owns every order', () => {
  /** The repositories of money: an order, its payment at the processor, a refund, a dispute, the ledger. */
  const MONEY_REPOSITORY =
    /\b(store|tx|repos|q)\.(orders|openOrders|refunds|disputes|ledger|billingAttempts)\.(\w+)\s*\(/;
  /** Reads that other folders may make (the console's last reconciliation, shown in its metrics). */
  const READS = new Set(['ledger.lastRun']);

  it('has no order, payment, refund, dispute or ledger entry written outside money/', () => {
    const outside = sources(SRC).filter(
      (file) => !['money', 'repositories'].includes(path.relative(SRC, file).split(path.sep)[0]!),
    );
    assert.ok(outside.length > 50, 'the sources are found');
    const calls = outside.flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => {
          const call = MONEY_REPOSITORY.exec(line);
          return call && !READS.has(`${call[2]}.${call[3]}`)
            ? [`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`]
            : [];
        }),
    );
    assert.deepEqual(calls, []);
  });
});
