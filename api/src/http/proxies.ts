import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { forwardedIgnored } from './metrics';

/**
 * Who may say where a request came from (TRUST_PROXY, decision 040): nobody (the socket's address is
 * the client's), the nearest N hops, or the proxies at these addresses and networks. Never everybody:
 * nginx's `$proxy_add_x_forwarded_for` appends to what the client sent, so the left-most entry is the
 * client's to choose.
 */
export type ProxyTrust = false | number | string[];

/** proxy-addr's own names for address ranges (127.0.0.0/8 and ::1; 169.254.0.0/16 and fe80::/10; 10/8, 172.16/12, 192.168/16 and fc00::/7). */
const RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const EVERYONE =
  'true is refused: it lets any client choose its own address (the left-most X-Forwarded-For entry). Name the proxy in front instead, by its addresses or networks (10.0.0.5,fd00::/8) or by a hop count (1: one nginx that alone reaches the API)';

/** Why one entry of the list names no proxy, or null: an IP address, a network with its prefix length, or a range's name. */
function entryProblem(entry: string): string | null {
  if (RANGES.has(entry)) return null;
  const [address = '', prefix, extra] = entry.split('/');
  const family = address.includes('%') ? 0 : isIP(address);
  if (family === 0 || extra !== undefined)
    return `"${entry}" is not an IP address, a network (10.0.0.0/8, fd00::/8), a hop count or one of ${[...RANGES].join(', ')}`;
  if (prefix === undefined) return null;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  const most = family === 4 ? 32 : 128;
  if (bits < 0 || bits > most) return `"${entry}": a network's prefix length is 1 to ${most}`;
  if (bits === 0)
    return `"${entry}" is every address, so any client could choose its own: name the proxy's own addresses or networks`;
  return null;
}

/**
 * TRUST_PROXY's value, or why it is refused (one line): unset, `false`, `no` or `0` trust nobody; a
 * positive integer is a hop count; otherwise a comma-separated list of addresses and networks.
 */
export function parseProxyTrust(text: string): ProxyTrust | string {
  const value = text.trim().toLowerCase();
  if (['', 'false', 'no', '0'].includes(value)) return false;
  if (value === 'true' || value === 'yes') return EVERYONE;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const problem = entryProblem(entry);
    if (problem) return problem;
  }
  return entries;
}

/** TRUST_PROXY as written back in a sentence: `1`, `10.0.0.5,fd00::/8`. */
export const shownProxyTrust = (trust: ProxyTrust): string => (Array.isArray(trust) ? trust.join(',') : String(trust));

/**
 * Fastify's `trustProxy` for a ProxyTrust. Fastify 5.12 turned its numeric option into "trust nobody"
 * (a hop count cannot check the nearest peer), so a hop count is proxy-addr's own rule written out as
 * the trust function: the N nearest hops are proxies. Addresses go to proxy-addr as they are.
 */
export function fastifyTrustProxy(trust: ProxyTrust): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/**
 * With TRUST_PROXY unset, what a request that comes with X-Forwarded-For does: it is counted
 * (`ontv_forwarded_for_ignored_total`), and the first one says, once per process, what it means: every
 * client behind that proxy is the proxy's one address to the per-address limits, so 30 logins lock
 * everyone out. Null when TRUST_PROXY is set: the header is then the proxy's to write. (The API's one
 * request hook calls it, app.ts.)
 */
export function ignoredForwarding(trust: ProxyTrust): ((request: FastifyRequest) => void) | null {
  if (trust !== false) return null;
  let warned = false;
  return (request) => {
    forwardedIgnored.inc();
    if (warned) return;
    warned = true;
    request.log.warn(
      `X-Forwarded-For came from ${request.ip} but TRUST_PROXY is unset: every client behind that proxy counts as its one address, and the per-address limits hold them back together. Set TRUST_PROXY to the proxy's address or network (docs/deploy/README.md).`,
    );
  };
}
