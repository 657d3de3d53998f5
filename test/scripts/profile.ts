/**
 * `npm run profile -- [accountInfo|plans|login] [seconds]`: where the API's time goes under load. Starts
 * the portal (embedded database, or DATABASE_URL) with V8's CPU profiler, loads one call with
 * autocannon, stops the portal, and prints the functions that took the most CPU time themselves
 * (self time), by share. The profile file stays in test/artifacts/profiles/ for Chrome's DevTools.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { ARTIFACTS, startPortal } from '../e2e/harness';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const DIR = path.join(ARTIFACTS, 'profiles');
const LOGIN = {
  username: 'aktivna@ontv.ba',
  password: 'Demo1234!',
  deviceType: 'ontv',
  deviceUsername: 'profile-device-aaaaaaaa',
  devicePassword: 'c'.repeat(64),
  deviceName: 'Profile',
};

/** Where a function lives: its package, Node's internals, PGlite's WebAssembly, or our file. */
function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : `native: ${functionName}`;
  if (url.startsWith('wasm://')) return 'PGlite (WebAssembly)';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  return url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '');
}

/** Self time per place (package, Node, our files), summed over the profile's samples. */
function selfTimeByPlace(profile: Profile, count = 15): Array<{ name: string; share: number }> {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const time = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const { url, functionName } = byNode.get(id)!.callFrame;
    const delta = profile.timeDeltas[i] ?? 0;
    const place = placeOf(url, functionName);
    time.set(place, (time.get(place) ?? 0) + delta);
    total += delta;
  });
  return [...time.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, t]) => ({ name, share: t / total }));
}

/** Self time per function (name and place), summed over the profile's samples. */
function topSelfTime(profile: Profile, count = 15): Array<{ name: string; share: number }> {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const time = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byNode.get(id)!;
    const delta = profile.timeDeltas[i] ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? `${url
          .replace(/^file:\/\//, '')
          .replace(/^.*node_modules\//, '')
          .replace(`${process.cwd()}/`, '')}:${lineNumber + 1}`
      : '';
    const name = `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
    time.set(name, (time.get(name) ?? 0) + delta);
    total += delta;
  });
  return [...time.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, t]) => ({ name, share: t / total }));
}

async function main(): Promise<void> {
  const call = process.argv[2] ?? 'accountInfo';
  const seconds = Number(process.argv[3] ?? 10);
  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(DIR, { recursive: true });
  const env: Record<string, string> = {
    LOG_LEVEL: 'warn',
    LOGIN_LIMIT_ACCOUNT: '100000000',
    LOGIN_LIMIT_CLIENT: '100000000',
  };
  const portal = await startPortal({ env, name: 'profile', nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${DIR}`] });
  try {
    const answer = await fetch(`${portal.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(LOGIN),
    });
    const { token } = (await answer.json()) as { token: string };
    const targets: Record<string, autocannon.Options> = {
      accountInfo: {
        url: `${portal.url}/api/ontv/accountInfo`,
        headers: { authorization: `Bearer ${token}` },
        connections: 100,
      },
      plans: { url: `${portal.url}/api/ontv/plans`, connections: 100 },
      login: {
        url: `${portal.url}/api/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(LOGIN),
        connections: 16,
      },
    };
    const result = await autocannon({ ...targets[call]!, duration: seconds });
    console.log(
      `${call}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx + result.errors} errors`,
    );
  } finally {
    await portal.stop();
  }
  const files = fs
    .readdirSync(DIR)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(DIR, f));
  const file = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  if (!file) throw new Error(`No profile was written to ${DIR}`);
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const print = (rows: Array<{ name: string; share: number }>) =>
    rows.forEach(({ name, share }) => console.log(`${(share * 100).toFixed(1).padStart(5)} %  ${name}`));
  console.log(`\nSelf time by place (${path.relative(process.cwd(), file)}, start-up included):`);
  print(selfTimeByPlace(profile));
  console.log('\nTop functions by self time:');
  print(topSelfTime(profile));
}

void main();
