/**
 * Hostile list files beside batch screening: one worker (infra/worker.ts's settings, in this
 * process) screens a batch from POST /v1/batch to `completed`, alone and then while its scheduled
 * ingestion is handed hostile artifacts over and over, alternating (alone, beside, alone, …):
 *   bomb        a KY workbook whose worksheet inflates to 1 GB of zeros, its central directory
 *               saying so (about 1 MB on disk, generated here);
 *   lying-bomb  the same as the GA workbook, its central directory declaring 96 MB (under 100
 *               times the compressed size, so only inflating shows the lie);
 *   heap        a TN JSON feed whose parse outgrows the parser's heap.
 * Prints the batch's rate and the worker's event-loop delay in each case, and how many hostile
 * artifacts were refused meanwhile, with their reasons. Parsing runs in a child process of its
 * own at the lowest CPU priority, so the rates should match and the delay stay flat.
 *
 * --pause-ms waits between one hostile ingestion and the next (0: back to back, the harshest; a
 * publisher's schedule hands over one file an hour at most).
 *
 *   npm run bench:hostile-lists -- [--items 1000] [--runs 3] [--hostile bomb,lying-bomb,heap] [--pause-ms 0] [--entries 50000]
 *     [--registry 200000] [--seed 7] [--parser-mb 192]
 */
import os from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { createRng } from '../../infra/dev/synthetic/parties';
import { createOrganization } from '../../gateway/orgs/organizations';
import { issueApiKey } from '../../gateway/auth/apiKeys';
import { runScript } from '../../infra/dev/runScript';
import { listIngestion } from '../../workflows/listIngestion';
import { scratchDir } from '../fixtures/lists/builders';
import { writeZip, zipEntries } from '../fixtures/lists/zipBomb';
import { numberArg } from './support/args';
import { startBenchStack } from './support/benchStack';
import { spawnGateway } from './support/benchGateway';
import { startMatcherReplicas } from './support/matcherReplicas';
import { generateEntries, generateQueries } from './support/matcherData';

const ITEMS = numberArg('items', 1000);
const RUNS = numberArg('runs', 3);
const ENTRIES = numberArg('entries', 50_000);
const REGISTRY = numberArg('registry', 200_000);
const SEED = numberArg('seed', 7);
const PARSER_MB = numberArg('parser-mb', 192);
const PAUSE_MS = numberArg('pause-ms', 0);
const KINDS = ['bomb', 'lying-bomb', 'heap'] as const;
type Kind = (typeof KINDS)[number];

function hostileKinds(): Kind[] {
  const at = process.argv.indexOf('--hostile');
  if (at < 0) return [...KINDS];
  const kinds = (process.argv[at + 1] ?? '').split(',');
  const unknown = kinds.filter((kind) => !(KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0 || kinds.length === 0)
    throw new Error(`--hostile takes ${KINDS.join(', ')} separated by commas, got ${process.argv[at + 1]}`);
  return kinds as Kind[];
}

/** A workbook whose worksheet inflates to 1 GB of zeros; its directory says so, or declares `declaredBytes`. */
async function writeXlsxBomb(dir: string, name: string, declaredBytes?: number): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Sheet1').addRow(['Last Name', 'First Name', 'Date of Exclusion']);
  const plain = join(dir, `${name}-plain.xlsx`);
  await workbook.xlsx.writeFile(plain);
  const entries = await zipEntries(readFileSync(plain));
  return writeZip(
    join(dir, `${name}.xlsx`),
    entries.map((entry) => (entry.name === 'xl/worksheets/sheet1.xml' ? { name: entry.name, zeroMegabytes: 1024, declaredBytes } : entry)),
  );
}

/** A TN feed of a million records: about 100 MB on disk (under the document bound), several times that in a heap once parsed. */
function writeTnHeapEater(dir: string): string {
  const path = join(dir, 'tn-large.json');
  const records = Array.from(
    { length: 1_000_000 },
    (_, i) => `{"Last Name":"LISTED${i}","First Name":"PAT","NPI":"N/A","Effective Date":"05-Mar-2024","Reason":"Terminated"}`,
  );
  writeFileSync(path, `{"data":[${records.join(',')}]}`);
  return path;
}

/** Each hostile kind's source, and the variable that hands it the artifact. */
const SOURCES: Record<Kind, { sourceKey: string; variable: string }> = {
  bomb: { sourceKey: 'state_ky', variable: 'LIST_ARTIFACT_STATE_KY' },
  'lying-bomb': { sourceKey: 'state_ga', variable: 'LIST_ARTIFACT_STATE_GA' },
  heap: { sourceKey: 'state_tn', variable: 'LIST_ARTIFACT_STATE_TN' },
};

async function writeHostile(kind: Kind, dir: string): Promise<string> {
  if (kind === 'bomb') return writeXlsxBomb(dir, 'ky-bomb');
  if (kind === 'lying-bomb') return writeXlsxBomb(dir, 'ga-lying-bomb', 96 * 1024 * 1024);
  return writeTnHeapEater(dir);
}

