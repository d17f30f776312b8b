import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { createOrganization } from '../../../gateway/orgs/organizations';
import { entityBytes, MATCH_MANY_CHUNK_BYTES, createMatcherClient, type MatcherClient } from '../../../matcher/client';
import type { MatcherServer } from '../../../matcher/server';
import type { Entity } from '../../../matcher/types';
import { upsertRecord } from '../../../activities/monitoring';
import { loadAndRescreenAll, type RescreenDeps } from '../../../activities/monitoring/screeningPipeline';
import { inTransaction } from '../../../infra/base/db/transaction';
import { startMatcher } from '../gateway/support/stack';
import { startBodyHoldingHop } from '../support/bodyHoldingHop';
import { publishLeie } from '../support/lists';
import { matcherOnNewVersion } from '../support/ingestion';
import { startMatcherServer } from '../../../matcher/server';
import { createLogger } from '../../../infra/base/log';
import { screeningPipeline } from '../../../activities/monitoring/screeningPipeline';
import { finishFanOut } from '../../../activities/monitoring/versionRescreen/finish';
import { loadActiveRecords } from '../../../activities/monitoring/records';
import { createListsDatabase, type ListsDatabase } from '../lists/support';

/**
 * A re-screen packs records of many organizations into each matcher call. Records stored before
 * the bound on name bytes (or otherwise refused by the matcher) must neither overflow a call nor
 * stall the re-screen: chunks are bounded by bytes, and a refused record is isolated and skipped.
 */
let db: ListsDatabase;
let matcherServer: MatcherServer;
let matcher: MatcherClient;
let orgId: string;
const OLD_CHECK = '2020-01-01T00:00:00.000Z';

beforeAll(async () => {
  db = await createListsDatabase();
  matcherServer = await startMatcher(db.pool);
  matcher = createMatcherClient(matcherServer.url);
  orgId = (await createOrganization(db.pool, { name: 'oversized records', plan: 'enterprise' })).id;
}, 120_000);
afterAll(async () => {
  matcher?.close();
  await matcherServer?.close();
  await db?.drop();
});

/** 255 characters, most of them four bytes in UTF-8 (an emoji the name normalization drops, so screening stays quick). */
const heavyName = (label: string): string => label + '\u{1F600}'.repeat(255 - [...label].length);

async function enroll(entities: Entity[]): Promise<string[]> {
  const ids: string[] = [];
  await inTransaction(db.pool, async (client) => {
    for (const entity of entities) {
      const result = { status: 'clear' as const, matches: [], sources: [], checkedAt: OLD_CHECK, recallCapped: false };
      ids.push((await upsertRecord(client, { orgId, entity, entityHash: randomUUID(), result, headroom: 500, rulesVersion: null })).id);
    }
  });
  return ids;
}

async function screenedAgain(ids: string[]): Promise<string[]> {
  const { rows } = await db.pool.query<{ id: string }>('SELECT id FROM monitored_records WHERE id = ANY($1::uuid[]) AND checked_at > $2', [
    ids,
    OLD_CHECK,
  ]);
  return rows.map((r) => r.id).sort();
}

function deps(overrides: Partial<RescreenDeps> = {}): RescreenDeps {
  // No status changes here (no lists: every screening is clear), so no delivery workflow is started.
  return { pool: db.pool, matcher, temporal: {} as Client, taskQueue: 'unused', ...overrides };
}

