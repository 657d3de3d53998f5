import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { SETTINGS } from '../src/settings';
import { environmentHelp, SETTING_HELP, settingsTable } from '../src/settingsHelp';
import { loadConfig } from '../src/config';
import { PRODUCTION_SETTINGS } from '../../test/lib/productionSettings';

/** What a setting whose value is wrapped in quotes is told (docker run --env-file keeps the quotes). */
const QUOTED =
  'is wrapped in quotes, which docker run --env-file keeps as part of the value: remove them (an env file takes each value as written, spaces included: docs/deploy/README.md#the-env-file)';

const README = path.join(__dirname, '..', '..', 'README.md');
const GUIDE = path.join(__dirname, '..', '..', 'docs', 'deploy', 'README.md');

describe('the settings: one schema for every environment variable', () => {
  it("gives the operations guide's table, which says what the schema says (npm run readme-settings writes it)", () => {
    const text = fs.readFileSync(GUIDE, 'utf8');
    const table = /<!-- settings:[^>]*-->\n([\s\S]*?)\n<!-- \/settings -->/.exec(text)?.[1];
    assert.equal(table, settingsTable(), `${GUIDE} differs from api/src/settings.ts: run npm run readme-settings`);
  });

  it('keeps the README short enough to read in ten minutes, linking to the settings', () => {
    const readme = fs.readFileSync(README, 'utf8');
    assert.ok(readme.split('\n').length <= 80, `the README has ${readme.split('\n').length} lines`);
    assert.match(readme, /docs\/deploy\/README\.md#settings/);
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
            'Invalid configuration:\n  DATABASE_URL: must be postgres://user:password@host:port/database, or embedded',
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

  it('refuses a value wrapped in quotes, "…" or \'…\', naming each setting and never its value', () => {
    assert.throws(
      () =>
        loadConfig({
          PORT: '"8080"',
          JWT_SECRET: `'${'Tajna'.repeat(8)}'`,
          OPERATOR_NAME: '"Test Operator d.o.o."',
        }),
      (error: Error) => {
        const line = (name: string) => `  ${name}: ${QUOTED}`;
        assert.equal(
          error.message,
          ['Invalid configuration:', line('PORT'), line('JWT_SECRET'), line('OPERATOR_NAME')].join('\n'),
        );
        return true;
      },
    );
    // Quotes inside a value are part of it: a sender's display name, a company's trade name.
    const config = loadConfig({
      SMTP_URL: 'smtp://mail.example.ba:587',
      MAIL_FROM: '"ON TV" <no-reply@ontv.ba>',
      OPERATOR_NAME: 'Operator "Primjer" d.o.o.',
    });
    assert.equal(config.delivery.smtp?.from, '"ON TV" <no-reply@ontv.ba>');
    assert.equal(config.operator.name, 'Operator "Primjer" d.o.o.');
  });

  it('gives an env file example in the guide that a production start takes as docker run --env-file and systemd read it, and whose values quoted are refused', () => {
    const block = /\n## The env file\n[\s\S]*?\n```\w*\n([\s\S]*?)\n```/.exec(fs.readFileSync(GUIDE, 'utf8'))?.[1];
    assert.ok(block, 'docs/deploy/README.md has a section "The env file" with an example');
    // Read as docker does: the name up to the first =, the rest as written; each … is the operator's secret.
    const lines = block.split('\n').filter((line) => line && !line.startsWith('#'));
    const example = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    for (const [name, value] of Object.entries(example)) {
      assert.match(name, /^[A-Z][A-Z0-9_]*$/, `${name}: a plain name, no export`);
      assert.doesNotMatch(value, /^["']|\\|\s$/, `${name}: no quotes, no backslash, no trailing space`);
      example[name] = value.replaceAll('…', 'x'.repeat(48));
    }
    assert.match(example.OPERATOR_NAME ?? '', / /, 'a value with spaces, written plainly');
    // The unit and the image set NODE_ENV, HOST and DATA_DIR themselves.
    const unit = { NODE_ENV: 'production', HOST: '0.0.0.0', DATA_DIR: '/var/lib/ontv-portal' };
    assert.equal(loadConfig({ ...unit, ...example }).production, true);
    const quoted = Object.fromEntries(Object.entries(example).map(([name, value]) => [name, `"${value}"`]));
    assert.throws(
      () => loadConfig({ ...unit, ...quoted }),
      (error: Error) => {
        assert.deepEqual(
          error.message.split('\n').slice(1),
          Object.keys(example)
            .sort((a, b) => Object.keys(SETTINGS).indexOf(a) - Object.keys(SETTINGS).indexOf(b))
            .map((name) => `  ${name}: ${QUOTED}`),
        );
        return true;
      },
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

  it('refuses, in one line, a production start that names no database, unless it chooses the embedded one (DATABASE_URL=embedded)', () => {
    const { DATABASE_URL: _chosen, ...unnamed } = PRODUCTION_SETTINGS;
    const message = refusal({ ...unnamed, DATA_DIR: '/var/lib/ontv-portal' });
    assert.equal(
      message,
      'DATABASE_URL is not set: a production start needs its database named, PostgreSQL (postgres://user:password@host:port/database) or DATABASE_URL=embedded for the embedded database in DATA_DIR (/var/lib/ontv-portal), so that a forgotten setting never starts the portal on a new, empty database.',
    );
    assert.equal(loadConfig({ ...unnamed, DATABASE_URL: 'embedded' }).databaseUrl, undefined, 'the embedded one');
    assert.equal(loadConfig({ ...unnamed, DATABASE_URL: 'postgres://db/ontv' }).databaseUrl, 'postgres://db/ontv');
    // npm start: a sandbox on the embedded database with no setting at all, or with it named.
    assert.equal(loadConfig({}).databaseUrl, undefined);
    assert.equal(loadConfig({ DATABASE_URL: 'embedded' }).databaseUrl, undefined);
    // Nor does a command on production data (staff, migrate, keys, billing) quietly make an empty one.
    for (const purpose of ['command', 'billing'] as const)
      assert.throws(
        () => loadConfig({ ...unnamed, DATA_DIR: '/var/lib/ontv-portal' }, purpose),
        (error: Error) => error.message === message,
        purpose,
      );
    assert.doesNotThrow(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'embedded' }, 'command'));
    assert.match(
      refusal({ ...PRODUCTION_SETTINGS, DATABASE_URL: 'embedded', WORKERS: '2' }) ?? '',
      /WORKERS: WORKERS above 1 needs DATABASE_URL/,
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
