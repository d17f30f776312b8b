/**
 * Every port, URL and tunable of the stack, read from the environment once.
 * The README's configuration table documents each variable and its default.
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
  };
}

export const config: StackConfig = loadConfig();
