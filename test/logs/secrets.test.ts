/**
 * Runs after the browser tests (`npm test`): the server logs of that whole run must hold no secret:
 * no password typed in a test, no card number, no token, no one-time code, no client secret.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TEST_CARDS } from '../../api/src/money/processor/sandbox/test-cards';
import { LOG_DIR } from '../e2e/harness';

/** Every password the browser tests type (test/e2e). */
const PASSWORDS = ['Demo1234!', 'Sasvim1Nova!', 'Registracija1!', 'Registracija1?', 'Zaboravljena9#'];
const CARD_NUMBERS = Object.keys(TEST_CARDS).flatMap((n) => [n, n.replace(/(\d{4})(?=\d)/g, '$1 ')]);

const SECRETS: Array<{ what: string; test: (line: string) => boolean }> = [
  ...PASSWORDS.map((p) => ({ what: `the password ${p}`, test: (line: string) => line.includes(p) })),
  ...CARD_NUMBERS.map((n) => ({ what: `the card number ${n}`, test: (line: string) => line.includes(n) })),
  { what: 'a signed token', test: (line) => /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]+/.test(line) },
  {
    what: 'a one-time code',
    test: (line) => /aktivacioni kod je \d|kod za promjenu lozinke je \d|"code"\s*:\s*"\d{6}"/.test(line),
  },
  { what: 'a payment client secret', test: (line) => /_secret_[0-9a-f]{8,}/.test(line) },
  { what: 'a device password', test: (line) => /devicePassword|device_password/.test(line) },
];

describe("the browser run's server logs", () => {
  it('hold no password, card number, token, code or client secret', () => {
    const files = fs.existsSync(LOG_DIR) ? fs.readdirSync(LOG_DIR).filter((f) => f.endsWith('.log')) : [];
    assert.ok(files.length > 0, `the browser tests wrote their server logs to ${LOG_DIR}`);
    const found: string[] = [];
    let lines = 0;
    for (const file of files) {
      fs.readFileSync(path.join(LOG_DIR, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          lines += 1;
          for (const secret of SECRETS) if (secret.test(line)) found.push(`${file}:${index + 1}: ${secret.what}`);
        });
    }
    assert.ok(lines > 100, 'the logs are not empty');
    assert.deepEqual(found.slice(0, 20), []);
  });
});
