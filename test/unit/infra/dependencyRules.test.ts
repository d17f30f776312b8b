import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The dependency-cruiser rules that hold the workflow contracts and the one activities.ts per
 * feature (.dependency-cruiser.cjs) fire: a small tree with one deliberate violation per rule is
 * cruised with the project's configuration, and exactly those violations come back (a cycle of
 * type-only imports included); the allowed imports beside them (a starter starting a workflow by
 * its contract, a workflow importing activities.ts types) pass. The real tree passes too. The
 * tree is written under .tmp/ (outside the project's own cruise) and cruised from there, so its
 * paths read as the project's do.
 */
const root = path.resolve(__dirname, '..', '..', '..');
const CLI = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const CONFIG = path.join(root, '.dependency-cruiser.cjs');

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** Cruises `dirs` from `cwd` with the project's rules; the violations found. */
function cruise(cwd: string, dirs: string[]): Violation[] {
  const run = spawnSync(process.execPath, [CLI, ...dirs, '--config', CONFIG, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`dependency-cruiser wrote nothing (exit ${run.status}): ${run.stderr}`);
  const result = JSON.parse(run.stdout) as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };
  return result.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

/** The fixture tree: each line marked VIOLATION is the one import its rule must refuse. */
const FIXTURE: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'node16', moduleResolution: 'node16' } }),
  'activities/index.ts': `import { createBatchScreeningActivities } from './batch/activities';
export const activities = createBatchScreeningActivities();
`,
  'activities/batch/index.ts': `export { startBatch } from './start';
export { jobs } from './jobs';
`,
  'activities/batch/activities.ts': `import { jobs } from './index';
export function createBatchScreeningActivities() {
  return { async screenBatch() { return jobs; } };
}
export type BatchScreeningActivities = ReturnType<typeof createBatchScreeningActivities>;
`,
  'activities/starters.ts': `import type { Workflows } from '../workflows/contracts';
export const startWorkflow = <K extends keyof Workflows>(type: K) => type;
`,
  'activities/batch/start.ts': `import { batchWorkflowId } from '../../workflows/contracts';
import { startWorkflow } from '../starters';
export const startBatch = () => [startWorkflow('batchScreening'), batchWorkflowId];
`,
  'activities/batch/jobs.ts': `import { helper } from '../../workflows/helper'; // VIOLATION activities-reach-workflows-through-contracts
import { storable } from './storable';
export const jobs = [helper, storable];
export interface BatchInput { jobId: string }
`,
  'activities/batch/storable.ts': `import { jobs } from './jobs'; // VIOLATION no-circular (a run-time cycle)
export const storable = () => jobs;
`,
  'activities/batch/rows.ts': `import type { Shape } from './shapes'; // VIOLATION no-circular (a cycle of type-only imports)
export interface Row { shape?: Shape }
`,
  'activities/batch/shapes.ts': `import type { Row } from './rows';
export interface Shape { rows: Row[] }
`,
  'workflows/index.ts': `export { batchScreening } from './batchScreening';
`,
  'workflows/helper.ts': `export const helper = 'x';
export type Helper = string;
`,
  'workflows/contracts.ts': `import type { Helper } from './helper'; // VIOLATION workflow-contracts-import-nothing (not even types)
export interface BatchScreeningInput { jobId: Helper }
export interface Workflows { batchScreening: (input: BatchScreeningInput) => Promise<void> }
export const batchWorkflowId = (id: string) => \`batch/\${id}\`;
`,
  'workflows/batchScreening.ts': `import type { BatchScreeningActivities } from '../activities/batch/activities';
import type { BatchInput } from '../activities/batch/jobs'; // VIOLATION workflows-see-activities-through-activities-ts
import type { BatchScreeningInput } from './contracts';
export async function batchScreening(input: BatchScreeningInput & BatchInput, a?: BatchScreeningActivities) { return [input, a]; }
`,
  'gateway/routes.ts': `import { createBatchScreeningActivities } from '../activities/batch/activities'; // VIOLATION activity-factories-only-in-the-worker-assembly
export const route = createBatchScreeningActivities;
`,
  'gateway/routes/monitor.ts': `export const enrollMonitor = () => 'ok';
`,
  'gateway/app.ts': `import { enrollMonitor } from './routes/monitor';
export const app = [enrollMonitor];
`,
  'gateway/monitoring/enroll.ts': `import { enrollMonitor } from '../routes/monitor'; // VIOLATION only-the-app-imports-routes
export const enroll = enrollMonitor;
`,
};

const EXPECTED: Violation[] = [
  { rule: 'activities-reach-workflows-through-contracts', from: 'activities/batch/jobs.ts', to: 'workflows/helper.ts' },
  // Each cycle reported once (dependency-cruiser names it by its first edge).
  { rule: 'no-circular', from: 'activities/batch/jobs.ts', to: 'activities/batch/storable.ts' },
  { rule: 'no-circular', from: 'activities/batch/rows.ts', to: 'activities/batch/shapes.ts' },
  { rule: 'workflow-contracts-import-nothing', from: 'workflows/contracts.ts', to: 'workflows/helper.ts' },
  { rule: 'workflows-see-activities-through-activities-ts', from: 'workflows/batchScreening.ts', to: 'activities/batch/jobs.ts' },
  { rule: 'activity-factories-only-in-the-worker-assembly', from: 'gateway/routes.ts', to: 'activities/batch/activities.ts' },
  { rule: 'only-the-app-imports-routes', from: 'gateway/monitoring/enroll.ts', to: 'gateway/routes/monitor.ts' },
];

const byKey = (a: Violation, b: Violation) => `${a.rule} ${a.from} ${a.to}`.localeCompare(`${b.rule} ${b.from} ${b.to}`);

describe('the dependency rules of workflow contracts and activities.ts', () => {
  const dir = path.join(root, '.tmp', `depcruise-${randomBytes(4).toString('hex')}`);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('each fires on its deliberate violation, and on nothing else of the fixture', () => {
    for (const [file, text] of Object.entries(FIXTURE)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    expect(cruise(dir, ['activities', 'workflows', 'gateway']).sort(byKey)).toEqual([...EXPECTED].sort(byKey));
  });

  it('the real tree has no violation', () => {
    expect(cruise(root, ['gateway', 'matcher', 'activities', 'workflows', 'infra', 'test'])).toEqual([]);
  });
});
