import { createPool } from '../../infra/base/db/pool';
import { createLogger } from '../../infra/base/log';
import { createListLoader } from '../../matcher/loader';
import { runScript } from '../../infra/dev/runScript';
import { procMemory } from './support/procMemory';

/**
 * npm run bench:matcher-reload-memory (with the matcher's node options, against a database with
 * the lists published, e.g. after `npm start -- --scale full`)
 *
 * The matcher's list loader in this process: resident memory once the current versions are
 * loaded, then its peak while it loads them again beside the index it serves (what a publication
 * starts), sampled every 100 ms, and VmHWM. Run from another commit's worktree too, to compare.
 */
const MB = 1024;

async function main(): Promise<void> {
  const pool = createPool({ max: 2 });
  const loader = createListLoader({ pool, log: createLogger('matcher', 'warn') });
  let peakKb = 0;
  const timer = setInterval(() => (peakKb = Math.max(peakKb, procMemory(process.pid)?.rssKb ?? 0)), 100);
  try {
    let started = performance.now();
    await loader.start();
    const first = loader.current();
    const loadS = (performance.now() - started) / 1000;
    const loadPeakKb = peakKb;
    await new Promise((r) => setTimeout(r, 2000));
    const restKb = procMemory(process.pid)?.rssKb ?? 0;
    peakKb = 0;
    started = performance.now();
    await loader.reload();
    const reloadS = (performance.now() - started) / 1000;
    const reloadPeakKb = peakKb;
    const hwmKb = procMemory(process.pid)?.hwmKb ?? 0;
    console.log(
      `entries ${first?.stats.entries}, registry ${first?.stats.registryOrganizations}: first load ${loadS.toFixed(1)} s (peak ${(loadPeakKb / MB).toFixed(0)} MB), ` +
        `at rest ${(restKb / MB).toFixed(0)} MB; reload beside it ${reloadS.toFixed(1)} s, peak ${(reloadPeakKb / MB).toFixed(0)} MB; ` +
        `VmHWM ${(hwmKb / MB).toFixed(0)} MB; heap limit ${((await import('node:v8')).getHeapStatistics().heap_size_limit / 1024 / 1024) | 0} MB`,
    );
  } finally {
    clearInterval(timer);
    await loader.close();
    await pool.end();
  }
}

runScript(main);
