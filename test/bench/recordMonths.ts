/**
 * Record-month sweep benchmark: monitored records inserted in bulk (enrolled over the last two
 * months, one in twenty removed), then the recordMonthMetering workflow run twice through a
 * worker on a Temporal dev server: the first run meters every record-month of this month and
 * the last, the second finds them all metered (an hourly run's usual case).
 *
 *   npm run bench:record-months -- [--records 100000]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createOrganization } from '../../gateway/orgs/organizations';
import { runScript } from '../../infra/dev/runScript';
import { numberArg } from './support/args';
import { startBenchStack } from './support/benchStack';
import { recordMonthMetering } from '../../workflows/recordMonthMetering';

const RECORDS = numberArg('records', 100_000);
const ORGS = 4;

async function main(): Promise<void> {
  const bench = await startBenchStack();
  try {
    const taskQueue = `bench-record-months-${randomBytes(3).toString('hex')}`;
    await bench.startWorker({ taskQueue, matcherUrl: 'http://127.0.0.1:9' }); // the sweep never screens
    const orgIds: string[] = [];
    for (let i = 0; i < ORGS; i++)
      orgIds.push((await createOrganization(bench.pool, { name: `Bench record-months ${i}`, plan: 'enterprise' })).id);
    await bench.pool.query(
      `INSERT INTO monitored_records (org_id, entity, entity_hash, kind, has_npi, status, result, blocking_keys, checked_at, enrolled_at, removed_at)
       SELECT ($1::uuid[])[1 + g % $3], '{}', $4 || g, 'person', false, 'clear', '{}', '{}', now(),
              now() - interval '55 days' * (g::float / $2),
              CASE WHEN g % 20 = 0 THEN now() - interval '5 days' * (g::float / $2) END
         FROM generate_series(1, $2) g`,
      [orgIds, RECORDS, ORGS, randomUUID()],
    );
    await bench.pool.query('ANALYZE monitored_records');
    console.log(`record-months bench: ${RECORDS} monitored records in ${ORGS} organizations`);
    for (const run of ['first run (meters everything)', 'second run (nothing to add)']) {
      const started = Date.now();
      const result = await bench.client.workflow.execute(recordMonthMetering, {
        taskQueue,
        workflowId: `record-months/bench-${randomBytes(3).toString('hex')}`,
        args: [{}],
      });
      console.log(
        `  ${run}: ${result.metered} record-months metered for ${result.periods.join(' and ')} in ${((Date.now() - started) / 1000).toFixed(2)} s`,
      );
    }
  } finally {
    await bench.close();
  }
}

runScript(main);
