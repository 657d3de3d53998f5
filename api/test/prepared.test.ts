import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { engines, startApi, type StartedApi } from './harness';

const AWKWARD = [
  `it's`,
  `'); DROP TABLE customers; --`,
  "back\\slash \\\\ and \\'",
  'dvostruki "navodnici"',
  'čćžšđ ČĆŽŠĐ €',
  '',
  ' '.repeat(3),
  '$1 $$ $tag$',
];

for (const engine of engines()) {
  describe(`prepared statements on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine });
    });
    after(async () => {
      await api?.close();
    });

    it('answer what the same query answers, for text no matter what it holds, and numbers, booleans, null and times', async () => {
      for (const text of AWKWARD) {
        const [row] = await api.db.prepared<{ text: string; length: number }>(
          'echo_text',
          'SELECT $1::text AS text, length($1::text) AS length',
          [text],
        );
        assert.equal(row!.text, text);
        assert.equal(row!.length, [...text].length);
      }
      const [row] = await api.db.prepared<{ n: number; b: boolean; nothing: null; at: Date }>(
        'echo_values',
        'SELECT $1::int AS n, $2::boolean AS b, $3::text AS nothing, $4::timestamptz AS at',
        [-42, true, null, new Date('2026-11-23T10:00:00Z')],
      );
      assert.deepEqual(
        { ...row, at: new Date(row!.at).toISOString() },
        { n: -42, b: true, nothing: null, at: '2026-11-23T10:00:00.000Z' },
      );
      assert.equal(
        (await api.db.query<{ count: number }>('SELECT count(*)::int AS count FROM customers'))[0]!.count > 0,
        true,
        'the table is still there',
      );
    });

    it('are made once when 100 calls of a new statement arrive at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          api.db.prepared<{ n: number }>('burst_first_use', 'SELECT $1::int AS n', [i]),
        ),
      );
      assert.deepEqual(
        answers.map(([row]) => row!.n),
        Array.from({ length: 100 }, (_, i) => i),
      );
    });

    it('refuse a name reused for other SQL, a bad name, and a parameter that cannot be a literal', async () => {
      await assert.rejects(api.db.prepared('echo_text', 'SELECT 2', []), /other SQL/);
      await assert.rejects(api.db.prepared('Bad Name', 'SELECT 1', []), /Bad prepared statement name/);
      await assert.rejects(
        api.db.prepared('echo_text', 'SELECT $1::text AS text, length($1::text) AS length', ['a\u0000b']),
        engine === 'pglite' ? /NUL/ : /./,
      );
      await assert.rejects(
        api.db.prepared('echo_number', 'SELECT $1::int AS n', [Number.NaN]),
        engine === 'pglite' ? /finite/ : /./,
      );
    });

    it('refuse what is not a read of rows: a write, a lock, the clock, a sequence', async () => {
      for (const [name, sql] of [
        ['prep_update', 'UPDATE customers SET first_name = first_name WHERE id = $1'],
        ['prep_lock', 'SELECT id FROM customers WHERE id = $1 FOR UPDATE'],
        ['prep_clock', 'SELECT now() AS at, $1::int AS n'],
        ['prep_sequence', "SELECT nextval('order_numbers') AS n, $1::int AS m"],
        ['prep_share', 'SELECT id FROM customers WHERE id = $1 FOR SHARE'],
        ['prep_random', 'SELECT random() AS r, $1::int AS n'],
        ['prep_time', 'SELECT current_time AS t, $1::int AS n'],
      ]) {
        await assert.rejects(api.db.prepared(name!, sql!, [1]), /must be a SELECT that reads rows only/, name);
      }
    });

    it('answer what was written last: after a statement, after a transaction, and when read while a transaction writes', async () => {
      const read = async () =>
        (
          await api.db.prepared<{ first_name: string }>(
            'first_name_of',
            'SELECT first_name FROM customers WHERE id = $1',
            [1],
          )
        )[0]!.first_name;
      const original = await read();
      assert.equal(await read(), original);
      await api.db.query('UPDATE customers SET first_name = $2 WHERE id = $1', [1, 'Prvo']);
      assert.equal(await read(), 'Prvo');
      await api.db.transaction(async (tx) => {
        await tx.query('UPDATE customers SET first_name = $2 WHERE id = $1', [1, 'Drugo']);
      });
      assert.equal(await read(), 'Drugo');
      // A read asked while a transaction is writing: whichever it sees, the next read sees the commit.
      let during: Promise<string> | undefined;
      await api.db.transaction(async (tx) => {
        during = read();
        await tx.query('UPDATE customers SET first_name = $2 WHERE id = $1', [1, 'Treće']);
      });
      await during;
      assert.equal(await read(), 'Treće');
      await api.db.query('UPDATE customers SET first_name = $2 WHERE id = $1', [1, original]);
      assert.equal(await read(), original);
    });

    it('give each caller rows of its own: one that changes them changes no later answer', async () => {
      const read = () =>
        api.db.prepared<{ first_name: string }>('first_name_of', 'SELECT first_name FROM customers WHERE id = $1', [1]);
      const first = await read();
      first[0]!.first_name = 'Izmijenjeno';
      const second = await read();
      second[0]!.first_name = 'Opet';
      assert.notEqual((await read())[0]!.first_name, 'Izmijenjeno');
      assert.notEqual((await read())[0]!.first_name, 'Opet');
    });
  });
}

for (const engine of engines()) {
  describe(`readiness on ${engine}`, () => {
    it('answers ready once migrated, and 503 when the database no longer answers', async () => {
      const api = await startApi({ engine });
      try {
        for (let probe = 0; probe < 3; probe += 1)
          assert.deepEqual((await api.call('GET', '/ready')).body, { status: 'ready' });
        await api.db.close();
        const closed = await api.call('GET', '/ready');
        assert.deepEqual([closed.status, closed.body], [503, { status: 'database unreachable' }]);
      } finally {
        await api.close().catch(() => undefined);
        await api.dropDatabase?.();
      }
    });
  });
}
