import type Redis from 'ioredis';

/**
 * Fixed one-minute windows in Redis, counted atomically by Lua on Redis's own clock so every
 * gateway instance agrees on the window. Every call increments (refused calls count too).
 */
const WINDOW_MS = 60_000;

// KEYS[1]: counter prefix. Returns {count, msUntilReset}.
const KEYED_WINDOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = math.floor(now / ${WINDOW_MS})
local key = KEYS[1] .. ':' .. window
local count = redis.call('INCR', key)
local reset = (window + 1) * ${WINDOW_MS} - now
if count == 1 then redis.call('PEXPIRE', key, reset + 1000) end
return {count, reset}
`;

// KEYS[1]: per-IP prefix, KEYS[2]: global prefix; ARGV: ipLimit, globalLimit.
// A caller refused by its own per-IP limit does not use up the shared global window.
// Returns {refusedBy (0 none, 1 ip, 2 global), msUntilReset}.
const PUBLIC_WINDOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = math.floor(now / ${WINDOW_MS})
local reset = (window + 1) * ${WINDOW_MS} - now
local ipKey = KEYS[1] .. ':' .. window
local ipCount = redis.call('INCR', ipKey)
if ipCount == 1 then redis.call('PEXPIRE', ipKey, reset + 1000) end
if ipCount > tonumber(ARGV[1]) then return {1, reset} end
local globalKey = KEYS[2] .. ':' .. window
local globalCount = redis.call('INCR', globalKey)
if globalCount == 1 then redis.call('PEXPIRE', globalKey, reset + 1000) end
if globalCount > tonumber(ARGV[2]) then return {2, reset} end
return {0, reset}
`;

type WindowRedis = Redis & {
  keyedWindow(prefix: string): Promise<[number, number]>;
  publicWindow(ipPrefix: string, globalPrefix: string, ipLimit: number, globalLimit: number): Promise<[number, number]>;
};

export interface WindowCount {
  count: number;
  resetMs: number;
}

export interface PublicVerdict {
  refusedBy: 'none' | 'ip' | 'global';
  resetMs: number;
}

export function createWindowCounter(redis: Redis) {
  const r = redis as WindowRedis;
  if (typeof r.keyedWindow !== 'function') {
    redis.defineCommand('keyedWindow', { numberOfKeys: 1, lua: KEYED_WINDOW });
    redis.defineCommand('publicWindow', { numberOfKeys: 2, lua: PUBLIC_WINDOW });
  }
  return {
    /** Counts one request for the API key; throws when Redis is unreachable (callers fail closed). */
    async countKeyed(keyId: string): Promise<WindowCount> {
      const [count, resetMs] = await r.keyedWindow(`rl:key:${keyId}`);
      return { count, resetMs };
    },
    /** Counts one replay asked for by the organization (webhook replays have a window of their own). */
    async countReplays(orgId: string): Promise<WindowCount> {
      const [count, resetMs] = await r.keyedWindow(`rl:replay:org:${orgId}`);
      return { count, resetMs };
    },
    async countPublic(ip: string, ipLimit: number, globalLimit: number): Promise<PublicVerdict> {
      const [code, resetMs] = await r.publicWindow(`rl:public:ip:${ip}`, 'rl:public:all', ipLimit, globalLimit);
      return { refusedBy: code === 1 ? 'ip' : code === 2 ? 'global' : 'none', resetMs };
    },
  };
}

export type WindowCounter = ReturnType<typeof createWindowCounter>;
