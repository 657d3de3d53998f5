/**
 * `npm run readme-settings`: writes the README's table of environment variables from
 * api/src/settings.ts (between the `settings` markers). api/test/settings.test.ts fails while they differ.
 */
import fs from 'node:fs';
import path from 'node:path';
import { settingsTable } from '../../api/src/settings';
import { ROOT } from '../../api/src/cli/freshness';

export const START = '<!-- settings: from api/src/settings.ts; npm run readme-settings writes it -->';
export const END = '<!-- /settings -->';

const file = path.join(ROOT, 'README.md');
const readme = fs.readFileSync(file, 'utf8');
const from = readme.indexOf(START);
const to = readme.indexOf(END);
if (from < 0 || to < from) {
  console.error(`README.md has no ${START} … ${END} markers`);
  process.exit(1);
}
fs.writeFileSync(file, `${readme.slice(0, from + START.length)}\n${settingsTable()}\n${readme.slice(to)}`);
console.info('README.md: the table of environment variables is written from api/src/settings.ts');
