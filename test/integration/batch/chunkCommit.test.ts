import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createPool } from '../../../infra/base/db/pool';
import { saveChunkResults, storedResults, type ItemError } from '../../../activities/batch';
import { billingPeriod, readPeriodCounts } from '../../../activities/metering';
import { submitBatchOnce } from '../../../gateway/billing/batchSubmission';
import type { ScreeningResult } from '../../../matcher/types';
import { createOrgWithKey } from '../gateway/support/stack';

/**
 * The chunk commit on its own, against the real database: what a worker that committed a chunk
 * and died before Temporal heard of it leaves for the chunk's retry, and the period it meters in.
 */
let pool: Pool;

beforeAll(() => {
  pool = createPool();
});

afterAll(async () => {
  await pool?.end();
});

const invalid: ItemError = { code: 'invalid_request', message: 'invalid', fields: { name: ['required'] } };

function result(status: ScreeningResult['status']): ScreeningResult {
  return { status, matches: [], sources: [], checkedAt: new Date().toISOString(), recallCapped: false };
}

/** A matchMany answer as the matcher sends it: results[i] for the i-th index committed. */
const answer = (...results: ScreeningResult[]): string => JSON.stringify({ results, headroom: results.map(() => 10), rulesVersion: 4 });

/** A capped-plan job of three valid items and one invalid one, submitted in `period`. */
async function submittedJob(period: string) {
  const { orgId } = await createOrgWithKey(pool, 'small');
  const job = await submitBatchOnce(pool, {
    orgId,
    plan: 'small',
    period,
    idempotencyKey: randomUUID(),
    items: [
      ...[0, 1, 2].map((i) => ({ item: { type: 'person', name: `Chunk Person ${i}` }, error: null })),
      { item: { type: 'person' }, error: invalid },
    ],
  });
  return { orgId, jobId: job.jobId };
}

/** Everything a chunk commit changes: ledger rows, the period's total, the job's counters, the reservation, the stored results. */
async function snapshot(orgId: string, jobId: string, period: string) {
  const ledger = await pool.query(
    "SELECT event_key, period FROM usage_events WHERE org_id = $1 AND kind = 'batch_item' ORDER BY event_key",
    [orgId],
  );
  const job = await pool.query('SELECT completed_items, failed_items, reservation_id FROM batch_jobs WHERE id = $1 AND org_id = $2', [
    jobId,
    orgId,
  ]);
  const reservation = await pool.query('SELECT period, amount FROM allowance_reservations WHERE id = $1 AND org_id = $2', [
    job.rows[0].reservation_id,
    orgId,
  ]);
  const items = await pool.query("SELECT idx, outcome, result->>'status' AS status FROM batch_items WHERE job_id = $1 ORDER BY idx", [
    jobId,
  ]);
  return {
    ledger: ledger.rows,
    screenCalls: (await readPeriodCounts(pool, orgId, period)).screenCalls,
    completedItems: job.rows[0].completed_items,
    failedItems: job.rows[0].failed_items,
    reservation: reservation.rows[0],
    items: items.rows,
  };
}

