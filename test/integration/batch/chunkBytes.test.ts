import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createPool } from '../../../infra/base/db/pool';
import { createLogger } from '../../../infra/base/log';
import { createBatchActivities } from '../../../activities/batchScreening';
import { billingPeriod } from '../../../activities/metering';
import { submitBatchOnce } from '../../../gateway/billing/batchSubmission';
import { entityBytes, MATCH_MANY_CHUNK_BYTES } from '../../../matcher/client';
import type { Entity } from '../../../matcher/types';
import { BATCH_CHUNK_SIZE } from '../../../workflows/batchScreening';
import { createOrgWithKey } from '../gateway/support/stack';

/**
 * Each batch chunk is one matcher call: the ranges the batch starts with are bounded by the
 * items' bytes as well as by their count, so a chunk of heavy subjects cannot exceed what the
 * matcher reads.
 */
let pool: Pool;
beforeAll(() => {
  pool = createPool();
});
afterAll(async () => {
  await pool?.end();
});

/** 255 characters, most of them four bytes in UTF-8. */
const heavyName = (label: string): string => label + '\u{1F600}'.repeat(255 - [...label].length);

async function startedRanges(items: Entity[]): Promise<Array<[number, number]>> {
  const { orgId } = await createOrgWithKey(pool, 'enterprise');
  const job = await submitBatchOnce(pool, {
    orgId, plan: 'enterprise', period: billingPeriod(new Date()), idempotencyKey: randomUUID(),
    items: items.map((item) => ({ item, error: null })),
  });
  const activities = createBatchActivities({ pool, logger: createLogger('worker', 'silent'), matcher: { matchMany: async () => [] } });
  return (await activities.startBatch({ jobId: job.jobId, chunkSize: BATCH_CHUNK_SIZE })).ranges;
}

describe('the chunks a batch is screened in', () => {
  it('hold at most BATCH_CHUNK_SIZE light items', async () => {
    const items: Entity[] = Array.from({ length: 250 }, (_, i) => ({ type: 'person', name: `Light Person ${i}` }));
    expect(await startedRanges(items)).toEqual([[0, 100], [100, 200], [200, 250]]);
  });

  it('hold fewer heavy items, never more of their bytes than one matcher call takes', async () => {
    const items: Entity[] = Array.from({ length: BATCH_CHUNK_SIZE }, (_, i) => ({
      type: 'person', name: heavyName(`Heavy Person ${i} `), aliases: Array.from({ length: 50 }, (_, j) => heavyName(`Alias ${i} ${j} `)),
    }));
    expect(items.reduce((sum, e) => sum + entityBytes(e), 0)).toBeGreaterThan(MATCH_MANY_CHUNK_BYTES);
    const ranges = await startedRanges(items);
    expect(ranges.length).toBeGreaterThan(1);
    expect(ranges[0][0]).toBe(0);
    expect(ranges[ranges.length - 1][1]).toBe(BATCH_CHUNK_SIZE);
    for (const [from, to] of ranges) {
      expect(items.slice(from, to).reduce((sum, e) => sum + entityBytes(e), 0)).toBeLessThanOrEqual(MATCH_MANY_CHUNK_BYTES);
    }
  });
});
