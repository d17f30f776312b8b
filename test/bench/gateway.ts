/**
 * Gateway benchmark: an authenticated, rate-limited read (GET /v1/usage) through the whole
 * admitted path (key lookup in PostgreSQL, Redis window, usage read), then the refused path
 * (429) separately. The gateway runs as its own process (`tsx gateway/main.ts`) against a
 * throwaway database; load is spread round-robin over enough keys of one Enterprise org that
 * no key exceeds its 600/min window.
 *
 * Then a capped plan's screenings: POST /v1/screen for ONE Medium organization (the plan
 * refuses past its 5,000 calls a month, so every screening is admitted against its allowance),
 * `--screens` of them from `--connections` clients, through a matcher behind a loopback hop
 * that adds `--matcher-latency-ms` to every call (the latency of a common name at full scale):
 * what it shows is how the allowance admission behaves while the matcher works.
 *
 *   npm run bench:gateway -- [--seconds 10] [--connections 16] [--keys 400] [--screens 1500] [--matcher-latency-ms 20] [--capped-only]
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { startBenchGateway } from './support/benchGateway';
import { reportLoad, runLoad } from './support/load';
import { numberArg } from './support/args';
import { describeCpuTimes, readCpuTimes } from './support/cpuTimes';
import { startMatcherServer } from '../../matcher/server';
import { createLogger } from '../../infra/base/log';
import { startSlowProxy } from '../integration/support/slowProxy';
import { freePort } from '../../infra/base/freePort';
import { runScript } from '../../infra/dev/runScript';

const SECONDS = numberArg('seconds', 10);
const CONNECTIONS = numberArg('connections', 16);
const KEYS = numberArg('keys', 400);
const SCREENS = numberArg('screens', 1500);
const MATCHER_LATENCY_MS = numberArg('matcher-latency-ms', 20);
const CAPPED_ONLY = process.argv.includes('--capped-only');

/** POST /v1/screen for one capped organization, through a matcher MATCHER_LATENCY_MS away. */
async function cappedScreens(): Promise<void> {
  const matcherPort = await freePort();
  const hop = await startSlowProxy(`http://127.0.0.1:${matcherPort}`, MATCHER_LATENCY_MS);
  const gateway = await startBenchGateway('capped', { MATCHER_URL: hop.url });
  // The matcher reads the gateway's (list-less) database: every screening is clear, and takes the hop's latency.
  const matcher = await startMatcherServer({ port: matcherPort, pool: gateway.pool, logger: createLogger('matcher', 'silent') });
  try {
    const keys = await gateway.keys('medium', Math.ceil(SCREENS / 50) + 10);
    let next = 0;
    const body = JSON.stringify({ type: 'person', name: 'Capped Plan Person', state: 'TX' });
    console.log(
      `capped plan: ${SCREENS} POST /v1/screen for one Medium organization, ${CONNECTIONS} connections, matcher ${MATCHER_LATENCY_MS} ms away`,
    );
    const result = await runLoad({
      url: gateway.url,
      connections: CONNECTIONS,
      amount: SCREENS,
      requests: [
        {
          method: 'POST',
          path: '/v1/screen',
          body,
          setupRequest: (req) => ({
            ...req,
            headers: {
              ...(req.headers ?? {}),
              'content-type': 'application/json',
              authorization: `Bearer ${keys[next++ % keys.length]}`,
              'idempotency-key': `bench-${next}-${process.pid}`,
            },
          }),
        },
      ],
    } as autocannon.Options);
    reportLoad('capped    POST /v1/screen (200)', result);
    const { rows } = await gateway.pool.query("SELECT count(*)::int AS n FROM usage_events WHERE kind = 'screen'");
    console.log(`  metered screenings: ${rows[0].n} (2xx answered: ${result['2xx']})`);
  } finally {
    // The matcher holds a connection of the gateway's pool (LISTEN): it goes first, or the pool never ends.
    await matcher.close();
    await hop.close();
    await gateway.stop();
  }
}

async function main(): Promise<void> {
  if (!CAPPED_ONLY) await readsAndRefusals();
  await cappedScreens();
}

async function readsAndRefusals(): Promise<void> {
  const gateway = await startBenchGateway('gateway');
  try {
    const keys = await gateway.keys('enterprise', KEYS);
    const refusedKey = (await gateway.keys('trial', 1))[0];
    let next = 0;
    const admitted: autocannon.Options = {
      url: gateway.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'GET',
          path: '/v1/usage',
          setupRequest: (req) => ({ ...req, headers: { ...(req.headers ?? {}), authorization: `Bearer ${keys[next++ % keys.length]}` } }),
        },
      ],
    };
    console.log(
      `gateway bench: ${CONNECTIONS} connections, ${SECONDS}s per run, ${KEYS} enterprise keys (600/min each), cores=${os.cpus().length}`,
    );
    await runLoad({ ...admitted, duration: 3 }); // warm-up: JIT, pg prepared statements, pool
    const capacity = KEYS * 600;
    const cpuBefore = readCpuTimes();
    reportLoad('admitted  GET /v1/usage (200)', await runLoad(admitted));
    const cpu = describeCpuTimes(cpuBefore, readCpuTimes());
    if (cpu) console.log(`  machine CPU over this run (all processes, all cores = 100%): ${cpu}`);
    if (next > capacity) console.log(`warning: ${next} requests exceed the ${capacity}/min the keys allow; some were refused`);

    const refused = await runLoad({
      url: gateway.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { authorization: `Bearer ${refusedKey}` },
      method: 'GET',
      path: '/v1/usage',
    } as autocannon.Options);
    reportLoad('refused   GET /v1/usage (429)', refused);
  } finally {
    await gateway.stop();
  }
}

runScript(main);
