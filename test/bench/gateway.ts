/**
 * Gateway benchmark: an authenticated, rate-limited read (GET /v1/usage) through the whole
 * admitted path (key lookup in PostgreSQL, Redis window, usage read), then the refused path
 * (429) separately. The gateway runs as its own process (`tsx gateway/main.ts`) against a
 * throwaway database; load is spread round-robin over enough keys of one Enterprise org that
 * no key exceeds its 600/min window.
 *
 *   npm run bench:gateway -- [--seconds 10] [--connections 16] [--keys 400]
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { startBenchGateway } from './support/benchGateway';
import { reportLoad, runLoad } from './support/load';
import { numberArg } from './support/args';
import { describeCpuTimes, readCpuTimes } from './support/cpuTimes';

const SECONDS = numberArg('seconds', 10);
const CONNECTIONS = numberArg('connections', 16);
const KEYS = numberArg('keys', 400);

async function main(): Promise<void> {
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
    console.log(`gateway bench: ${CONNECTIONS} connections, ${SECONDS}s per run, ${KEYS} enterprise keys (600/min each), cores=${os.cpus().length}`);
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

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
