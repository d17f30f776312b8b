/**
 * The caller's address for the public lookup's per-IP limit. Each trusted proxy appends the
 * address it received the request from to X-Forwarded-For, so with `trustedHops` proxies the
 * caller is the entry that many places from the right of [...X-Forwarded-For, socket peer].
 * Entries further left were written by the caller and can be anything: they are never read.
 * With no trusted hops (the default) the header is ignored.
 */
export function clientIp(peer: string, forwardedFor: string | undefined, trustedHops: number): string {
  if (trustedHops <= 0) return normalize(peer);
  const chain = [
    ...(forwardedFor ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter((a) => a !== ''),
    peer,
  ];
  // Fewer entries than trusted proxies: the request skipped one, so no entry is known to be a proxy's.
  if (chain.length - 1 < trustedHops) return normalize(peer);
  return normalize(chain[chain.length - 1 - trustedHops]);
}

/** ::ffff:10.0.0.1 and 10.0.0.1 are one caller. */
function normalize(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