describe('re-screen chunks', () => {
  it('are bounded by bytes as well as by count: 250 records of 51 four-byte names each are screened without one call reaching the limit', async () => {
    const entities: Entity[] = Array.from({ length: 250 }, (_, i) => ({
      type: 'person',
      name: heavyName(`Jane Public ${i} `),
      aliases: Array.from({ length: 50 }, (_, j) => heavyName(`Alias ${i} ${j} `)),
    }));
    expect(entities.reduce((sum, e) => sum + entityBytes(e), 0)).toBeGreaterThan(8 * 1024 * 1024);
    const ids = await enroll(entities);
    const callBytes: number[] = [];
    const measuring: RescreenDeps['matcher'] = {
      ...matcher,
      matchManyWithHeadroom: (batch, opts) => {
        callBytes.push(batch.reduce((sum, e) => sum + entityBytes(e), 0));
        return matcher.matchManyWithHeadroom(batch, opts);
      },
    };
    const warnings: unknown[] = [];
    const outcome = await loadAndRescreenAll(
      deps({ matcher: measuring, log: { warn: (o: unknown) => warnings.push(o) } as never }),
      ids,
      `test-${randomUUID()}`,
      {},
    );
    expect(outcome.rescreened).toBe(250);
    expect(await screenedAgain(ids)).toEqual([...ids].sort());
    expect(callBytes.length).toBeGreaterThan(1);
    for (const bytes of callBytes) expect(bytes).toBeLessThanOrEqual(MATCH_MANY_CHUNK_BYTES);
    expect(warnings).toEqual([]);
  }, 300_000);
});

describe('a record the matcher refuses', () => {
  it('is isolated by splitting its chunk, skipped and logged by id without its name; the other records are screened', async () => {
    const secretName = `Refused Subject ${randomUUID()}`;
    const entities: Entity[] = Array.from({ length: 40 }, (_, i) => ({
      type: 'person',
      name: i === 17 ? secretName : `Ordinary Person ${i}`,
    }));
    const ids = await enroll(entities);
    const refusedId = ids[17];
    // A stored subject the matcher answers 400 for, as no enrollment could store it today.
    await db.pool.query(`UPDATE monitored_records SET entity = jsonb_set(entity, '{aliases}', '"not a list"') WHERE id = $1`, [refusedId]);
    const warnings: Array<{ obj: unknown; msg: string }> = [];
    const log = { warn: (obj: unknown, msg: string) => warnings.push({ obj, msg }) } as never;
    const calls: number[] = [];
    const counting: RescreenDeps['matcher'] = {
      ...matcher,
      matchManyWithHeadroom: (batch, opts) => (calls.push(batch.length), matcher.matchManyWithHeadroom(batch, opts)),
    };

    const outcome = await loadAndRescreenAll(deps({ matcher: counting, log }), ids, `test-${randomUUID()}`, {});

    expect(outcome.rescreened).toBe(40);
    expect(await screenedAgain(ids)).toEqual(ids.filter((id) => id !== refusedId).sort());
    expect(warnings).toHaveLength(1);
    expect(warnings[0].obj).toMatchObject({ recordId: refusedId, matcherStatus: 400 });
    expect(JSON.parse((await matcherAnswer({ type: 'person', name: 'x', aliases: 'not a list' })).text)).toMatchObject({
      code: 'subject_refused',
    });
    expect(JSON.stringify(warnings[0])).not.toContain('Refused Subject');
    // Split in halves down to the one record: a logarithmic number of calls, not one per record.
    expect(calls.length).toBeLessThan(20);
  }, 120_000);
});

/** The matcher's raw answer to /match-many with one entity. */
async function matcherAnswer(entity: unknown): Promise<{ status: number; text: string }> {
  const reply = await fetch(`${matcherServer.url}/match-many`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ entities: [entity] }),
  });
  return { status: reply.status, text: await reply.text() };
}

