import { createHash } from 'node:crypto';

/**
 * Every port, URL and tunable of the stack, read from the environment once.
 * docs/configuration.md documents each variable and its default.
 */
function env(name: string, fallback: string): string {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : value;
}

function intEnv(name: string, fallback: number): number {
  const raw = env(name, String(fallback));
  const value = Number.parseInt(raw, 10);
  if (!Number.isFinite(value)) throw new Error(`${name} must be an integer, got "${raw}"`);
  return value;
}

/** Node's HTTP server timeouts, in ms (see infra/base/httpTimeouts.ts). */
export interface ServerTimeouts {
  /** Longest wait for a request's complete headers (slow-header clients). */
  headersTimeoutMs: number;
  /** Longest wait for a request's complete body. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open; above the load balancer's idle timeout, so the balancer closes first. */
  keepAliveTimeoutMs: number;
}

function serverTimeouts(prefix: string, defaults: ServerTimeouts): ServerTimeouts {
  return {
    headersTimeoutMs: intEnv(`${prefix}_HEADERS_TIMEOUT_MS`, defaults.headersTimeoutMs),
    requestTimeoutMs: intEnv(`${prefix}_REQUEST_TIMEOUT_MS`, defaults.requestTimeoutMs),
    keepAliveTimeoutMs: intEnv(`${prefix}_KEEP_ALIVE_TIMEOUT_MS`, defaults.keepAliveTimeoutMs),
  };
}

interface StackConfig {
  gatewayHost: string;
  gatewayPort: number;
  matcherHost: string;
  matcherPort: number;
  matcherUrl: string;
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  temporalAddress: string;
  temporalNamespace: string;
  temporalUiPort: number;
  taskQueue: string;
  logLevel: string;
  dataDir: string;
  workerMetricsHost: string;
  /** 0: any free port (the worker logs its metrics URL). */
  workerMetricsPort: number;
  /** When set, every /metrics endpoint asks for `Authorization: Bearer <token>`. */
  metricsToken: string;
  gatewayServerTimeouts: ServerTimeouts;
  matcherServerTimeouts: ServerTimeouts;
  /**
   * Proxies in front of the gateway that append the caller's address to X-Forwarded-For (an
   * ingress: 1). 0 trusts no header: the public lookup's per-IP limit keys on the socket's peer.
   */
  trustedProxyHops: number;
}

function loadConfig(): StackConfig {
  const matcherHost = env('MATCHER_HOST', '127.0.0.1');
  const matcherPort = intEnv('MATCHER_PORT', 8081);
  return {
    gatewayHost: env('GATEWAY_HOST', '127.0.0.1'),
    gatewayPort: intEnv('GATEWAY_PORT', 8080),
    matcherHost,
    matcherPort,
    matcherUrl: env('MATCHER_URL', `http://${matcherHost}:${matcherPort}`),
    databaseUrl: env('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/screening'),
    redisUrl: env('REDIS_URL', 'redis://127.0.0.1:6379/0'),
    redisKeyPrefix: env('REDIS_KEY_PREFIX', 'screening:'),
    temporalAddress: env('TEMPORAL_ADDRESS', '127.0.0.1:7233'),
    temporalNamespace: env('TEMPORAL_NAMESPACE', 'default'),
    temporalUiPort: intEnv('TEMPORAL_UI_PORT', 8233),
    taskQueue: env('TEMPORAL_TASK_QUEUE', 'screening'),
    logLevel: env('LOG_LEVEL', 'info'),
    dataDir: env('DATA_DIR', '.data'),
    workerMetricsHost: env('WORKER_METRICS_HOST', '127.0.0.1'),
    workerMetricsPort: intEnv('WORKER_METRICS_PORT', 9464),
    metricsToken: env('METRICS_TOKEN', ''),
    gatewayServerTimeouts: serverTimeouts('GATEWAY', { headersTimeoutMs: 20_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 65_000 }),
    // Workers send chunks of up to 4 MiB of subjects.
    matcherServerTimeouts: serverTimeouts('MATCHER', { headersTimeoutMs: 20_000, requestTimeoutMs: 120_000, keepAliveTimeoutMs: 65_000 }),
    trustedProxyHops: intEnv('TRUSTED_PROXY_HOPS', 0),
  };
}

export const config: StackConfig = loadConfig();

