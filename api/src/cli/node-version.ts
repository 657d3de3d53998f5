import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../apiDir';

/**
 * The Node.js releases the portal supports are those of `engines.node` in the root package.json,
 * written as caret ranges (`^20.19.0 || ^22.12.0 || ^24.0.0`): a supported major from its minimum on.
 */
export function nodeSupport(version: string, range: string): 'supported' | 'too old' | 'untested' {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  const floors = supportFloors(range);
  const same = floors.find((f) => f.major === major);
  if (same) return minor >= same.minor ? 'supported' : 'too old';
  return major > Math.max(...floors.map((f) => f.major)) ? 'untested' : 'too old';
}

/** Each supported major release and its least minor, from `engines.node`'s caret ranges. */
function supportFloors(range: string): Array<{ major: number; minor: number }> {
  return range
    .split('||')
    .map((part) => /\^(\d+)\.(\d+)/.exec(part))
    .flatMap((m) => (m ? [{ major: Number(m[1]), minor: Number(m[2]) }] : []));
}

/** The message for a release that is too old, the same from sources and from the compiled commands. */
export const tooOldLine = (version: string, range: string) =>
  `Node.js ${version} is not supported: the portal needs ${range}. Install a supported release and run the command again.`;

/**
 * The first lines of every compiled command (api/scripts/build.ts puts them before anything is
 * loaded): plain JavaScript that any old Node.js runs, refusing a release that is too old in one line,
 * before a package it cannot load stops it with a stack trace (Node 18: ERR_REQUIRE_ESM).
 */
export function nodeCheckBanner(range: string): string {
  const floors = JSON.stringify(supportFloors(range).map(({ major, minor }) => [major, minor]));
  const line = JSON.stringify(tooOldLine('VERSION', range)).replace('VERSION', '" + process.version + "');
  return `(function () { var v = process.versions.node.split(".").map(Number), f = ${floors}, same = f.filter(function (x) { return x[0] === v[0]; })[0]; if (same ? v[1] < same[1] : v[0] < Math.max.apply(null, f.map(function (x) { return x[0]; }))) { process.stderr.write(${line} + "\\n"); process.exit(1); } })();`;
}

/** Says in one line when this Node.js is not a supported release; exits on one that is too old. */
export function checkNodeVersion(): void {
  const { engines } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    engines: { node: string };
  };
  const support = nodeSupport(process.version, engines.node);
  if (support === 'too old') {
    console.error(tooOldLine(process.version, engines.node));
    process.exit(1);
  }
  if (support === 'untested')
    console.warn(
      `Node.js ${process.version} is newer than the releases the portal is tested on (${engines.node}); it may work.`,
    );
}
