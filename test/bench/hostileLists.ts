/**
 * Hostile list files beside batch screening: one worker (infra/worker.ts's settings, in this
 * process) screens a batch from POST /v1/batch to `completed`, alone and then while its scheduled
 * ingestion is handed hostile artifacts over and over: a 1 GB ZIP bomb as the KY workbook
 * (generated here; about 1 MB on disk), and a TN JSON feed whose parse outgrows the parser's heap.
 * Prints the batch's rate and the worker's event-loop delay in each case, and how many hostile
 * artifacts were refused meanwhile. Parsing runs in a child process of its own, so the rates
 * should match and the delay stay flat.
 *
 *   npm run bench:hostile-lists -- [--items 1000] [--runs 3] [--entries 50000] [--registry 200000] [--seed 7] [--parser-mb 192]
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

/** A KY workbook whose worksheet inflates to 1 GB of zeros. */
async function writeKyBomb(dir: string): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Sheet1').addRow(['Last Name', 'First Name', 'Date of Exclusion']);
  const plain = join(dir, 'ky-plain.xlsx');
  await workbook.xlsx.writeFile(plain);
  const entries = await zipEntries(readFileSync(plain));
  return writeZip(
    join(dir, 'ky-bomb.xlsx'),
    entries.map((entry) => (entry.name === 'xl/worksheets/sheet1.xml' ? { name: entry.name, zeroMegabytes: 1024 } : entry)),
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

const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  console.log(
    `hostile lists bench: batches of ${ITEMS} items, ${ENTRIES} list entries + ${REGISTRY} NPPES organizations, cores=${os.cpus().length}`,
  );
  const dir = scratchDir();
  const bomb = await writeKyBomb(dir);
  const heapEater = writeTnHeapEater(dir);
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
      env: { ...process.env, LIST_ARTIFACT_STATE_KY: bomb, LIST_ARTIFACT_STATE_TN: heapEater, LIST_PARSE_MEMORY_MB: String(PARSER_MB) },
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

    /** Runs the KY and TN ingestions back to back until stopped; counts their refusals. */
    const hostileLoop = (stop: { done: boolean }, refusals: string[]): Promise<void> =>
      (async () => {
        for (let i = 0; !stop.done; i += 1) {
          const sourceKey = i % 2 === 0 ? 'state_ky' : 'state_tn';
          const summary = await bench.client.workflow.execute(listIngestion, {
            taskQueue,
            workflowId: `list-ingestion/${sourceKey}/bench-${i}-${randomBytes(3).toString('hex')}`,
            args: [{ sourceKey }],
          });
          if (summary.outcome !== 'refused') throw new Error(`${sourceKey}: ${summary.outcome}, not refused`);
          refusals.push(`${sourceKey}: ${summary.reason}`);
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
