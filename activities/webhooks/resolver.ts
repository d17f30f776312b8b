import { Resolver } from 'node:dns/promises';
import { positiveFromEnv } from './policy';

/**
 * Webhook host names are resolved by c-ares (`dns.Resolver`), not `getaddrinfo` on libuv's four
 * threads: a name server that never answers costs one pending query, not a thread every other
 * organization (and file reads, zlib, crypto) waits for. Answers are cached for their TTL; the
 * WEBHOOK_DNS_* variables are in docs/configuration.md. `localhost` is answered here (no hosts
 * file is read); the SSRF guard still refuses loopback unless WEBHOOK_ALLOW_LOOPBACK is set.
 */
export type ResolvedAddress = { address: string; family: number };
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

/** Longest an answer is kept, whatever its TTL; and how many hosts are kept. */
const MAX_TTL_MS = 5 * 60_000;
const CACHED_HOSTS = 10_000;
const QUERY_TRIES = 2;

const LOCALHOST: ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

function isNoAnswer(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'ENODATA' || code === 'ENOTFOUND';
}

export function createHostResolver(env: NodeJS.ProcessEnv = process.env): HostResolver {
  const resolver = new Resolver({ timeout: Math.round(positiveFromEnv(env, 'WEBHOOK_DNS_TIMEOUT_MS', 2000)), tries: QUERY_TRIES });
  const servers = (env.WEBHOOK_DNS_SERVERS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (servers.length > 0) resolver.setServers(servers);
  const cache = new Map<string, { addresses: ResolvedAddress[]; until: number }>();

  const family = async (host: string, version: 4 | 6): Promise<Array<ResolvedAddress & { ttl: number }>> => {
    try {
      const records = version === 4 ? await resolver.resolve4(host, { ttl: true }) : await resolver.resolve6(host, { ttl: true });
      return records.map((r) => ({ address: r.address, family: version, ttl: r.ttl }));
    } catch (err) {
      if (isNoAnswer(err)) return [];
      throw err;
    }
  };

  return async (rawHost) => {
    const host = rawHost.toLowerCase().replace(/\.$/, '');
    if (host === 'localhost' || host.endsWith('.localhost')) return LOCALHOST;
    const cached = cache.get(host);
    if (cached && cached.until > Date.now()) return cached.addresses;
    const [v4, v6] = await Promise.all([family(host, 4), family(host, 6)]);
    const all = [...v4, ...v6];
    if (all.length === 0) throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
    const addresses = all.map(({ address, family: f }) => ({ address, family: f }));
    const ttlMs = Math.min(Math.min(...all.map((a) => a.ttl)) * 1000, MAX_TTL_MS);
    cache.delete(host);
    if (ttlMs > 0) {
      cache.set(host, { addresses, until: Date.now() + ttlMs });
      if (cache.size > CACHED_HOSTS) cache.delete(cache.keys().next().value!);
    }
    return addresses;
  };
}

let processResolver: HostResolver | null = null;

/** The process's resolver, configured from its environment. */
export function defaultHostResolver(): HostResolver {
  processResolver ??= createHostResolver(process.env);
  return processResolver;
}
