import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { environmentHelp, SETTING_HELP, SETTINGS, settingsTable } from '../src/settings';
import { loadConfig } from '../src/config';

const README = path.join(__dirname, '..', '..', 'README.md');

describe('the settings: one schema for every environment variable', () => {
  it("gives the README's table, which says what the schema says (npm run readme-settings writes it)", () => {
    const readme = fs.readFileSync(README, 'utf8');
    const table = /<!-- settings:[^>]*-->\n([\s\S]*?)\n<!-- \/settings -->/.exec(readme)?.[1];
    assert.equal(table, settingsTable(), 'README.md differs from api/src/settings.ts: run npm run readme-settings');
  });

  it('gives --help a line for every variable, with its default', () => {
    const help = environmentHelp();
    for (const [name, { shown }] of Object.entries(SETTING_HELP)) {
      assert.match(
        help,
        new RegExp(
          `^  ${name}${shown === 'unset' ? ' ' : ` \\(${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)`}`,
          'm',
        ),
        name,
      );
    }
    assert.deepEqual(Object.keys(SETTING_HELP), Object.keys(SETTINGS));
  });

  it('stops a start with one line per bad variable, naming each', () => {
    assert.throws(
      () =>
        loadConfig({
          PORT: 'eighty',
          WORKERS: '0',
          SMTP_URL: 'mail.example.ba',
          BILLING_RETRY_DAYS: '3,1',
          LOG_LEVEL: 'loud',
        }),
      (error: Error) => {
        const lines = error.message.split('\n');
        assert.equal(lines[0], 'Invalid configuration:');
        assert.deepEqual(
          lines.slice(1).map((line) => line.trim().split(':')[0]),
          ['PORT', 'WORKERS', 'SMTP_URL', 'BILLING_RETRY_DAYS', 'LOG_LEVEL'],
        );
        return true;
      },
    );
  });
});
