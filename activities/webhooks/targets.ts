import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * SSRF guard for webhook targets: only http(s), and only hosts whose every address is public.
 * Checked at registration and again at each attempt (DNS can change); the attempt then
 * connects to the address that was checked, so a second resolution cannot swap it.
 */
const refused = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) refused.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) refused.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export type TargetCheck = { ok: true; url: URL; address: string; family: 4 | 6 } | { ok: false; reason: string };

/** IPv4 written inside IPv6 (::ffff:a.b.c.d) is judged as the IPv4 address it carries. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 4 ? 'ipv4' : 'ipv6' };
}

/** Why an address may not be a webhook target; null when it may. */
export function refusedAddressReason(raw: string, allowLoopback: boolean): string | null {
  const { address, family } = unmapped(raw);
  if (loopback.check(address, family)) return allowLoopback ? null : `resolves to a loopback address (${raw})`;
  if (family === 'ipv4' && /^169\.254\./.test(address)) return `resolves to a link-local or cloud metadata address (${raw})`;
  if (refused.check(address, family)) return `resolves to a private, reserved or non-unicast address (${raw})`;
  return null;
}

export async function checkWebhookTarget(rawUrl: string, allowLoopback: boolean): Promise<TargetCheck> {
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
      addresses = await lookup(host, { all: true, verbatim: true });
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
