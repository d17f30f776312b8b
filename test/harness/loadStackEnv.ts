// Guards against a test reaching the developer's own database: the harness must have run.
for (const name of ['DATABASE_URL', 'REDIS_KEY_PREFIX', 'TEMPORAL_ADDRESS']) {
  if (!process.env[name]) throw new Error(`${name} is not set: run tests through jest's globalSetup (npm test)`);
}
if (!/\/screening_test_/.test(process.env.DATABASE_URL ?? '')) {
  throw new Error('DATABASE_URL does not point at an isolated test database');
}