const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const kinds = hostileKinds();
  console.log(
    `hostile lists bench: batches of ${ITEMS} items, ${ENTRIES} list entries + ${REGISTRY} NPPES organizations, cores=${os.cpus().length}, ` +
      `hostile: ${kinds.join(', ')}, ${PAUSE_MS > 0 ? `${PAUSE_MS} ms apart` : 'back to back'}`,
  );
  const dir = scratchDir();
  const artifacts: NodeJS.ProcessEnv = {};
  for (const kind of kinds) artifacts[SOURCES[kind].variable] = await writeHostile(kind, dir);
  const bench = await startBenchStack();
  const matchers = await startMatcherReplicas({ count: 1, entries: ENTRIES, registry: REGISTRY, seed: SEED });
  const taskQueue = `bench-hostile-${randomBytes(3).toString('hex')}`;
  const gateway = await spawnGateway('hostile', {
    DATABASE_URL: bench.stack.databaseUrl,
    TEMPORAL_ADDRESS: bench.stack.temporalAddress,
    TEMPORAL_TASK_QUEUE: taskQueue,
    MATCHER_URL: matchers.urls[0],
  });
  try {
    await bench.startWorker({
      taskQueue,
      matcherUrl: matchers.urls[0],
      env: { ...process.env, ...artifacts, LIST_PARSE_MEMORY_MB: String(PARSER_MB) },
    });
    const org = await createOrganization(bench.pool, { name: 'Bench hostile lists', plan: 'enterprise' });
    const { apiKey } = await issueApiKey(bench.pool, org.id);
    const items = generateQueries(SEED, generateEntries(createRng(SEED), ENTRIES), ITEMS, REGISTRY);

    const batch = async (): Promise<number> => {
      const started = Date.now();
      const posted = await fetch(`${gateway.url}/v1/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ items }),
      });
      if (posted.status !== 202) throw new Error(`POST /v1/batch answered ${posted.status}: ${await posted.text()}`);
      const { jobId } = (await posted.json()) as { jobId: string };
      for (;;) {
        const job = (await (
          await fetch(`${gateway.url}/v1/batch/${jobId}`, { headers: { authorization: `Bearer ${apiKey}` } })
        ).json()) as {
          state: string;
          completedItems: number;
        };
        if (job.state === 'completed') {
          if (job.completedItems !== ITEMS) throw new Error(`batch completed ${job.completedItems} of ${ITEMS} items`);
          return (Date.now() - started) / 1000;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    // Goes on from one measurement to the next, so every kind gets its turn even when one refusal outlasts a batch.
    let turn = 0;
    /** Runs the hostile ingestions back to back, in turn, until stopped; counts their refusals. */
    const hostileLoop = (stop: { done: boolean }, refusals: string[]): Promise<void> =>
      (async () => {
        for (; !stop.done; turn += 1) {
          const i = turn;
          const { sourceKey } = SOURCES[kinds[i % kinds.length]];
          const summary = await bench.client.workflow.execute(listIngestion, {
            taskQueue,
            workflowId: `list-ingestion/${sourceKey}/bench-${i}-${randomBytes(3).toString('hex')}`,
            args: [{ sourceKey }],
          });
          if (summary.outcome !== 'refused') throw new Error(`${sourceKey}: ${summary.outcome}, not refused`);
          refusals.push(`${sourceKey}: ${summary.reason}`);
          if (PAUSE_MS > 0 && !stop.done) await new Promise((r) => setTimeout(r, PAUSE_MS));
        }
      })();

    const measure = async (label: string, beside: boolean): Promise<number> => {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      const stop = { done: false };
      const refusals: string[] = [];
      const hostile = beside ? hostileLoop(stop, refusals) : Promise.resolve();
      delay.enable();
      const wall = await batch();
      delay.disable();
      stop.done = true;
      await hostile;
      const rate = ITEMS / wall;
      const reasons = [...new Set(refusals)].map((r) => `\n      ${r}`).join('');
      console.log(
        `  ${label}: ${wall.toFixed(2)} s, ${rate.toFixed(0)} items/s; worker event-loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, ` +
          `max ${(delay.max / 1e6).toFixed(1)} ms${beside ? `; hostile artifacts refused meanwhile: ${refusals.length}${reasons}` : ''}`,
      );
      return rate;
    };

    await batch(); // warm-up: workflow cache, matcher, connections
    const alone: number[] = [];
    const beside: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      alone.push(await measure(`run ${run} alone`, false));
      beside.push(await measure(`run ${run} beside hostile lists`, true));
    }
    console.log(
      `  median batch rate: alone ${median(alone).toFixed(0)} items/s, beside hostile lists ${median(beside).toFixed(0)} items/s`,
    );
  } finally {
    await gateway.stop();
    matchers.stop();
    await bench.close();
  }
}

runScript(main);
