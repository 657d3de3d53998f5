/**
 * The speed guard: a short run of the bench's API measures (test/scripts/bench/api.ts), on
 * the embedded database and on PostgreSQL, that fails when plans, accountInfo or login answers less than
 * a third of its target share of a bare Fastify hello-world loaded in the same run. A call that became
 * many times slower fails here; a noisy machine, which slows the hello-world too, does not. The figures
 * themselves are `npm run bench -- --api`'s (docs/bench.md).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { freshDatabase } from '../lib/postgres';
import {
  measureEngine,
  printRows,
  TARGETS,
  withPostgres,
  type Call,
  type Engine,
  type EngineRows,
} from '../scripts/bench/api';

/** Each call is loaded 3 s after a 1 s warm-up: about 15 s an engine, start included. */
const LOAD = { seconds: 3, warmUpSeconds: 1 };
/** The guard's floor: a third of each target share. */
const FLOOR = 1 / 3;

function floors(kind: Engine['kind']): Record<Call, number> {
  return {
    plans: TARGETS.plans[kind].share * FLOOR,
    accountInfo: TARGETS.accountInfo[kind].share * FLOOR,
    login: TARGETS.login.share * FLOOR,
  };
}

/** The calls below their floor in one run, each with its share. */
function belowFloor(measured: EngineRows, kind: Engine['kind']): string[] {
  return (Object.entries(floors(kind)) as Array<[Call, number]>)
    .filter(([call, floor]) => measured.shares[call] < floor)
    .map(
      ([call, floor]) =>
        `${call} answered ${(measured.shares[call] * 100).toFixed(2)} % of the hello-world, below the guard's ${(floor * 100).toFixed(2)} % (a third of its target)`,
    );
}

/**
 * The engine measured, and measured once more when a call is below its floor: a run the machine's
 * neighbours slowed fails only if the second does too, while a call made many times slower fails both.
 */
async function holds(engine: Engine): Promise<void> {
  let measured = await measureEngine(engine, LOAD);
  printRows(measured.rows);
  if (belowFloor(measured, engine.kind).length > 0) {
    measured = await measureEngine(engine, LOAD);
    printRows(measured.rows);
  }
  const low = belowFloor(measured, engine.kind);
  assert.deepEqual(low, [], `On ${engine.kind}, twice: ${low.join('; ')}`);
  const errors = measured.rows.filter((row) => row.errors > 0).map((row) => `${row.name}: ${row.errors}`);
  assert.deepEqual(errors, [], 'every request of the load answered 2xx');
}

describe('the signed-in read, the packages and login keep their speed (a third of each target share)', () => {
  test('on the embedded database', async () => {
    await holds({ label: 'embedded', kind: 'pglite', env: {} });
  });

  // TEST_DATABASE_URL empty: the embedded database only (npm test's --embedded-only), as the API suite.
  if (process.env.TEST_DATABASE_URL !== '')
    describe('on PostgreSQL', () => {
      let database: { url: string; drop: () => Promise<void> };
      let done: () => void;
      let server: Promise<void>;
      before(async () => {
        // The server (TEST_DATABASE_URL's, or a throwaway one) is kept until the test is over.
        const ready = new Promise<void>((resolve) => {
          server = withPostgres(async (admin) => {
            database = await freshDatabase(admin, 'ontv_guard');
            resolve();
            await new Promise<void>((end) => (done = end));
            await database.drop();
          });
        });
        await Promise.race([ready, server!]);
      });
      after(async () => {
        done?.();
        await server;
      });
      test('one process', async () => {
        await holds({ label: 'PostgreSQL', kind: 'postgres', env: { DATABASE_URL: database.url } });
      });
    });
});
