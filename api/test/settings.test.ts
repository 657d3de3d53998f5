import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { SETTINGS } from '../src/settings';
import { environmentHelp, SETTING_HELP, settingsTable } from '../src/settingsHelp';
import { loadConfig } from '../src/config';
import { PRODUCTION_SETTINGS } from '../../test/lib/productionSettings';

const README = path.join(__dirname, '..', '..', 'README.md');
const GUIDE = path.join(__dirname, '..', '..', 'docs', 'deploy', 'README.md');

describe('the settings: one schema for every environment variable', () => {
  it("gives the README's table and the operations guide's, which say what the schema says (npm run readme-settings writes them)", () => {
    for (const [file, where] of [
      [README, 'readme'],
      [GUIDE, 'guide'],
    ] as const) {
      const text = fs.readFileSync(file, 'utf8');
      const table = /<!-- settings:[^>]*-->\n([\s\S]*?)\n<!-- \/settings -->/.exec(text)?.[1];
      assert.equal(
        table,
        settingsTable(where),
        `${file} differs from api/src/settings.ts: run npm run readme-settings`,
      );
    }
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

  it('refuses a DATABASE_URL that is no PostgreSQL URL without repeating it: its password stays out of the journal', () => {
    for (const url of [
      'user:Tajna-123@db.example:5432/ontv',
      'postgres//user:Tajna-123@db/ontv',
      'mysql://u:Tajna-123@db/x',
    ])
      assert.throws(
        () => loadConfig({ DATABASE_URL: url }),
        (error: Error) => {
          assert.equal(
            error.message,
            'Invalid configuration:\n  DATABASE_URL: must be postgres://user:password@host:port/database',
          );
          return true;
        },
        url,
      );
    assert.equal(
      loadConfig({ DATABASE_URL: 'postgresql://u:Tajna-123@db:5432/ontv' }).databaseUrl?.includes('db'),
      true,
    );
  });
});

describe('a production start cannot be half-configured', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as Error).message;
    }
    return null;
  };

  it('starts with every setting real, and prints the operator from them', () => {
    const config = loadConfig(PRODUCTION_SETTINGS);
    assert.equal(config.sandbox, false);
    assert.equal(config.operator.vatNumber, '227654321009');
    assert.equal(config.delivery.publicUrl, 'https://portal.example.ba');
  });

  it('refuses, in one line naming the setting, no public address, no way to send codes, or the sample legal data', () => {
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      ['no public address', { PUBLIC_URL: '' }, /^PUBLIC_URL is not set: a production start needs/],
      [
        'a loopback public address',
        { PUBLIC_URL: 'http://localhost:8080' },
        /^PUBLIC_URL=http:\/\/localhost:8080 is this machine's own address/,
      ],
      ['no SMTP and no SMS', { SMTP_URL: '', MAIL_FROM: '' }, /^Neither SMTP_URL nor SMS_GATEWAY_URL is set/],
      [
        'no VAT number',
        { OPERATOR_VAT_NUMBER: '' },
        /^OPERATOR_VAT_NUMBER is not set: a production start needs the operator's own legal data/,
      ],
      [
        'the sample bank account and phone',
        { OPERATOR_BANK_ACCOUNT: '161-000-00000000-00', OPERATOR_SUPPORT_PHONE: '033 000 000' },
        /^OPERATOR_BANK_ACCOUNT, OPERATOR_SUPPORT_PHONE still hold the sample data of the sandbox/,
      ],
    ];
    for (const [what, change, line] of cases) {
      const message = refusal({ ...PRODUCTION_SETTINGS, ...change });
      assert.ok(message, `${what}: refused`);
      assert.match(message, line, what);
      assert.equal(message.split('\n').length, 1, `${what}: one line`);
    }
    // An SMS gateway alone is a way to send codes.
    assert.equal(
      refusal({ ...PRODUCTION_SETTINGS, SMTP_URL: '', MAIL_FROM: '', SMS_GATEWAY_URL: 'https://sms.example.ba/send' }),
      null,
    );
  });

  it('names a VAT number of the wrong length as a bad variable', () => {
    assert.match(
      refusal({ ...PRODUCTION_SETTINGS, OPERATOR_VAT_NUMBER: '12345' }) ?? '',
      /OPERATOR_VAT_NUMBER: the VAT number/,
    );
  });

  it('spares a command that only opens the database, and a server that is no production one', () => {
    assert.equal(refusal({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/ontv' }) !== null, true);
    assert.doesNotThrow(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/ontv' }, 'command'));
    const sandbox = loadConfig({});
    assert.equal(sandbox.sandbox, true);
    assert.equal(sandbox.operator.name, 'ON TV d.o.o. Sarajevo', 'a sandbox shows the sample operator');
  });
});