describe('a matcher answer that does not refuse the records', () => {
  it('names a refused subject by its code (subject_refused); a request it cannot read is another code', async () => {
    expect(await matcherAnswer({ type: 'person', name: '   ' })).toMatchObject({
      status: 400,
      text: expect.stringContaining('"subject_refused"'),
    });
    const notAList = await fetch(`${matcherServer.url}/match-many`, { method: 'POST', body: JSON.stringify({ entities: 'none' }) });
    expect(notAList.status).toBe(400);
    expect((await notAList.json()).code).toBe('invalid_request');
  });

  it("is retried, not skipped: a 408 from the matcher's own request time-out fails the re-screen and skips no record", async () => {
    // A second matcher on the same lists, with a request time-out of 200 ms, behind a hop that holds each body 1 s.
    const strict = await startMatcherServer({
      port: 0,
      pool: db.pool,
      logger: createLogger('matcher', 'silent'),
      timeouts: { headersTimeoutMs: 200, requestTimeoutMs: 200, keepAliveTimeoutMs: 5000 },
    });
    const hop = await startBodyHoldingHop(strict.url, 1000);
    const stalled = createMatcherClient(hop.url);
    try {
      const ids = await enroll(Array.from({ length: 6 }, (_, i) => ({ type: 'person' as const, name: `Timed Out Person ${i}` })));
      const warnings: unknown[] = [];
      const log = { warn: (obj: unknown) => warnings.push(obj) } as never;
      await expect(loadAndRescreenAll(deps({ matcher: stalled, log }), ids, `test-${randomUUID()}`, {})).rejects.toMatchObject({
        statusCode: 408,
      });
      expect(warnings).toEqual([]);
      expect(await screenedAgain(ids)).toEqual([]);
    } finally {
      stalled.close();
      await hop.close();
      await strict.close();
    }
  }, 60_000);
});

describe('a re-screen in which the matcher refuses more than a small share of the records', () => {
  it('stores what it screened but is not taken as done: the version is not marked fanned out', async () => {
    const { versionId } = await publishLeie(db.pool, [{ last: 'REFUSALSON', first: 'ROWAN', dob: '19800101' }]);
    await matcherOnNewVersion(matcherServer.url, 'oig_leie', versionId);
    const ids = await enroll(Array.from({ length: 40 }, (_, i) => ({ type: 'person' as const, name: `Mostly Refused Person ${i}` })));
    const refusedIds = ids.slice(0, 12);
    await db.pool.query(`UPDATE monitored_records SET entity = jsonb_set(entity, '{name}', '"   "') WHERE id = ANY($1::uuid[])`, [
      refusedIds,
    ]);
    const skipped: string[] = [];
    const screening = screeningPipeline(deps({ log: { warn: () => undefined } as never }), versionId, {
      onSkipped: (id) => skipped.push(id),
    });
    await screening.add(await loadActiveRecords(db.pool, ids));
    await expect(finishFanOut(deps(), versionId, screening)).rejects.toMatchObject({ type: 'TooManyRecordsRefused' });
    expect(skipped.sort()).toEqual([...refusedIds].sort());
    expect(await screenedAgain(ids)).toEqual(ids.slice(12).sort());
    const { rows } = await db.pool.query('SELECT monitoring_applied_at FROM list_versions WHERE id = $1', [versionId]);
    expect(rows[0].monitoring_applied_at).toBeNull();
  }, 120_000);

  it('is taken as done with no more refused than the tolerated count: the version is marked fanned out', async () => {
    const { versionId } = await publishLeie(db.pool, [{ last: 'REFUSALSON', first: 'ROBIN', dob: '19800102' }]);
    await matcherOnNewVersion(matcherServer.url, 'oig_leie', versionId);
    const ids = await enroll(Array.from({ length: 40 }, (_, i) => ({ type: 'person' as const, name: `Seldom Refused Person ${i}` })));
    await db.pool.query(`UPDATE monitored_records SET entity = jsonb_set(entity, '{name}', '"   "') WHERE id = ANY($1::uuid[])`, [
      ids.slice(0, 2),
    ]);
    const screening = screeningPipeline(deps({ log: { warn: () => undefined } as never }), versionId, {});
    await screening.add(await loadActiveRecords(db.pool, ids));
    await finishFanOut(deps(), versionId, screening);
    const { rows } = await db.pool.query('SELECT monitoring_applied_at FROM list_versions WHERE id = $1', [versionId]);
    expect(rows[0].monitoring_applied_at).not.toBeNull();
  }, 120_000);
});
