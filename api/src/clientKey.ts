import { isIP } from 'node:net';

/** An IPv6 address's eight groups, `::` filled in and an IPv4 tail as two groups; null if it is not one. */
function groupsOf(address: string): number[] | null {
  const plain = address.split('%')[0]!;
  if (isIP(plain) !== 6) return null;
  let text = plain;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const middle = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16));
}

/**
 * The key a client's address is counted under by every per-address limit (logins, codes, vouchers,
 * staff sign-ins): an IPv4 address as it is, also when it comes as IPv6 writes it (`::ffff:192.0.2.1`
 * is `192.0.2.1`), and an IPv6 address by its /64, the block one line (a household, a phone) is given
 * and within which it may take a new address for every request. Anything else is kept as it is.
 */
export function clientKey(address: string): string {
  const groups = groupsOf(address);
  if (!groups) return address;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
