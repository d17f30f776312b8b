import { BlockList, isIP } from 'node:net';
import { defaultHostResolver, type HostResolver } from './resolver';

/**
 * SSRF guard for webhook targets: only http(s), and only hosts whose every address is public.
 * Checked at registration and again at each attempt (DNS can change); the attempt then
 * connects to the address that was checked, so a second resolution cannot swap it.
 */
const refused = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // ::/96 is IPv4-compatible (deprecated, ::a.b.c.d); 2002::/16 (6to4) and 2001::/32 (Teredo)
  // tunnel to an IPv4 address we cannot vouch for; fec0::/10 is the old site-local range.
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  refused.addSubnet(net, prefix, 'ipv6');

const metadata = new BlockList();
metadata.addSubnet('169.254.0.0', 16, 'ipv4');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export type TargetCheck = { ok: true; url: URL; address: string; family: 4 | 6 } | { ok: false; reason: string };

/** The 8 groups of an IPv6 address, whatever its notation (`::`, embedded dotted IPv4); null when not IPv6. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined): number[] => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? [] : Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

/** IPv4-mapped IPv6 (::ffff:a.b.c.d, also written ::ffff:a9fe:a9fe) is judged as the IPv4 address it carries. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const groups = ipv6Groups(address);
  if (!groups) return { address, family: 'ipv4' };
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return { address: [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.'), family: 'ipv4' };
  }
  return { address, family: 'ipv6' };
}

/**
 * Why a target is refused, in general terms only: the answer reaches the customer (the 400 of
 * POST /webhook-endpoints, the delivery log's attempt error), so it never names the address a
 * host resolved to, nor which of the refused ranges it is in (that would map internal DNS).
 */
export const REFUSED_ADDRESS_REASON = 'resolves to a private, loopback, link-local or reserved address';

/** Why an address may not be a webhook target; null when it may. */
export function refusedAddressReason(raw: string, allowLoopback: boolean): string | null {
  if (!isIP(raw)) return REFUSED_ADDRESS_REASON;
  const { address, family } = unmapped(raw);
  if (loopback.check(address, family)) return allowLoopback ? null : REFUSED_ADDRESS_REASON;
  if (metadata.check(address, family) || refused.check(address, family)) return REFUSED_ADDRESS_REASON;
  return null;
}

/** `resolve` gives every address of the host (default: the process's bounded resolver, resolver.ts). */
export async function checkWebhookTarget(
  rawUrl: string,
  allowLoopback: boolean,
  resolve: HostResolver = defaultHostResolver(),
): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, reason: 'must be an absolute http or https URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'only http and https URLs are accepted' };
  if (url.username || url.password) return { ok: false, reason: 'must not carry credentials' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false, reason: `host ${host} could not be resolved` };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: `host ${host} could not be resolved` };
  for (const { address } of addresses) {
    const reason = refusedAddressReason(address, allowLoopback);
    if (reason) return { ok: false, reason };
  }
  return { ok: true, url, address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
