import { createPool } from '../../infra/base/db/pool';
import { config } from '../../infra/base/config';
import { fileSha256 } from '../../activities/lists/versions/checksum';
import { startListVersionFanOut } from '../../activities/monitoring';
import { withTemporal } from '../../infra/cli/commands/withTemporal';
import { ensureListSet, type ListSet } from '../../infra/dev/lists/listSet';
import { ingestListSet } from '../../infra/dev/lists/ingestListSet';
import { progressLines } from '../../infra/dev/lists/progressLines';
import { waitForMatcherVersions } from '../../infra/dev/matcherVersions';
import { listScaleFrom } from '../../infra/dev/listScale';
import { matcherReplicaCount, matcherReplicaPorts } from '../../infra/dev/matcherReplicas';
import { runScript } from '../../infra/dev/runScript';
import { spawnSync } from 'node:child_process';
import { numberArg } from './support/args';
import { commandLine, parentPid, pidListeningOn, procMemory } from './support/procMemory';
import type { Pool } from 'pg';

/**
 * npm run bench:memory [-- --scale full] [--interval-ms 200] [--rest-s 5]
 *
 * Against a running stack (`npm start -- --scale full`, with the same environment), prints the
 * resident memory of each of its processes (gateway, each matcher replica, worker, launcher, Temporal dev
 * server, PostgreSQL: the database's backends and the server's own processes summed) at rest,
 * then at its peak while a new version of EVERY list is built beside the current one: it
 * ingests the other synthetic set of the scale (seed 1 or 2, whichever is not published; the
 * other is generated once and cached like npm start's) as `screenctl lists ingest --force`
 * does, and waits until the matcher serves every new version. It samples /proc/<pid>/status
 * (VmRSS, RssAnon) every --interval-ms and reads each process's VmHWM at the end.
 * This process does the ingestion, so its own row is what `screenctl lists ingest` (or the
 * worker's ingestion activity, the same code) needs on top of its resting size.
 * The stack then serves the other set; the next `npm start` publishes its own set again.
 */
const NODE_LIMIT_MB = 2048;
const KB_PER_MB = 1024;

interface Group {
  name: string;
  node: boolean;
  pids: number[];
}

interface Peak {
  rssKb: number;
  anonKb: number;
  processes: number;
}

type Phase = 'rest' | 'rebuild';

class Sampler {
  private readonly peaks = new Map<Phase, Map<string, Peak>>([
    ['rest', new Map()],
    ['rebuild', new Map()],
  ]);
  private readonly totals = new Map<Phase, number>([
    ['rest', 0],
    ['rebuild', 0],
  ]);
  phase: Phase = 'rest';
  samples = 0;

  constructor(readonly groups: Group[]) {}

  sample(): void {
    let total = 0;
    const peaks = this.peaks.get(this.phase) as Map<string, Peak>;
    for (const group of this.groups) {
      let rssKb = 0;
      let anonKb = 0;
      let processes = 0;
      for (const pid of group.pids) {
        const memory = procMemory(pid);
        if (!memory) continue;
        rssKb += memory.rssKb;
        anonKb += memory.anonKb;
        processes += 1;
      }
      total += rssKb;
      const prior = peaks.get(group.name);
      if (!prior || rssKb > prior.rssKb) peaks.set(group.name, { rssKb, anonKb, processes });
    }
    this.totals.set(this.phase, Math.max(this.totals.get(this.phase) as number, total));
    this.samples += 1;
  }

  peak(phase: Phase, name: string): Peak | undefined {
    return this.peaks.get(phase)?.get(name);
  }

  totalKb(phase: Phase): number {
    return this.totals.get(phase) as number;
  }
}

