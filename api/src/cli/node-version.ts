import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../apiDir';

/**
 * The Node.js releases the portal supports are those of `engines.node` in the root package.json,
 * written as caret ranges (`^20.19.0 || ^22.12.0 || ^24.0.0`): a supported major from its minimum on.
 */
export function nodeSupport(version: string, range: string): 'supported' | 'too old' | 'untested' {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  const floors = range
    .split('||')
    .map((part) => /\^(\d+)\.(\d+)/.exec(part))
    .flatMap((m) => (m ? [{ major: Number(m[1]), minor: Number(m[2]) }] : []));
  const same = floors.find((f) => f.major === major);
  if (same) return minor >= same.minor ? 'supported' : 'too old';
  return major > Math.max(...floors.map((f) => f.major)) ? 'untested' : 'too old';
}

/** Says in one line when this Node.js is not a supported release; exits on one that is too old. */
export function checkNodeVersion(): void {
  const { engines } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    engines: { node: string };
  };
  const support = nodeSupport(process.version, engines.node);
  if (support === 'too old') {
    console.error(
      `Node.js ${process.version} is not supported: the portal needs ${engines.node}. Install a supported release and run the command again.`,
    );
    process.exit(1);
  }
  if (support === 'untested')
    console.warn(
      `Node.js ${process.version} is newer than the releases the portal is tested on (${engines.node}); it may work.`,
    );
}
