import { bootTestStack, type TestStack } from './stack';

declare global {
  var __TEST_STACK__: TestStack | undefined;
}

/** Boots the run's isolated stack; jest workers inherit the environment set here. */
export default async function globalSetup(): Promise<void> {
  const stack = await bootTestStack();
  globalThis.__TEST_STACK__ = stack;
  process.env.DATABASE_URL = stack.databaseUrl;
  process.env.TEST_TEMPLATE_DATABASE_URL = stack.templateDatabaseUrl;
  process.env.REDIS_KEY_PREFIX = stack.redisKeyPrefix;
  process.env.TEMPORAL_ADDRESS = stack.temporalAddress;
  process.env.WORKFLOW_BUNDLE_PATH = stack.workflowBundlePath;
  // Test receivers listen on loopback; private and metadata ranges stay refused.
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  // A worker process a test starts serves its metrics on a free port, never on a developer's 9464.
  process.env.WORKER_METRICS_PORT = '0';
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'silent';
}
