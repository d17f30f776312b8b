import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Client, Pool } from 'pg';
import { migrate } from '../../infra/base/db/migrate';
import { ingestArtifact, type IngestResult } from '../../activities/lists/versions/ingest';
import { runScript } from '../../infra/dev/runScript';

/**
 * npm run bench:ingest [-- --manifest .data/lists/full/manifest.json] [--only KEY[,KEY]]
 *
 * Ingests every file of a synthetic manifest (written by `npm run gen:lists`) into a fresh
 * database, each in its own child process so the peak RSS printed is that ingestion's own,
 * and prints rows/s, wall time to a published version and peak RSS per file.
 */
interface ManifestFile {
  source: string;
  path: string;
  format: string;
  rows: number;
}

interface ChildReport {
  result: IngestResult;
  wallMs: number;
  maxRssMb: number;
}

function arg(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function child(sourceKey: string, artifactPath: string, databaseUrl: string): Promise<void> {
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  const started = process.hrtime.bigint();
  const result = await ingestArtifact({ pool, sourceKey, artifactPath });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  await pool.end();
  const report: ChildReport = { result, wallMs, maxRssMb: process.resourceUsage().maxRSS / 1024 };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

function runChild(file: ManifestFile, artifactPath: string, databaseUrl: string): Promise<ChildReport> {
  return new Promise((resolvePromise, reject) => {
    const proc = spawn(process.execPath, [...process.execArgv, __filename, '--child', file.source, artifactPath, databaseUrl], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('error', reject);
    proc.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`${file.path}: child exited ${code}\n${out}`));
      else resolvePromise(JSON.parse(line) as ChildReport);
    });
  });
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

async function main(): Promise<void> {
  if (process.argv.includes('--child')) {
    const at = process.argv.indexOf('--child');
    await child(process.argv[at + 1], process.argv[at + 2], process.argv[at + 3]);
    return;
  }
  const manifestPath = resolve(arg('--manifest') ?? '.data/lists/full/manifest.json');
  const only = arg('--only')?.split(',');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { scale?: string; files: ManifestFile[] };
  const base = new URL(process.env.BENCH_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const dbName = `bench_ingest_${process.pid}`;
  const dbUrl = new URL(base.toString());
  dbUrl.pathname = `/${dbName}`;
  await migrate(dbUrl.toString());
  console.log(`bench:ingest ${manifestPath} (scale ${manifest.scale ?? '?'}) into fresh database ${dbName}`);
  console.log(
    'source           file                                              rows      entries   wall s   rows/s     peak RSS MB  outcome',
  );
  try {
    for (const file of manifest.files) {
      if (only && !only.includes(file.source)) continue;
      const report = await runChild(file, resolve(dirname(manifestPath), file.path), dbUrl.toString());
      const r = report.result;
      const rows = r.outcome === 'unchanged' ? file.rows : r.rowCount;
      const entries = r.outcome === 'published' ? r.entryCount : 0;
      const outcome =
        r.outcome === 'published'
          ? `published (bad ${r.badRowCount}, +${r.diff.added} -${r.diff.removed} ~${r.diff.changed})`
          : r.outcome === 'refused'
            ? `REFUSED: ${r.reason}`
            : 'unchanged';
      console.log(
        `${file.source.padEnd(16)} ${file.path.slice(-49).padEnd(49)} ${fmt(rows).padStart(9)} ${fmt(entries).padStart(9)} ` +
          `${fmt(report.wallMs / 1000, 1).padStart(8)} ${fmt(rows / (report.wallMs / 1000)).padStart(9)} ${fmt(report.maxRssMb).padStart(12)}  ${outcome}`,
      );
    }
  } finally {
    const admin = new Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

runScript(main);
