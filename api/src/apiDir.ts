import fs from 'node:fs';
import path from 'node:path';

/**
 * The API's folder (`api/`, with its migrations and assets), found from where this code runs: its
 * TypeScript sources (`api/src/…`, through tsx) or the compiled server (`api/dist/main.js`). It is the
 * nearest folder above whose package.json names `@portal/api`.
 */
function findApiDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file) && (JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string }).name === '@portal/api')
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json of @portal/api above ${from}`);
  }
}

export const API_DIR = findApiDir(__dirname);
/** The repository (or the image's application folder): the apps' builds are under it. */
export const REPO_ROOT = path.dirname(API_DIR);
