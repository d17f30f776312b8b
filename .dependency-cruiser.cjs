/**
 * The layers of README "Architecture", held by dependency-cruiser (`npm run depcheck`, part of
 * `npm test`). Imports run downward only:
 *   roots    infra/worker.ts, infra/cli, infra/dev, infra/schedules   (import anything, imported by nothing)
 *   gateway  the HTTP API
 *   workflows  (activity and workflow *types* only)
 *   activities  list ingestion, batches, monitoring, webhooks, metering: one folder a feature, entered by its index.ts
 *   matcher  the runtime scoring service, entered by client.ts, types.ts and blockingKeys.ts
 *   base     infra/base: config, log, db, redis, temporal connection, migrations (imports nothing of ours)
 */
const ROOTS = '^infra/(worker\\.ts|cli/|dev/|schedules/|deploy/)';
const DOMAINS = '^(gateway|matcher|activities|workflows)/';

module.exports = {
  forbidden: [
    {
      name: 'base-imports-nothing-of-ours',
      comment: 'infra/base is the bottom layer: config, log, db, redis, temporal connection.',
      severity: 'error',
      from: { path: '^infra/base/' },
      to: { path: '^(gateway|matcher|activities|workflows|test)/|^infra/(?!base/)' },
    },
    {
      name: 'nothing-imports-a-root',
      comment: 'The worker, CLI, dev launcher/seed and schedules compose the domains; no domain depends on them.',
      severity: 'error',
      from: { path: `${DOMAINS}|^infra/base/` },
      to: { path: ROOTS },
    },
    {
      name: 'matcher-is-below-the-other-domains',
      severity: 'error',
      from: { path: '^matcher/' },
      to: { path: '^(gateway|activities|workflows)/' },
    },
    {
      name: 'activities-are-below-gateway-and-workflows',
      severity: 'error',
      from: { path: '^activities/' },
      to: { path: '^(gateway|workflows)/' },
    },
    {
      name: 'matcher-through-its-entry',
      comment: 'Other domains use the matcher through its client, its contract types and its blocking keys only.',
      severity: 'error',
      from: { path: '^(gateway|activities|workflows)/' },
      to: { path: '^matcher/', pathNot: '^matcher/(client|types|blockingKeys)\\.ts$' },
    },
    {
      name: 'activity-features-through-their-entry',
      comment: 'A feature folder of activities/ is entered by its index.ts, from outside it.',
      severity: 'error',
      from: { path: '^(gateway|activities)/', pathNot: '^activities/([^/]+)/' },
      to: { path: '^activities/[^/]+/', pathNot: '^activities/[^/]+/index\\.ts$' },
    },
    {
      name: 'activity-features-through-their-entry-from-siblings',
      severity: 'error',
      from: { path: '^activities/([^/]+)/' },
      to: { path: '^activities/[^/]+/', pathNot: '^activities/($1|[^/]+/index\\.ts$)' },
    },
    {
      name: 'gateway-knows-workflows-by-type-only',
      comment: 'The gateway starts workflows through the Temporal client; their code runs only in the worker.',
      severity: 'error',
      from: { path: '^gateway/' },
      to: { path: '^workflows/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'workflows-import-no-node-builtin',
      comment: 'Workflow code runs in the deterministic sandbox: I/O belongs in activities.',
      severity: 'error',
      from: { path: '^workflows/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'workflows-import-activity-types-only',
      severity: 'error',
      from: { path: '^workflows/' },
      to: {
        path: '^(activities|matcher|infra|gateway)/',
        // Search attribute keys depend on @temporalio/common only, which the sandbox allows.
        pathNot: '^infra/base/temporal/searchAttributes\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'workflows-import-only-temporal-workflow-packages',
      severity: 'error',
      from: { path: '^workflows/' },
      to: { dependencyTypes: ['npm', 'npm-dev'], pathNot: '^node_modules/@temporalio/(workflow|common)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'only-tests-import-tests',
      severity: 'error',
      from: { pathNot: '^test/' },
      to: { path: '^test/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.venv|\\.data|\\.tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
