/**
 * The layers of README "Architecture", held by dependency-cruiser (`npm run depcheck`, part of
 * `npm test`). Imports run downward only:
 *   roots    infra/worker.ts (with infra/worker/), infra/cli, infra/dev, infra/schedules   (import anything, imported by nothing)
 *   gateway  the HTTP API
 *   workflows  (activity and workflow *types* only)
 *   activities  list ingestion, batches, monitoring, webhooks, metering: one folder a feature, entered by its index.ts (lists/ also by coverage.ts, the read-only coverage report)
 *   matcher  the runtime scoring service, entered by client.ts, types.ts and blockingKeys.ts;
 *            inside it, strings < normalize < score < index < engine.ts/server.ts
 *   base     infra/base: config, log, db, redis, temporal connection, migrations (imports nothing of ours)
 */
const ROOTS = '^infra/(worker\\.ts|worker/|cli/|dev/|schedules/|deploy/)';
const DOMAINS = '^(gateway|matcher|activities|workflows)/';
/** A feature folder's entries: its index.ts, and the coverage report's read-only entry of lists/. */
const FEATURE_ENTRIES = '^activities/([^/]+/index|lists/coverage)\\.ts$';

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
      name: 'domains-import-only-the-base-of-infra',
      comment: 'Of infra/, the domains use only the base layer; the rest of infra/ composes them (roots) or is not code they call.',
      severity: 'error',
      from: { path: DOMAINS },
      to: { path: '^infra/(?!base/)' },
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
      name: 'matcher-steps-below-the-engine',
      comment:
        'Inside the matcher a screening runs strings < normalize < score < index < engine/server. ' +
        'A step imports only the steps below it, plus the shared boundedCache.ts and types.ts.',
      severity: 'error',
      from: { path: '^matcher/(strings|normalize|score|index)/' },
      to: { path: '^matcher/[^/]+\\.ts$', pathNot: '^matcher/(boundedCache|types)\\.ts$' },
    },
    {
      name: 'matcher-strings-is-the-lowest-step',
      severity: 'error',
      from: { path: '^matcher/strings/' },
      to: { path: '^matcher/(normalize|score|index)/' },
    },
    {
      name: 'matcher-normalize-below-score-and-index',
      comment: 'Normalisation prepares names; it never compares them (score/) or looks candidates up (index/).',
      severity: 'error',
      from: { path: '^matcher/normalize/' },
      to: { path: '^matcher/(score|index)/' },
    },
    {
      name: 'matcher-score-below-index',
      comment: 'Scoring compares two prepared names; candidate generation (index/) uses it, not the reverse.',
      severity: 'error',
      from: { path: '^matcher/score/' },
      to: { path: '^matcher/index/' },
    },
    {
      name: 'gateway-imports-no-activity-implementation',
      comment:
        'The top-level activities/*.ts are the Temporal activity implementations and their assembly (index.ts), run by ' +
        'the worker. The gateway uses the feature entries (activities/<feature>/index.ts), and at most the types of these files.',
      severity: 'error',
      from: { path: '^gateway/' },
      to: { path: '^activities/[^/]+\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'activity-features-through-their-entry',
      comment: 'A feature folder of activities/ is entered by its index.ts, from outside it.',
      severity: 'error',
      from: { path: '^(gateway|activities)/', pathNot: '^activities/([^/]+)/' },
      to: { path: '^activities/[^/]+/', pathNot: FEATURE_ENTRIES },
    },
    {
      name: 'activity-features-through-their-entry-from-siblings',
      severity: 'error',
      from: { path: '^activities/([^/]+)/' },
      to: { path: '^activities/[^/]+/', pathNot: `^activities/$1/|${FEATURE_ENTRIES}` },
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
      to: { path: '^(activities|matcher|infra|gateway)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'workflows-import-only-temporal-workflow-packages',
      severity: 'error',
      from: { path: '^workflows/' },
      to: { dependencyTypes: ['npm'], pathNot: '^node_modules/@temporalio/(workflow|common)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'workflows-import-declared-dependencies-only',
      comment: 'A package workflow code uses is a declared runtime dependency (package.json "dependencies"), types included.',
      severity: 'error',
      from: { path: '^workflows/' },
      to: {
        dependencyTypes: ['npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown', 'undetermined', 'unknown'],
      },
    },
    {
      name: 'only-tests-import-tests',
      severity: 'error',
      from: { pathNot: '^test/' },
      to: { path: '^test/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing package: the rules above cannot see through it.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
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
    // node_modules is not followed but stays in the graph: excluding it would drop every import
    // of a package, and the workflow package rules above would never see one.
    exclude: { path: '^(\\.venv|\\.data|\\.tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
