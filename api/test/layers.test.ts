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
