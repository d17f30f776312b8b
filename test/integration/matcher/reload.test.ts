import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createPool } from '../../../infra/base/db/pool';
import { createLogger } from '../../../infra/base/log';
import { screenEntity } from '../../../matcher/engine';
import { createListLoader, type ListLoader, type MatcherSnapshot } from '../../../matcher/loader';
import { publishVersionRows, type VersionRow } from '../support/listVersions';

// Source keys unique to this run: other suites may publish lists into the same database.
const run = randomUUID().slice(0, 8);
const STEADY = `rl_${run}_steady`;
const CHANGING = `rl_${run}_changing`;
const log = createLogger('reload-test', 'warn');

let pool: Pool;

function publish(source: string, names: [last: string, first: string][]): Promise<string> {
  const rows = names.map(([last, first], i): VersionRow => ({ key: `k${i}`, kind: 'person', name: `${last}, ${first}`, last, first }));
  return publishVersionRows(pool, source, `sha256:${run}:${source}`, rows);
}

const mine = (snapshot: MatcherSnapshot) => snapshot.index.entries.filter((e) => e.sourceKey === STEADY || e.sourceKey === CHANGING);

/** The matches on this suite's lists of a few names (other suites' lists in the database may come and go meanwhile). */
function screenings(snapshot: MatcherSnapshot): string[] {
  return ['Maria Okafor', 'Jon Lindqvist', 'Teodora Brandt', 'Mary Okafor'].map((name) =>
    JSON.stringify(
      screenEntity(snapshot.index, { type: 'person', name }, snapshot.registry).matches.filter((m) =>
        [STEADY, CHANGING].includes(m.provenance.sourceList),
      ),
    ),
  );
}

let loader: ListLoader;

beforeAll(async () => {
  pool = createPool({ max: 6 });
  for (const key of [STEADY, CHANGING]) {
    await pool.query(
      `INSERT INTO list_sources (key, name, kind, adapter, cadence, cadence_label) VALUES ($1, $1, 'state', 'leie', 'monthly', 'Monthly')`,
      [key],
    );
  }
  await publish(STEADY, [
    ['OKAFOR', 'MARIA'],
    ['LINDQVIST', 'JON'],
  ]);
  await publish(CHANGING, [['BRANDT', 'THEODORE']]);
  loader = createListLoader({ pool, log });
  await loader.start();
});

afterAll(async () => {
  await loader.close();
  await pool.end();
});

describe('matcher reload after one list changed', () => {
  it("reads only the changed list's new version, keeps the others' entries and the registry as they were, and screens as a fresh load does", async () => {
    const before = loader.current() as MatcherSnapshot;
    const changed = await publish(CHANGING, [
      ['BRANDT', 'TEODORA'],
      ['BRANDT', 'THEODORE'],
    ]);
    await loader.reload();
    const after = loader.current() as MatcherSnapshot;
    // The first index with entries is warmed up before it serves (warmUp.ts); a reload is not.
    expect(before.stats.warmUpMs).toBeGreaterThan(0);
    expect(after.stats.warmUpMs).toBe(0);

    const steadyBefore = mine(before).filter((e) => e.sourceKey === STEADY);
    const steadyAfter = mine(after).filter((e) => e.sourceKey === STEADY);
    expect(steadyAfter).toHaveLength(2);
    steadyAfter.forEach((entry, i) => expect(entry).toBe(steadyBefore[i]));
    expect(
      mine(after)
        .filter((e) => e.sourceKey === CHANGING)
        .map((e) => [e.listVersionId, e.name]),
    ).toEqual([
      [changed, 'BRANDT, TEODORA'],
      [changed, 'BRANDT, THEODORE'],
    ]);
    if (before.registryStore && after.registryStore?.versionId === before.registryStore.versionId) {
      expect(after.registryStore.store).toBe(before.registryStore.store);
    }

    const fresh = createListLoader({ pool, log });
    try {
      await fresh.start();
      const scratch = fresh.current() as MatcherSnapshot;
      expect(mine(after)).toEqual(mine(scratch));
      expect(screenings(after)).toEqual(screenings(scratch));
      expect(screenings(after).some((s) => s.includes('BRANDT, TEODORA'))).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