/**
 * The envelope keys webhook secrets are encrypted under at rest (AES-256-GCM), from
 * `WEBHOOK_SECRET_KEYS` (`keyId:base64key`, comma-separated; the first encrypts, all decrypt; see
 * docs/webhooks.md for rotation). Unset, development and tests use a published fixed key, which no
 * production process (NODE_ENV=production) accepts. A key never appears in an error message.
 */
export interface WebhookSecretKeys {
  /** The key id new secrets are encrypted under: the first entry. */
  currentKeyId: string;
  keys: ReadonlyMap<string, Buffer>;
}

export const DEV_WEBHOOK_SECRET_KEY_ID = 'dev';
const DEV_WEBHOOK_SECRET_KEY = createHash('sha256')
  .update('exclusion-screening: development webhook secret key, never for production')
  .digest();
const KEY_ENTRY = /^([A-Za-z0-9_.-]{1,64}):([A-Za-z0-9+/_-]+={0,2})$/;

export function webhookSecretKeys(source: NodeJS.ProcessEnv = process.env): WebhookSecretKeys {
  const production = source.NODE_ENV === 'production';
  const raw = (source.WEBHOOK_SECRET_KEYS ?? '').trim();
  if (raw === '') {
    if (production) {
      throw new Error(
        'WEBHOOK_SECRET_KEYS is required in production (NODE_ENV=production): one or more keyId:base64key entries (32-byte keys), the first used for new secrets',
      );
    }
    return { currentKeyId: DEV_WEBHOOK_SECRET_KEY_ID, keys: new Map([[DEV_WEBHOOK_SECRET_KEY_ID, DEV_WEBHOOK_SECRET_KEY]]) };
  }
  const keys = new Map<string, Buffer>();
  raw
    .split(',')
    .map((entry) => entry.trim())
    .forEach((entry, i) => {
      const parsed = KEY_ENTRY.exec(entry);
      if (!parsed) throw new Error(`WEBHOOK_SECRET_KEYS: entry ${i + 1} is not keyId:base64key`);
      const [, keyId, encoded] = parsed;
      const key = Buffer.from(encoded, 'base64');
      if (key.length !== 32)
        throw new Error(`WEBHOOK_SECRET_KEYS: key ${keyId} must be 32 bytes (AES-256), base64-encoded; it is ${key.length}`);
      if (keys.has(keyId)) throw new Error(`WEBHOOK_SECRET_KEYS: key id ${keyId} appears twice`);
      if (production && (keyId === DEV_WEBHOOK_SECRET_KEY_ID || key.equals(DEV_WEBHOOK_SECRET_KEY))) {
        throw new Error('WEBHOOK_SECRET_KEYS: the development key may not be used in production');
      }
      keys.set(keyId, key);
    });
  return { currentKeyId: keys.keys().next().value as string, keys };
}

/** The service key attestations are signed with (Ed25519): its id and 32-byte seed. */
export interface AttestationSigningKey {
  keyId: string;
  seed: Buffer;
}

const DEV_ATTESTATION_KEY_ID = 'dev';
const DEV_ATTESTATION_SEED = createHash('sha256')
  .update('exclusion-screening: development attestation signing key, never for production')
  .digest();

/**
 * ATTESTATION_SIGNING_KEY, `keyId:base64seed` (a 32-byte Ed25519 seed). Outside production a
 * development key stands in when it is not set; production refuses to start without one, and
 * refuses the development key.
 */
export function attestationSigningKey(source: NodeJS.ProcessEnv = process.env): AttestationSigningKey {
  const production = source.NODE_ENV === 'production';
  const raw = (source.ATTESTATION_SIGNING_KEY ?? '').trim();
  if (raw === '') {
    if (production) throw new Error('ATTESTATION_SIGNING_KEY is required in production (NODE_ENV=production): keyId:base64seed (32 bytes)');
    return { keyId: DEV_ATTESTATION_KEY_ID, seed: DEV_ATTESTATION_SEED };
  }
  const parsed = KEY_ENTRY.exec(raw);
  if (!parsed) throw new Error('ATTESTATION_SIGNING_KEY is not keyId:base64seed');
  const seed = Buffer.from(parsed[2], 'base64');
  if (seed.length !== 32) throw new Error(`ATTESTATION_SIGNING_KEY must hold a 32-byte Ed25519 seed; it holds ${seed.length}`);
  if (production && (parsed[1] === DEV_ATTESTATION_KEY_ID || seed.equals(DEV_ATTESTATION_SEED))) {
    throw new Error('ATTESTATION_SIGNING_KEY: the development key may not be used in production');
  }
  return { keyId: parsed[1], seed };
}
