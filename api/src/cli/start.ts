/**
 * `npm start`: builds whatever app is missing or out of date, then serves the portal and the API
 * (embedded database unless DATABASE_URL is set) at http://localhost:8080 (PORT overrides).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { appsToBuild, ROOT } from './freshness';

const stale = appsToBuild();
if (stale.length > 0) {
  console.log(`Building ${stale.join(', ')} (first start, or sources changed)…`);
  const webpack = path.join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  const result = spawnSync(process.execPath, [webpack, '--env', `app=${stale.join(',')}`], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see the errors above.');
    process.exit(result.status ?? 1);
  }
}

void import('../main');
