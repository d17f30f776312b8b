import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { fetchFromPublisher } from '../../activities/lists/fetch/run';
import { fetchSettings } from '../../activities/lists/fetch/settings';
import { FETCH_RECIPES } from '../../activities/lists/sources/recipes';
import type { AutomaticRecipe } from '../../activities/lists/sources/recipe';
import { runScript } from '../../infra/dev/runScript';
import { numberArg } from './support/args';
import { procMemory } from './support/procMemory';

/**
 * npm run bench:fetch-nppes [-- --mb 1024]
 *
 * Fetches a generated NPPES-sized ZIP (default 1024 MiB, the monthly full file's size) with the
 * real `nppes` recipe from a publisher in a child process on loopback (landing page, newest link,
 * file), through LIST_PUBLISHER_BASE_URL, and prints the size, the throughput and this process's
 * peak RSS before and after: the download streams to disk, so the peak must not grow with the file.
 */
const SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const [file, name] = process.argv.slice(1);
const size = fs.statSync(file).size;
const page = '<html><body><a href="NPPES_Data_Dissemination_110325_110925_Weekly_V2.zip">Weekly</a> <a href="' + name + '">' + name + '</a></body></html>';
const server = http.createServer((req, res) => {
  if (req.url.endsWith('/NPI_Files.html')) { res.writeHead(200, { 'content-type': 'text/html' }); res.end(page); return; }
  if (req.url.endsWith('/' + name)) { res.writeHead(200, { 'content-type': 'application/zip', 'content-length': size }); fs.createReadStream(file).pipe(res); return; }
  res.writeHead(404); res.end();
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

async function writeFileOfSize(path: string, mib: number): Promise<void> {
  const chunk = randomBytes(1024 * 1024);
  const out = createWriteStream(path);
  for (let i = 0; i < mib; i += 1) if (!out.write(chunk)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

runScript(async () => {
  const mib = numberArg('mb', 1024);
  const dir = await mkdtemp(join(tmpdir(), 'bench-fetch-nppes-'));
  const name = 'NPPES_Data_Dissemination_November_2025_V2.zip';
  const served = join(dir, name);
  await writeFileOfSize(served, mib);
  const server = spawn(process.execPath, ['-e', SERVER, served, name], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [line] = (await once(server.stdout, 'data')) as [Buffer];
    const base = `http://127.0.0.1:${line.toString().trim()}`;
    const before = procMemory(process.pid);
    const started = process.hrtime.bigint();
    const result = await fetchFromPublisher({
      sourceKey: 'nppes',
      recipe: FETCH_RECIPES.nppes as AutomaticRecipe,
      settings: fetchSettings({ LIST_PUBLISHER_BASE_URL: base }),
      previous: null,
      path: join(dir, 'fetched.zip'),
      maxBytes: 8 * 1024 ** 3,
      env: {},
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const after = procMemory(process.pid);
    if (result.outcome !== 'new') throw new Error(`expected a download, got ${result.outcome}`);
    const bytes = (await stat(join(dir, 'fetched.zip'))).size;
    const mb = bytes / 1024 / 1024;
    console.log(
      JSON.stringify({
        file: result.artifactName,
        mib: Number(mb.toFixed(1)),
        seconds: Number(seconds.toFixed(2)),
        mibPerSecond: Number((mb / seconds).toFixed(1)),
        rssBeforeMib: before ? Number((before.rssKb / 1024).toFixed(1)) : null,
        peakRssBeforeMib: before ? Number((before.hwmKb / 1024).toFixed(1)) : null,
        peakRssAfterMib: after ? Number((after.hwmKb / 1024).toFixed(1)) : null,
      }),
    );
  } finally {
    server.kill();
    await rm(dir, { recursive: true, force: true });
  }
});