describe('saveChunkResults', () => {
  it('changes nothing when the same chunk is committed a second time (a worker died after its commit)', async () => {
    const period = billingPeriod(new Date());
    const { orgId, jobId } = await submittedJob(period);
    const before = await snapshot(orgId, jobId, period);
    expect(before).toMatchObject({ ledger: [], screenCalls: 0, completedItems: 0, failedItems: 1, reservation: { amount: 3 } });

    const first = await saveChunkResults(pool, { jobId, orgId }, [0, 1], answer(result('clear'), result('clear')));
    expect(first).toBe(2);
    const afterFirst = await snapshot(orgId, jobId, period);
    expect(afterFirst).toMatchObject({
      ledger: [
        { event_key: `${jobId}:0`, period },
        { event_key: `${jobId}:1`, period },
      ],
      screenCalls: 2,
      completedItems: 2,
      failedItems: 1,
      reservation: { amount: 1 },
    });

    // The retry screened again and got other answers: the first commit's results stand.
    const second = await saveChunkResults(pool, { jobId, orgId }, [0, 1], answer(result('potential_match'), result('potential_match')));
    expect(second).toBe(0);
    expect(await snapshot(orgId, jobId, period)).toEqual(afterFirst);
  });

  it("meters in the job's submission period, where its reservation is, even after the month has turned", async () => {
    const submittedIn = '2024-01';
    const { orgId, jobId } = await submittedJob(submittedIn);
    expect(billingPeriod(new Date())).not.toBe(submittedIn);

    await saveChunkResults(pool, { jobId, orgId }, [0, 1, 2], answer(result('clear'), result('clear'), result('clear')));
    const after = await snapshot(orgId, jobId, submittedIn);
    expect(after.ledger.map((row) => row.period)).toEqual([submittedIn, submittedIn, submittedIn]);
    expect(after).toMatchObject({ screenCalls: 3, completedItems: 3, reservation: { period: submittedIn, amount: 0 } });
    expect((await readPeriodCounts(pool, orgId, billingPeriod(new Date()))).screenCalls).toBe(0);
  });

  it("refuses to commit into another organization's job and writes nothing", async () => {
    const period = billingPeriod(new Date());
    const { orgId, jobId } = await submittedJob(period);
    const other = await createOrgWithKey(pool, 'small');
    await expect(saveChunkResults(pool, { jobId, orgId: other.orgId }, [0], answer(result('clear')))).rejects.toThrow(/no batch job/);
    expect(await snapshot(orgId, jobId, period)).toMatchObject({
      ledger: [],
      screenCalls: 0,
      completedItems: 0,
      reservation: { amount: 3 },
    });
  });
  it('stores each result as the matcher answered it, paired with its index by position', async () => {
    const period = billingPeriod(new Date());
    const { orgId, jobId } = await submittedJob(period);
    const flagged: ScreeningResult = {
      ...result('potential_match'),
      sources: [{ source: 'leie', listVersionId: 'v-1', retrievedAt: '2026-01-02T03:04:05.000Z' }],
    };
    expect(await saveChunkResults(pool, { jobId, orgId }, [2, 0], answer(flagged, result('clear')))).toBe(2);
    const rows = (await storedResults(pool, jobId)).filter((r) => r.outcome === 'completed');
    expect(rows.map((r) => [r.idx, r.result!.status])).toEqual([
      [0, 'clear'],
      [2, 'potential_match'],
    ]);
    expect(rows[1].result).toEqual(flagged);
  });

  it.each([
    ['fewer results than items', () => answer(result('clear'))],
    ['more results than items', () => answer(result('clear'), result('clear'), result('clear'))],
    ['no results array', () => JSON.stringify({ results: { 0: result('clear') } })],
    ['no results at all', () => JSON.stringify({ headroom: [1, 1] })],
  ])('with %s, fails and writes nothing: the chunk is screened again', async (_case, unpaired) => {
    const period = billingPeriod(new Date());
    const { orgId, jobId } = await submittedJob(period);
    const before = await snapshot(orgId, jobId, period);
    await expect(saveChunkResults(pool, { jobId, orgId }, [0, 1], unpaired())).rejects.toThrow(/answered (no|\d+) results for 2 items/);
    expect(await snapshot(orgId, jobId, period)).toEqual(before);
  });

  it('with an answer that is not JSON, fails and writes nothing', async () => {
    const period = billingPeriod(new Date());
    const { orgId, jobId } = await submittedJob(period);
    const before = await snapshot(orgId, jobId, period);
    await expect(saveChunkResults(pool, { jobId, orgId }, [0, 1], '{"results": [')).rejects.toThrow(/json/i);
    expect(await snapshot(orgId, jobId, period)).toEqual(before);
  });
});

describe('sources stored once per job', () => {
  const leie = { source: 'leie', listVersionId: 'v-1', retrievedAt: '2026-01-02T03:04:05.000Z' };
  const nppes = { source: 'nppes', listVersionId: 'v-2', retrievedAt: '2026-01-03T03:04:05.000Z' };
  const screened = (status: ScreeningResult['status'], sources: ScreeningResult['sources']): ScreeningResult => ({
    ...result(status),
    matches:
      status === 'clear'
        ? []
        : [
            {
              label: 'Potential match — verification required',
              fields: [{ field: 'name', state: 'matched', rosterValue: 'A "sources":[1] \\ [', listValue: '{"sources":', strong: false }],
              provenance: { sourceList: 'leie', listVersionId: 'v-1', retrievedAt: leie.retrievedAt },
              score: 0.93,
            },
          ],
    sources,
  });

  it('reads back every result as the matcher answered it, each different sources kept once for the job, over several commits', async () => {
    const period = billingPeriod(new Date());
    const { orgId, jobId } = await submittedJob(period);
    const first = [screened('potential_match', [leie]), screened('clear', [leie, nppes])];
    const second = [screened('clear', [leie])];
    await saveChunkResults(pool, { jobId, orgId }, [0, 1], answer(...first));
    await saveChunkResults(pool, { jobId, orgId }, [2], answer(...second));

    expect((await storedResults(pool, jobId)).map((r) => r.result)).toEqual([...first, ...second, null]);
    const kept = await pool.query<{ sources: unknown }>('SELECT sources FROM batch_result_sources WHERE job_id = $1 ORDER BY id', [jobId]);
    expect(kept.rows.map((r) => r.sources)).toEqual([[leie], [leie, nppes]]);
  });

  it('stores a result whose sources are not an array as it came', async () => {
    const period = billingPeriod(new Date());
    const { orgId, jobId } = await submittedJob(period);
    const odd = { ...result('clear'), sources: 'all lists' } as unknown as ScreeningResult;
    await saveChunkResults(pool, { jobId, orgId }, [0], answer(odd));
    expect((await storedResults(pool, jobId))[0].result).toEqual(odd);
  });
});

describe('the results column', () => {
  it('compresses with lz4 on a server built with it (this one is)', async () => {
    const { rows } = await pool.query<{ compression: string }>(
      `SELECT attcompression AS compression FROM pg_attribute WHERE attrelid = 'batch_items'::regclass AND attname = 'result'`,
    );
    expect(rows[0].compression).toBe('l');
  });
});
