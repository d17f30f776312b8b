/**
 * The settings of fetching lists from their publishers (docs/lists.md "Fetched from
 * the publishers"), read from the environment the worker (or screenctl) was given.
 */

export interface FetchSettings {
  /** Whether sources with a recipe are fetched from their publishers and scheduled without `LIST_ARTIFACT_<KEY>`. */
  enabled: boolean;
  /** `LIST_PUBLISHER_BASE_URL`: every publisher address is rewritten to `<base>/<host><path>` (tests, a mirror). */
  publisherBase: string | null;
  userAgent: string;
  /** Longest wait for a publisher's response headers, and for the next chunk of a body. */
  responseTimeoutMs: number;
  /** The absolute byte ceiling of any one download, decompressed bytes counted. */
  maxBytes: number;
  /** A download may be at most this many times the current artifact's size... */
  capMultiple: number;
  /** ...but never capped below this (a small list may grow several times over). */
  capFloorBytes: number;
}

const GIB = 1024 ** 3;

function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return Number(raw);
}

/**
 * `LIST_FETCH`: `publishers` (fetch every source with a recipe) or `off` (only `LIST_ARTIFACT_<KEY>`).
 * Unset, it is `publishers` when NODE_ENV is `production` (the container image sets it), `off`
 * otherwise: `npm start` and `npm test` run without the internet and keep their demo lists.
 */
export function fetchFromPublishers(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env.LIST_FETCH?.trim().toLowerCase();
  if (!raw) return env.NODE_ENV === 'production';
  if (raw === 'publishers') return true;
  if (raw === 'off') return false;
  throw new Error(`LIST_FETCH must be "publishers" or "off", got "${env.LIST_FETCH}"`);
}

export function fetchSettings(env: NodeJS.ProcessEnv = process.env): FetchSettings {
  const contact = env.LIST_FETCH_CONTACT?.trim() || 'operator contact not configured; set LIST_FETCH_CONTACT';
  const base = env.LIST_PUBLISHER_BASE_URL?.trim() || null;
  if (base !== null && !/^https?:\/\/[^/]+/i.test(base)) throw new Error(`LIST_PUBLISHER_BASE_URL must be an http(s) URL, got "${base}"`);
  return {
    enabled: fetchFromPublishers(env),
    publisherBase: base ? base.replace(/\/+$/, '') : null,
    userAgent: `ExclusionScreeningService/1 (list fetcher; contact: ${contact})`,
    responseTimeoutMs: intSetting(env, 'LIST_FETCH_TIMEOUT_MS', 60_000),
    maxBytes: intSetting(env, 'LIST_FETCH_MAX_BYTES', 4 * GIB),
    capMultiple: intSetting(env, 'LIST_FETCH_CAP_MULTIPLE', 4),
    capFloorBytes: intSetting(env, 'LIST_FETCH_CAP_FLOOR_BYTES', 64 * 1024 * 1024),
  };
}

/** The byte cap of a source's next download: a multiple of its current artifact, within the floor and the ceiling. */
export function byteCap(settings: FetchSettings, currentBytes: number | null): number {
  if (currentBytes === null || currentBytes <= 0) return settings.maxBytes;
  return Math.min(settings.maxBytes, Math.max(settings.capFloorBytes, currentBytes * settings.capMultiple));
}

/** `<base>/<host><path>?<query>` for a publisher address when a base is set; the address itself otherwise. */
export function publisherAddress(settings: FetchSettings, url: string): string {
  if (!settings.publisherBase) return url;
  const parsed = new URL(url);
  if (url.startsWith(`${settings.publisherBase}/`)) return url;
  return `${settings.publisherBase}/${parsed.host}${parsed.pathname}${parsed.search}`;
}
