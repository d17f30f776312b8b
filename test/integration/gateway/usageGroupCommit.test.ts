import { randomUUID } from 'node:crypto';
import type { Pool, QueryConfig } from 'pg';
import { createPool } from '../../../infra/base/db/pool';
import { billingPeriod } from '../../../activities/metering/period';
import { readPeriodCounts, type UsageEvent } from '../../../activities/metering';
import { UsageGroupCommit } from '../../../gateway/billing/usageGroupCommit';
import { createOrgWithKey } from './support/stack';

let pool: Pool;
const period = billingPeriod(new Date());

beforeAll(() => {
  pool = createPool();
});

afterAll(async () => {
  await pool?.end();
});

/** The pool, counting the group inserts it is asked to run. */
function countingInserts(target: Pool): { pool: Pool; inserts: () => number } {
  let inserts = 0;
  const counting = new Proxy(target, {
    get(obj, prop, receiver) {
      if (prop !== 'query') return Reflect.get(obj, prop, receiver);
      return (config: QueryConfig, ...rest: unknown[]) => {
        if (config?.name === 'record_usage_events') inserts++;
        return (obj.query as (...args: unknown[]) => unknown)(config, ...rest);
      };
    },
  });
  return { pool: counting, inserts: () => inserts };
}

const screenEvent = (orgId: string, eventKey = `generated:${randomUUID()}`): UsageEvent => ({ orgId, kind: 'screen', eventKey, period });

async function ledgerRows(orgId: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_events WHERE org_id = $1', [orgId]);
  return rows[0].n;
}

describe('metering of uncapped plans in group commits (UsageGroupCommit)', () => {
  it('meters each of 300 concurrent screenings once, in fewer statements than screenings, totals included', async () => {
    const { orgId } = await createOrgWithKey(pool, 'enterprise');
    const counted = countingInserts(pool);
    const usage = new UsageGroupCommit(counted.pool);
    const events = Array.from({ length: 300 }, () => screenEvent(orgId));
    await Promise.all(events.map((e) => usage.record(e)));
    // A retry of an already metered event counts nothing.
    await usage.record(events[0]);
    expect(await ledgerRows(orgId)).toBe(300);
    expect((await readPeriodCounts(pool, orgId, period)).screenCalls).toBe(300);
    expect(counted.inserts()).toBeGreaterThan(1);
    expect(counted.inserts()).toBeLessThan(300);
  });

  it('drains: settles only once every event recorded so far is inserted, so the pool can close after it', async () => {
    const { orgId } = await createOrgWithKey(pool, 'enterprise');
    // Group inserts wait at a gate this test opens.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const gated = new Proxy(pool, {
      get(obj, prop, receiver) {
        if (prop !== 'query') return Reflect.get(obj, prop, receiver);
        return async (config: QueryConfig, ...rest: unknown[]) => {
          if (config?.name === 'record_usage_events') await gate;
          return (obj.query as (...args: unknown[]) => unknown)(config, ...rest);
        };
      },
    });
    const usage = new UsageGroupCommit(gated);
    await usage.drain();
    const recorded = Array.from({ length: 5 }, () => usage.record(screenEvent(orgId)));
    let drained = false;
    const draining = usage.drain().then(() => {
      drained = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(drained).toBe(false);
    open();
    await draining;
    expect(await ledgerRows(orgId)).toBe(5);
    await Promise.all(recorded);
  });

  it('inserts an event that arrives alone at once, without waiting for company', async () => {
    const { orgId } = await createOrgWithKey(pool, 'large');
    const counted = countingInserts(pool);
    const usage = new UsageGroupCommit(counted.pool);
    const recorded = usage.record(screenEvent(orgId));
    expect(counted.inserts()).toBe(1);
    await recorded;
    expect(await ledgerRows(orgId)).toBe(1);
  });

  it('fails only the screening whose event cannot be recorded; the others sharing its insert are metered', async () => {
    const { orgId } = await createOrgWithKey(pool, 'enterprise');
    const counted = countingInserts(pool);
    const usage = new UsageGroupCommit(counted.pool);
    // The first goes at once; the next three wait for it and share the following insert, which an unknown organization fails.
    const first = usage.record(screenEvent(orgId));
    const before = usage.record(screenEvent(orgId));
    const unknownOrg = usage.record(screenEvent(randomUUID()));
    const after = usage.record(screenEvent(orgId));
    await expect(first).resolves.toBeUndefined();
    await expect(unknownOrg).rejects.toThrow(/foreign key/);
    await expect(before).resolves.toBeUndefined();
    await expect(after).resolves.toBeUndefined();
    expect(counted.inserts()).toBe(2);
    expect(await ledgerRows(orgId)).toBe(3);
    expect((await readPeriodCounts(pool, orgId, period)).screenCalls).toBe(3);
    await usage.record(screenEvent(orgId));
    expect(await ledgerRows(orgId)).toBe(4);
  });
});