/** The process listening on `port`, waited for a while: the worker opens its metrics port after the banner. */
async function listener(name: string, port: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const pid = pidListeningOn(port);
    if (pid !== null) return pid;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port} (the ${name}): is the stack running with this environment?`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** PostgreSQL's processes serving this database, plus the server's own (postmaster, checkpointer, WAL writer, …). */
async function postgresPids(pool: Pool): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() OR datname IS NULL',
  );
  const pids = rows.map((r) => r.pid);
  const postmaster = pids.length > 0 ? parentPid(pids[0]) : null;
  return postmaster ? [postmaster, ...pids] : pids;
}

/** The synthetic set of `scale` whose LEIE the stack does not serve now: ingesting it publishes a new version of every list. */
async function otherListSet(pool: Pool, scale: ReturnType<typeof listScaleFrom>): Promise<ListSet> {
  const { rows } = await pool.query<{ artifact_checksum: string }>(
    `SELECT v.artifact_checksum FROM list_sources s JOIN list_versions v ON v.id = s.current_version_id WHERE s.key = 'oig_leie'`,
  );
  const current = rows[0]?.artifact_checksum;
  for (const seed of [1, 2]) {
    // In a process of its own, so that this one's VmHWM is the ingestion's alone.
    const generation = spawnSync(process.execPath, [...process.execArgv, __filename, '--generate', String(seed), '--scale', scale], {
      stdio: 'inherit',
    });
    if (generation.status !== 0) throw new Error(`generating the ${scale} lists of seed ${seed} failed`);
    const set = await ensureListSet({ dataDir: config.dataDir, scale, seed });
    const leie = set.manifest.files.find((f) => f.source === 'oig_leie' && f.format === 'leie_updated') ?? set.manifest.files[0];
    if ((await fileSha256(`${set.dir}/${leie.path}`)) !== current) return set;
  }
  throw new Error('both synthetic sets have the published LEIE: cannot tell which to ingest');
}

async function generate(scale: ReturnType<typeof listScaleFrom>, seed: number): Promise<void> {
  const set = await ensureListSet({
    dataDir: config.dataDir,
    scale,
    seed,
    onGenerate: (reason, dir) => console.log(`generating the ${scale} lists of seed ${seed} into ${dir} (${reason})`),
  });
  if (set.generatedSeconds !== null) {
    console.log(
      `generated in ${set.generatedSeconds.toFixed(1)} s, peak RSS ${(process.resourceUsage().maxRSS / KB_PER_MB).toFixed(0)} MB`,
    );
  }
}

const mb = (kb: number | undefined): string => (kb === undefined ? '-' : (kb / KB_PER_MB).toFixed(0));

async function main(): Promise<void> {
  const scale = listScaleFrom(process.argv.slice(2), { LIST_SCALE: process.env.LIST_SCALE || 'full' });
  if (process.argv.includes('--generate')) return generate(scale, numberArg('generate', 1));
  const intervalMs = numberArg('interval-ms', 200);
  const restMs = numberArg('rest-s', 5) * 1000;
  const pool = createPool({ max: 4 });
  try {
    const gateway = await listener('gateway', config.gatewayPort);
    // Every replica npm start runs (MATCHER_REPLICAS, on MATCHER_PORT and the ports after it): each holds its own index.
    const replicaPorts = matcherReplicaPorts(config.matcherPort, matcherReplicaCount(process.env));
    const matchers: Group[] = [];
    for (const [i, port] of replicaPorts.entries()) {
      const name = i === 0 ? 'matcher' : `matcher-${i + 1}`;
      matchers.push({ name, node: true, pids: [await listener(name, port)] });
    }
    const worker = await listener("worker's metrics", config.workerMetricsPort);
    const temporal = await listener('Temporal server', Number(config.temporalAddress.split(':').pop()));
    const launcherPid = parentPid(gateway);
    const launcher = launcherPid !== null && commandLine(launcherPid).includes('launcher') ? launcherPid : null;
    const postgres: Group = { name: 'postgresql', node: false, pids: await postgresPids(pool) };
    const groups: Group[] = [
      { name: 'gateway', node: true, pids: [gateway] },
      ...matchers,
      { name: 'worker', node: true, pids: [worker] },
      ...(launcher ? [{ name: 'launcher', node: true, pids: [launcher] }] : []),
      { name: 'temporal', node: false, pids: [temporal] },
      postgres,
      { name: 'this (ingests)', node: true, pids: [process.pid] },
    ];

    const set = await otherListSet(pool, scale);
    console.log(`ingesting ${set.dir} (seed ${set.manifest.seed}) beside the published lists`);
    const sampler = new Sampler(groups);
    const timer = setInterval(() => sampler.sample(), intervalMs);
    const pgTimer = setInterval(() => {
      postgresPids(pool).then(
        (pids) => (postgres.pids = pids),
        () => undefined,
      );
    }, 1000);
    try {
      await new Promise((r) => setTimeout(r, restMs));
      sampler.phase = 'rebuild';
      const started = performance.now();
      const printer = progressLines((line) => console.log(`[lists] ${line}`));
      const ingested = await ingestListSet(pool, set, printer);
      console.log(`[lists] ${printer.summary(ingested)}`);
      const lastPublished = performance.now();
      // As `screenctl lists ingest` does after each publication.
      const fannedOut = ingested.filter((i) => i.outcome === 'published');
      await withTemporal(async (client) => {
        for (const i of fannedOut) await startListVersionFanOut(client, config.taskQueue, { sourceKey: i.source, versionId: i.versionId });
      }).catch((err: unknown) => console.log(`fan-outs not started: ${String(err)}`));
      const { rows } = await pool.query<{ key: string; version_id: string }>(
        'SELECT key, current_version_id AS version_id FROM list_sources WHERE enabled AND current_version_id IS NOT NULL',
      );
      const served = new Map(rows.map((r) => [r.key, r.version_id]));
      await Promise.all(
        replicaPorts.map((port) => waitForMatcherVersions(`http://${config.matcherHost}:${port}`, served, 30 * 60_000, () => true)),
      );
      const servedAt = performance.now();
      await new Promise((r) => setTimeout(r, restMs));
      console.log(
        `ingestion ${((lastPublished - started) / 1000).toFixed(1)} s; the matcher served every new version ` +
          `${((servedAt - lastPublished) / 1000).toFixed(1)} s after the last publication; ${sampler.samples} samples every ${intervalMs} ms`,
      );
    } finally {
      clearInterval(timer);
      clearInterval(pgTimer);
    }

    console.log('');
    console.log(
      `${'process'.padEnd(16)} ${'pids'.padStart(5)} ${'rest MB'.padStart(8)} ${'peak MB'.padStart(8)} ${'anon MB'.padStart(8)} ${'VmHWM MB'.padStart(9)}`,
    );
    let largestNode = { name: '', kb: 0 };
    for (const group of groups) {
      const rest = sampler.peak('rest', group.name);
      const peak = sampler.peak('rebuild', group.name);
      const hwm = group.node && group.pids.length === 1 ? procMemory(group.pids[0])?.hwmKb : undefined;
      if (group.node) {
        const kb = Math.max(peak?.rssKb ?? 0, hwm ?? 0);
        if (kb > largestNode.kb) largestNode = { name: group.name, kb };
      }
      console.log(
        `${group.name.padEnd(16)} ${String(peak?.processes ?? 0).padStart(5)} ${mb(rest?.rssKb).padStart(8)} ${mb(peak?.rssKb).padStart(8)} ` +
          `${mb(peak?.anonKb).padStart(8)} ${mb(hwm).padStart(9)}`,
      );
    }
    console.log(
      `${'total'.padEnd(16)} ${''.padStart(5)} ${mb(sampler.totalKb('rest')).padStart(8)} ${mb(sampler.totalKb('rebuild')).padStart(8)}`,
    );
    console.log(
      `rest: before the ingestion; peak: the highest sample while every list was ingested and the matcher rebuilt (total: the highest ` +
        `simultaneous sum); anon: the peak's memory not shared (PostgreSQL's shared buffers count once per backend in VmRSS); ` +
        `VmHWM: each Node process's own peak since it started`,
    );
    console.log(
      `largest Node process: ${largestNode.name} at ${mb(largestNode.kb)} MB: ` +
        `${largestNode.kb <= NODE_LIMIT_MB * KB_PER_MB ? 'within' : 'OVER'} the ${NODE_LIMIT_MB} MB limit`,
    );
  } finally {
    await pool.end();
  }
}

runScript(main);
