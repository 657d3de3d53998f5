/**
 * `npm run readme-settings`: writes the table of environment variables from api/src/settings.ts into the
 * operations guide (docs/deploy/README.md), between its `settings` markers (the README links to it).
 * api/test/settings.test.ts fails while it differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { settingsTable } from '../../api/src/settingsHelp';
import { ROOT } from '../../api/src/cli/freshness';

const START = '<!-- settings: from api/src/settings.ts; npm run readme-settings writes it -->';
const END = '<!-- /settings -->';

/** The file that holds the table. */
const SETTINGS_TABLES = [path.join('docs', 'deploy', 'README.md')];

for (const file of SETTINGS_TABLES) {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) {
    console.error(`${file} has no ${START} … ${END} markers`);
    process.exit(1);
  }
  fs.writeFileSync(
    path.join(ROOT, file),
    `${text.slice(0, from + START.length)}\n${settingsTable()}\n${text.slice(to)}`,
  );
  console.info(`${file}: the table of environment variables is written from api/src/settings.ts`);
}
