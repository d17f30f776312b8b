/**
 * The layers of docs/architecture.md, held by dependency-cruiser (`npm run depcheck`, part of
 * `npm test`). Imports run downward only:
 *   roots    infra/worker.ts (with infra/worker/), infra/cli, infra/dev, infra/schedules   (import anything, imported by nothing)
 *   gateway  the HTTP API
 *   workflows  orchestration; workflows/contracts.ts holds each workflow's input, result and id (activity types only)
 *   activities  list ingestion, batches, monitoring, webhooks, metering: one folder a feature, entered by its index.ts
 *            (lists/ also by coverage.ts, the read-only coverage report); its activities.ts is the Temporal-facing
 *            factory, assembled for the worker by activities/index.ts. activities/starters.ts starts workflows by name,
 *            typed by the contracts' `Workflows`.
 *   matcher  the runtime scoring service, entered by client.ts, types.ts and blockingKeys.ts;
 *            inside it, strings < normalize < score < index < engine.ts/server.ts
 *   base     infra/base: config, log, db, redis, temporal connection, migrations (imports nothing of ours)
 */
const ROOTS = '^infra/(worker\\.ts|worker/|cli/|dev/|schedules/|deploy/)';
const DOMAINS = '^(gateway|matcher|activities|workflows)/';
/** A feature folder's entries: its index.ts, its activities.ts (for the worker assembly and workflow types), and the coverage report's read-only entry of lists/. */
const FEATURE_ENTRIES = '^activities/([^/]+/(index|activities)|lists/coverage)\\.ts$';
/** Each feature's one Temporal-facing file: its create…Activities(deps) factory and the types its workflows proxy. */
const ACTIVITY_FACTORIES = '^activities/[^/]+/activities\\.ts$';
/** Each workflow's input, result and id builders: no run-time import, so anything may load it. */
const CONTRACTS = '^workflows/contracts\\.ts$';

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
      name: 'activities-are-below-the-gateway',
      severity: 'error',
      from: { path: '^activities/' },
      to: { path: '^gateway/' },
    },
    {
      name: 'activities-reach-workflows-through-contracts',
      comment:
        'Activities sit below workflows: of workflows/ they use the contracts only (input and result types, workflow ids, ' +
        "the `Workflows` function types activities/starters.ts starts them by). So no import runs from a workflow's " +
        'activity types back to the workflow, and the worker-side code never loads workflow code.',
      severity: 'error',
      from: { path: '^activities/' },
      to: { path: '^workflows/', pathNot: CONTRACTS },
    },
    {
      name: 'workflow-contracts-import-nothing',
      comment:
        'workflows/contracts.ts is loaded by starters, clients, tests and the workflow bundle alike, and everything that ' +
        'starts or runs a workflow imports it: it imports nothing, not even types, so no cycle can run through it.',
      severity: 'error',
      from: { path: CONTRACTS },
      to: {},
    },
    {
      name: 'activity-factories-only-in-the-worker-assembly',
      comment:
        "A feature's activities.ts is run by the worker only: activities/index.ts assembles the factories (tests may " +
        'build one). Anything else imports at most its types (workflows: the activity interfaces they proxy).',
      severity: 'error',
      from: { pathNot: '^activities/index\\.ts$|^test/' },
      to: { path: ACTIVITY_FACTORIES, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'matcher-through-its-entry',
      comment:
        'Other domains use the matcher through its client, its contract types (with a listed party read from its row) and its blocking keys only.',
      severity: 'error',
      from: { path: '^(gateway|activities|workflows)/' },
      to: { path: '^matcher/', pathNot: '^matcher/(client|types|listedPartyRow|blockingKeys)\\.ts$' },
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
        'activities/index.ts assembles the Temporal activity implementations for the worker. The gateway uses the ' +
        'feature entries (activities/<feature>/index.ts), and at most the types of the assembly.',
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
      name: 'monitoring-emits-match-changes-reviews-react',
      comment:
        'Reviews of potential matches are a domain beside monitoring: the re-screens emit match changes (appeared, ' +
        'changed, gone) to a listener they are handed (activities/index.ts hands them the reviews), and never import the reviews.',
      severity: 'error',
      from: { path: '^activities/monitoring/' },
      to: { path: '^activities/reviews/' },
    },
    {
      name: 'reviews-see-monitoring-by-type-only',
      comment: 'The reviews react to the match changes monitoring emits (their types); they run no re-screen stage.',
      severity: 'error',
      from: { path: '^activities/reviews/' },
      to: { path: '^activities/monitoring/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'only-the-app-imports-routes',
      comment:
        'gateway/routes holds the HTTP handlers: validate, call a domain function, answer. The app (app.ts, wiring.ts) ' +
        'mounts them, and nothing else imports them, so the domain code they call never depends on a route.',
      severity: 'error',
      from: { pathNot: '^gateway/(routes/|(app|wiring)\\.ts$)' },
      to: { path: '^gateway/routes/' },
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
      name: 'workflows-see-activities-through-activities-ts',
      comment:
        "Workflow code sees activities only through each feature's activities.ts (the interfaces it proxies and their " +
        "results); a workflow's input type and id therefore live in workflows/contracts.ts, not in a domain module of activities/.",
      severity: 'error',
      from: { path: '^workflows/' },
      to: { path: '^activities/', pathNot: ACTIVITY_FACTORIES },
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
      comment:
        'No module reaches itself through its imports, type-only ones included: a cycle of types still ties the ' +
        'modules into one unit to read and change. Workflows reach activities by their types and activities reach ' +
        'workflows by the contracts only, which import nothing, so neither closes a circle.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // A worktree whose node_modules is a link to another checkout's still sees packages as node_modules/…
    preserveSymlinks: true,
    // node_modules is not followed but stays in the graph: excluding it would drop every import
    // of a package, and the workflow package rules above would never see one.
    exclude: { path: '^(\\.venv|\\.data|\\.tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
