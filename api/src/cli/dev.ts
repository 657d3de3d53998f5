/**
 * `npm run dev`: rebuilds every app on change (webpack --watch, development mode) and restarts the
 * API when its sources change. Reload the page after a rebuild.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT, WEBPACK } from './freshness';
import { helpIfAsked } from '../config';

helpIfAsked(`
npm run dev [-- --help]

Rebuilds every app when its sources change (webpack --watch, development mode) and restarts the API
when its sources change; reload the page after a rebuild. Reads the same environment as npm start.`);

const children: ChildProcess[] = [
  spawn(process.execPath, [...WEBPACK, '--watch', '--env', 'app=all', '--env', 'mode=development'], {
    cwd: ROOT,
    stdio: 'inherit',
  }),
  spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'watch', '--clear-screen=false', 'api/src/main.ts'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    },
  ),
];

const stop = () => {
  children.forEach((child) => child.kill('SIGINT'));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && code !== 0 && stop()));
