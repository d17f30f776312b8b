import { isDeepStrictEqual } from 'node:util';
import type { Entity, Match, ScreeningResult } from '../../../matcher/types';
import { call, createOrgWithKey, type InProcessGateway } from '../gateway/support/stack';
import type { TestWorker } from '../support/worker';
import { matcherOnNewVersion, runLeieIngestion, writeLeieArtifact } from '../support/ingestion';
import { startLeieMonitoringStack, type LeieMonitoringStack } from './support';
import type { LeieBusiness, LeiePerson } from '../support/lists';
import { BLOCKING_KEYS_VERSION, changeReach, reaches, subjectBlockingKeys } from '../../../matcher/blockingKeys';
import type { ListedParty } from '../../../matcher/types';
import { narrowHeadroom, recordsReachedBy } from '../../../activities/monitoring/recordKeys';
import { saveRescreenings, storedHeadroom } from '../../../activities/monitoring/records';

/**
 * The re-screen on a new list version touches only the records sharing a blocking key with a
 * changed entry, yet must give what a full re-screen gives. A seeded population of listed
 * people and monitored near-variants (typos, nicknames, swapped order, merged and split words)
 * is screened both ways after a version that adds, removes and changes entries.
 */
const SURNAMES = [
  'JOHNSON',
  'JOHNSTON',
  'MARTINEZ',
  'MARTINES',
  'OKAFOR',
  'NGUYEN',
  'WILLIAMS',
  'WILLAIMS',
  'PETERSEN',
  'PETERSON',
  'VANDERBERG',
  'KOWALSKI',
  'KOVALSKI',
  'ABERNATHY',
  'ROSENTHAL',
  'MCDONALD',
  'MACDONALD',
  'SCHMIDT',
  'SMITH',
  'SMYTH',
  'OBRIEN',
  'DELACRUZ',
  'FITZGERALD',
  'HOLLOWAY',
  'GALLAGHER',
  'THIBODEAUX',
  'LINDQVIST',
  'ZIMMERMANN',
  'ZIMMERMAN',
  'PRZYBYLSKI',
];
const GIVEN = [
  'WILLIAM',
  'BILL',
  'ROBERT',
  'BOB',
  'ELIZABETH',
  'BETH',
  'KATHERINE',
  'CATHERINE',
  'JOHN',
  'JON',
  'MARIA',
  'MARIE',
  'STEPHEN',
  'STEVEN',
  'MARGARET',
  'PEGGY',
  'ANNE',
  'ANN',
  'MARYANN',
  'JAMES',
  'JIM',
  'THOMAS',
  'TOM',
  'LUIS',
  'LOUIS',
];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 0x100000000;
  };
}

function person(next: () => number, i: number): LeiePerson {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const year = 1940 + Math.floor(next() * 50);
  return { last: pick(SURNAMES), first: pick(GIVEN), dob: `${year}0${1 + (i % 9)}1${i % 10}` };
}

/** A monitored subject derived from a listed person: the way rosters differ from lists. */
function variantOf(p: LeiePerson, next: () => number): Entity {
  const dob = `${p.dob.slice(0, 4)}-${p.dob.slice(4, 6)}-${p.dob.slice(6, 8)}`;
  const typo = (w: string) => (w.length > 4 ? w.slice(0, 2) + w[3] + w[2] + w.slice(4) : w);
  const forms = [
    `${p.first} ${p.last}`,
    `${p.last}, ${p.first}`,
    `${p.first} ${typo(p.last)}`,
    `${typo(p.first)} ${p.last}`,
    `${p.first}${p.last}`,
    `${p.first} Q ${p.last}`,
  ];
  const name = forms[Math.floor(next() * forms.length)];
  return next() < 0.5 ? { type: 'person', name, dateOfBirth: dob } : { type: 'person', name };
}

const comparable = (r: ScreeningResult) => ({
  status: r.status,
  recallCapped: r.recallCapped,
  // An unchanged entry keeps its content across versions; only the version it is cited from moves on.
  matches: r.matches.map((m: Match) => ({ ...m, provenance: { sourceList: m.provenance.sourceList } })),
});

let stack: LeieMonitoringStack;
let gw: InProcessGateway;
let worker: TestWorker;
let artifact: string;
// Each describe's first version replaces the list an earlier one left, removing most of it: forced, as the ingestion takes that for a cut file.

beforeAll(async () => {
  stack = await startLeieMonitoringStack();
  ({ gw, worker, artifact } = stack);
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('incremental re-screen on a new list version', () => {
  it.each([20261124, 7])(
    'gives every monitored record the status and matches of a full re-screen, re-screening only the records a change can reach (seed %d)',
    async (seed) => {
      const next = rng(seed);
      const listed = Array.from({ length: 160 }, (_, i) => person(next, i));
      const v1 = listed.slice(0, 140);
      writeLeieArtifact(artifact, v1);
      const first = await runLeieIngestion(worker.client, worker.taskQueue, { force: true });
      await matcherOnNewVersion(gw.matcherServer!.url, 'oig_leie', first.versionId);

      const { apiKey } = await createOrgWithKey(gw.pool, 'enterprise');
      const before = await gw.pool.query<{ id: string }>('SELECT id FROM monitored_records');
      const earlier = new Set(before.rows.map((r) => r.id));
      const subjects: Entity[] = [
        ...listed.map((p) => variantOf(p, next)),
        ...Array.from({ length: 140 }, (_, i) => variantOf(person(next, 500 + i), next)),
      ];
      const ids: string[] = [];
      for (const subject of subjects) {
        const reply = await call(gw.url, 'PUT', '/v1/monitor', { apiKey, body: subject });
        expect(reply.status).toBe(200);
        ids.push(reply.body.id);
      }
      const distinct = [...new Set(ids)].filter((id) => !earlier.has(id));

      // v2: 20 removed, 20 added (listed[140..160], whose variants are monitored), 10 changed (a new date of birth).
      const changed = v1.slice(20, 30).map((p) => ({ ...p, dob: `${Number(p.dob.slice(0, 4)) + 1}${p.dob.slice(4)}` }));
      const v2 = [...changed, ...v1.slice(30), ...listed.slice(140)];
      writeLeieArtifact(artifact, v2);
      const second = await runLeieIngestion(worker.client, worker.taskQueue);
      expect(second).toMatchObject({ outcome: 'published' });
      const { monitoring } = second as { monitoring: { recordsRescreened: number; statusChanges: number } };
      expect(monitoring.recordsRescreened).toBeGreaterThan(0);
      expect(monitoring.recordsRescreened).toBeLessThan(distinct.length);

      const { rows } = await gw.pool.query<{ id: string; entity: Entity; result: ScreeningResult }>(
        'SELECT id, entity, result FROM monitored_records WHERE id = ANY($1::uuid[]) ORDER BY id',
        [distinct],
      );
      const full = await gw.matcher.matchMany(
        rows.map((r) => r.entity),
        { requestId: 'full-rescreen' },
      );
      expect(full.every((r) => r.sources.some((s) => s.listVersionId === second.versionId))).toBe(true);
      const differing = rows.filter((r, i) => !isDeepStrictEqual(comparable(r.result), comparable(full[i])));
      expect(differing.map((r) => r.entity)).toEqual([]);
      // The change did move statuses: the comparison is not between two unchanged sets.
      expect(monitoring.statusChanges).toBeGreaterThan(0);
    },
  );
});

describe('incremental re-screen of organizations', () => {
  it("gives every monitored organization the result of a full re-screen when entries it shares no key with change its tokens' weights", async () => {
    // Organization tokens are weighed by how rare they are across the whole list: twenty new
    // "... SERVICES" businesses make SERVICES common, so ACME CARE now matches ACME CARE
    // SERVICES, though it shares no blocking key with any entry the version added.
    const base: LeieBusiness[] = ['ACME CARE SERVICES', 'BRIGHTON HOME HEALTH', 'SUMMIT CARE CENTER', 'CEDAR VALLEY PHARMACY'].map(
      (business) => ({ business }),
    );
    // Listed people too, so the version is not refused for shrinking the list by half.
    const next = rng(99);
    const people = Array.from({ length: 150 }, (_, i) => person(next, i));
    writeLeieArtifact(artifact, [...people, ...base]);
    const first = await runLeieIngestion(worker.client, worker.taskQueue, { force: true });
    await matcherOnNewVersion(gw.matcherServer!.url, 'oig_leie', first.versionId);

    const { apiKey } = await createOrgWithKey(gw.pool, 'enterprise');
    const ids: string[] = [];
    for (const legalName of ['Acme Care', 'Brighton Home', 'Summit Care', 'Cedar Valley', 'Northwind Clinic']) {
      const reply = await call(gw.url, 'PUT', '/v1/monitor', { apiKey, body: { type: 'organization', legalName } });
      expect(reply.status).toBe(200);
      ids.push(reply.body.id);
    }
    const filler = (i: number) => `Z${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}QX${i}`;
    const added: LeieBusiness[] = Array.from({ length: 20 }, (_, i) => ({ business: `${filler(i)} SERVICES` }));
    writeLeieArtifact(artifact, [...people, ...base, ...added]);
    const second = await runLeieIngestion(worker.client, worker.taskQueue);
    expect(second).toMatchObject({ outcome: 'published', diff: { added: 20, removed: 0, changed: 0 } });
    await matcherOnNewVersion(gw.matcherServer!.url, 'oig_leie', second.versionId);

    const { rows } = await gw.pool.query<{ id: string; entity: Entity; result: ScreeningResult }>(
      'SELECT id, entity, result FROM monitored_records WHERE id = ANY($1::uuid[]) ORDER BY id',
      [ids],
    );
    const full = await gw.matcher.matchMany(
      rows.map((r) => r.entity),
      { requestId: 'full-rescreen-organizations' },
    );
    const differing = rows.filter((r, i) => !isDeepStrictEqual(comparable(r.result), comparable(full[i])));
    expect(differing.map((r) => r.entity)).toEqual([]);
    // The weights did move a status: ACME CARE went from clear to a potential match.
    const acme = rows.find((r) => (r.entity as { legalName: string }).legalName === 'Acme Care')!;
    expect(acme.result.status).toBe('potential_match');
  });
});

describe('incremental re-screen across a sound-alike group of more than 40 spellings', () => {
  it('screens again the subjects of a sound key the change carried across the limit, through entries it did not touch', async () => {
    // MASKARAFT and MOSKORUFT sound alike (MSKRFT) and are three edits apart: only the sound key
    // joins them, and a key shared by more than 40 spellings of the list fetches no variants.
    // v1 lists 41 spellings of MSKRFT; v2 removes one (of another person), so the unchanged
    // ZEBULON MOSKORUFT becomes a match of the subject, a one-word name (a sound-alike alone is
    // no match of a longer name: one shared word with a likeness beside it).
    const vowels = 'AEIOU';
    const spellings: string[] = [];
    for (const a of vowels) for (const b of vowels) for (const c of vowels) spellings.push(`M${a}SK${b}R${c}FT`);
    // The others three edits from MASKARAFT too, so the one-word subject meets none of them by a typo.
    const others = spellings.filter((s) => s !== 'MOSKORUFT' && [1, 4, 6].every((at) => s[at] !== 'A')).slice(0, 40);
    const givenNames = [
      'ALDOUS',
      'BARNABY',
      'CORNELIUS',
      'DESMOND',
      'EZEKIEL',
      'FLETCHER',
      'GIDEON',
      'HORATIO',
      'IGNATIUS',
      'JASPER',
      'LEOPOLD',
      'MORDECAI',
      'NATHANIEL',
      'OCTAVIUS',
      'PERCIVAL',
      'QUENTIN',
      'REGINALD',
      'SYLVESTER',
      'THADDEUS',
      'ULYSSES',
      'VALENTINE',
      'WINSTON',
      'XAVIER',
      'YORICK',
      'ZACHARIAH',
      'AMBROSE',
      'BARTHOLOMEW',
      'CASIMIR',
      'DASHIELL',
      'EVANDER',
      'FITZROY',
      'GALAHAD',
      'HUMPHREY',
      'ICHABOD',
      'JEDIDIAH',
      'LAZARUS',
      'MALACHI',
      'NEHEMIAH',
      'OSWALD',
      'PEREGRINE',
    ];
    const group: LeiePerson[] = others.map((last, i) => ({ last, first: givenNames[i], dob: '19500101' }));
    const next = rng(123);
    const people = Array.from({ length: 150 }, (_, i) => person(next, i));
    const listed: LeiePerson = { last: 'MOSKORUFT', first: 'ZEBULON', dob: '19700101' };
    writeLeieArtifact(artifact, [...people, listed, ...group]);
    const first = await runLeieIngestion(worker.client, worker.taskQueue, { force: true });
    await matcherOnNewVersion(gw.matcherServer!.url, 'oig_leie', first.versionId);

    const { apiKey } = await createOrgWithKey(gw.pool, 'enterprise');
    const reply = await call(gw.url, 'PUT', '/v1/monitor', {
      apiKey,
      body: { type: 'person', name: 'Maskaraft', dateOfBirth: '1970-01-01' },
    });
    expect(reply.body.status).toBe('clear');

    writeLeieArtifact(artifact, [...people, listed, ...group.slice(1)]);
    const second = await runLeieIngestion(worker.client, worker.taskQueue);
    expect(second).toMatchObject({ outcome: 'published', diff: { added: 0, removed: 1, changed: 0 } });
    await matcherOnNewVersion(gw.matcherServer!.url, 'oig_leie', second.versionId);

    const { rows } = await gw.pool.query<{ entity: Entity; result: ScreeningResult }>(
      'SELECT entity, result FROM monitored_records WHERE id = $1',
      [reply.body.id],
    );
    const [full] = await gw.matcher.matchMany([rows[0].entity], { requestId: 'full-rescreen-sound-group' });
    expect(full.status).toBe('potential_match');
    expect(comparable(rows[0].result)).toEqual(comparable(full));
  });
});

/** A gateway, matcher and worker of their own whose matcher scores at most 4 candidates per query name. */
async function withCandidateLimitOfFour(
  run: (stack: { gw: InProcessGateway; worker: TestWorker; artifact: string }) => Promise<void>,
): Promise<void> {
  const small = await startLeieMonitoringStack({ candidateLimit: 4 });
  try {
    await run(small);
  } finally {
    await small.close();
  }
}

/** Publishes `v1`, enrolls `name` (clear, with `headroom`), publishes each later version: the record's stored result against a full re-screen's. */
async function capAcrossVersions(
  stack: { gw: InProcessGateway; worker: TestWorker; artifact: string },
  name: string,
  [v1, ...later]: LeiePerson[][],
  expected: { headroom: number; diff: object },
): Promise<{ stored: ScreeningResult; full: ScreeningResult; headroom: number }> {
  const { gw: small, worker: ownWorker, artifact: ownArtifact } = stack;
  writeLeieArtifact(ownArtifact, v1);
  const first = await runLeieIngestion(ownWorker.client, ownWorker.taskQueue);
  await matcherOnNewVersion(small.matcherServer!.url, 'oig_leie', first.versionId);
  const { apiKey } = await createOrgWithKey(small.pool, 'enterprise');
  const reply = await call(small.url, 'PUT', '/v1/monitor', { apiKey, body: { type: 'person', name } });
  expect(reply.body.status).toBe('clear');
  const enrolled = await small.pool.query('SELECT recall_capped FROM monitored_records WHERE id = $1', [reply.body.id]);
  expect(enrolled.rows[0]).toEqual({ recall_capped: false });
  expect(await storedHeadroom(small.pool, reply.body.id)).toBe(expected.headroom);

  for (const version of later) {
    writeLeieArtifact(ownArtifact, version);
    const published = await runLeieIngestion(ownWorker.client, ownWorker.taskQueue);
    expect(published).toMatchObject({ outcome: 'published', diff: expected.diff });
    await matcherOnNewVersion(small.matcherServer!.url, 'oig_leie', published.versionId);
  }

  const { rows } = await small.pool.query<{ entity: Entity; result: ScreeningResult }>(
    'SELECT entity, result FROM monitored_records WHERE id = $1',
    [reply.body.id],
  );
  const [full] = await small.matcher.matchMany([rows[0].entity], { requestId: 'full-rescreen-capped' });
  return { stored: rows[0].result, full, headroom: (await storedHeadroom(small.pool, reply.body.id))! };
}

describe("incremental re-screen when a change fills a record's candidate limit", () => {
  // Sound-alikes of ZEBULON MASKARAFT on both names: viable candidates for it, none a match.
  const soundAlikes: LeiePerson[] = [
    ['MISKORIFT', 'ZIBALAN'],
    ['MESKERUFT', 'ZOBELIN'],
    ['MISKORUFT', 'ZUBALEN'],
    ['MUSKORIFT', 'ZIBOLUN'],
    ['MESKORIFT', 'ZOBALIN'],
  ].map(([last, first]) => ({ last, first, dob: '19600101' }));

  it('screens again a record that added candidates (none of them a match) push past the limit, as a full re-screen would cap it', async () => {
    // With a limit of 4 candidates per query name, v1 lists 3 (headroom 1) and v2 adds 2 more.
    const next = rng(99);
    const people = Array.from({ length: 40 }, (_, i) => person(next, i));
    await withCandidateLimitOfFour(async (stack) => {
      const { stored, full, headroom } = await capAcrossVersions(
        stack,
        'Zebulon Maskaraft',
        [
          [...people, ...soundAlikes.slice(0, 3)],
          [...people, ...soundAlikes],
        ],
        { headroom: 1, diff: { added: 2, removed: 0, changed: 0 } },
      );
      expect(full.recallCapped).toBe(true);
      expect(comparable(stored)).toEqual(comparable(full));
      expect(headroom).toBe(-1);
    });
  });

  it('screens again a record that versions which each fit its headroom fill together: each one narrows the headroom it leaves', async () => {
    // Limit 4: v1 lists 2 sound-alikes (headroom 2); v2 adds 2 (they fit: 4 viable, not capped,
    // and the record is not screened again); v3 adds 1 (5 viable: capped). Judged against the
    // headroom stored at enrolment, v3's one added candidate would fit, and the record would stay
    // uncapped while a full re-screen caps it.
    const next = rng(98);
    const people = Array.from({ length: 40 }, (_, i) => person(next, i));
    await withCandidateLimitOfFour(async (stack) => {
      const v2 = [...people, ...soundAlikes.slice(0, 4)];
      const v3 = [...people, ...soundAlikes];
      const afterV2 = await capAcrossVersions(stack, 'Zebulon Maskaraft', [[...people, ...soundAlikes.slice(0, 2)], v2], {
        headroom: 2,
        diff: { added: 2, removed: 0, changed: 0 },
      });
      expect(afterV2.full.recallCapped).toBe(false);
      expect(comparable(afterV2.stored)).toEqual(comparable(afterV2.full));
      expect(afterV2.headroom).toBe(0);

      writeLeieArtifact(stack.artifact, v3);
      const third = await runLeieIngestion(stack.worker.client, stack.worker.taskQueue);
      expect(third).toMatchObject({ outcome: 'published', diff: { added: 1, removed: 0, changed: 0 } });
      await matcherOnNewVersion(stack.gw.matcherServer!.url, 'oig_leie', third.versionId);
      const { rows } = await stack.gw.pool.query<{ entity: Entity; result: ScreeningResult }>(
        "SELECT entity, result FROM monitored_records WHERE entity->>'name' = 'Zebulon Maskaraft' AND removed_at IS NULL",
      );
      const [full] = await stack.gw.matcher.matchMany([rows[0].entity], { requestId: 'full-rescreen-filled' });
      expect(full.recallCapped).toBe(true);
      expect(comparable(rows[0].result)).toEqual(comparable(full));
    });
  });

  it('screens again a record whose long word a new, unrelated entry turns into two words, making unchanged entries its candidates', async () => {
    // JOHN ZEBKOWALSKI: the KOWALSKI, JOHN entries answer only JOHN while no listed name holds ZEB.
    // v2 adds ZEB QUUX, which shares nothing else with the subject: the index now reads
    // ZEBKOWALSKI as ZEB KOWALSKI, and the five unchanged KOWALSKI entries become viable.
    const kowalskis: LeiePerson[] = ['JOHN', 'JON', 'JOHNNY', 'JOHAN', 'JOHNIE'].map((first, i) => ({
      last: 'KOWALSKI',
      first,
      dob: `1960010${i + 1}`,
    }));
    const next = rng(77);
    const people = Array.from({ length: 60 }, (_, i) => person(next, i))
      .filter((p) => !p.last.endsWith('ALSKI'))
      .slice(0, 40);
    await withCandidateLimitOfFour(async (stack) => {
      const { stored, full } = await capAcrossVersions(
        stack,
        'John Zebkowalski',
        [
          [...people, ...kowalskis],
          [...people, ...kowalskis, { last: 'QUUX', first: 'ZEB', dob: '19700101' }],
        ],
        { headroom: 4, diff: { added: 1, removed: 0, changed: 0 } },
      );
      expect(full.recallCapped).toBe(true);
      expect(comparable(stored)).toEqual(comparable(full));
    });
  });
});

describe('records keyed under older blocking-key rules', () => {
  it('are re-keyed before a list change is applied, so the change reaches them', async () => {
    const next = rng(4242);
    // As many as the versions before it in this file hold: far fewer would be refused as a truncated download.
    const people = Array.from({ length: 200 }, (_, i) => person(next, i));
    writeLeieArtifact(artifact, people);
    const first = await runLeieIngestion(worker.client, worker.taskQueue, { force: true });
    expect(first).toMatchObject({ outcome: 'published' });
    await matcherOnNewVersion(gw.matcherServer!.url, 'oig_leie', first.versionId);
    const { apiKey } = await createOrgWithKey(gw.pool, 'enterprise');
    const reply = await call(gw.url, 'PUT', '/v1/monitor', {
      apiKey,
      body: { type: 'person', name: 'Philippa Quarrington', dateOfBirth: '1966-06-06' },
    });
    expect(reply.body.status).toBe('clear');
    // As a release that added key rules finds it: keyed under version 1, without the keys the change needs.
    await gw.pool.query("UPDATE monitored_records SET blocking_keys = '{}', blocking_keys_version = 1 WHERE id = $1", [reply.body.id]);

    writeLeieArtifact(artifact, [...people, { last: 'QUARRINGTON', first: 'PHILIPPA', dob: '19660606' }]);
    const second = await runLeieIngestion(worker.client, worker.taskQueue);
    // recordsRekeyed counts the last attempt's: an attempt that re-keyed may then wait, by retrying, for the matcher to load the version.
    expect(second).toMatchObject({ outcome: 'published', monitoring: { recordsRekeyed: expect.any(Number), statusChanges: 1 } });

    const { rows } = await gw.pool.query<{ status: string; blocking_keys: number[]; blocking_keys_version: number }>(
      'SELECT status, blocking_keys, blocking_keys_version FROM monitored_records WHERE id = $1',
      [reply.body.id],
    );
    expect(rows[0].status).toBe('potential_match');
    expect(rows[0].blocking_keys_version).toBe(BLOCKING_KEYS_VERSION);
    expect(rows[0].blocking_keys.length).toBeGreaterThan(0);
  });
});

describe('the reach by keys in PostgreSQL (recordsReachedBy)', () => {
  it('reads exactly the records whose keys the reach rule admits: pairs, one-word names, merged words, one-word subjects', async () => {
    const next = rng(515);
    const given = ['JOHN', 'JON', 'MARIA', 'MARIE', 'ANN', 'LI', 'NA', 'LINA', 'THI', 'ANH'];
    const surnames = ['SMITH', 'SMYTH', 'GARCIA', 'GARCIALOPEZ', 'LOPEZ', 'NGUYEN', 'DELACRUZ', 'CRUZ', 'KOWALSKI', 'LEE'];
    const pick = (xs: string[]) => xs[Math.floor(next() * xs.length)];
    const subjects: Entity[] = Array.from({ length: 60 }, (_, i) => {
      const form = i % 4;
      const name = form === 0 ? pick(given) : form === 1 ? `${pick(given)}${pick(surnames)}` : `${pick(given)} ${pick(surnames)}`;
      return { type: 'person', name };
    });
    const { orgId } = await createOrgWithKey(gw.pool, 'enterprise');
    const { rows } = await gw.pool.query<{ id: string; keys: number[] }>(
      `INSERT INTO monitored_records (org_id, entity, entity_hash, kind, has_npi, status, result, blocking_keys, checked_at, blocking_keys_version)
       SELECT $1, e, md5(e::text || g), 'person', false, 'clear', '{}', ARRAY(SELECT jsonb_array_elements_text(k)::int), now(), $4
         FROM unnest($2::jsonb[], $3::jsonb[]) WITH ORDINALITY AS t (e, k, g)
       RETURNING id, blocking_keys AS keys`,
      [orgId, subjects.map((e) => JSON.stringify(e)), subjects.map((e) => JSON.stringify(subjectBlockingKeys(e))), BLOCKING_KEYS_VERSION],
    );
    const mine = new Set(rows.map((r) => r.id));
    const party = (i: number, last: string, first: string | null): ListedParty => ({
      entryKey: `r${i}`,
      kind: 'person',
      name: first ? `${last}, ${first}` : last,
      lastName: last,
      firstName: first,
      middleName: null,
      suffix: null,
      aliases: [],
      npis: [],
      dateOfBirth: null,
      state: null,
      providerType: null,
    });
    let partial = 0;
    for (let change = 0; change < 8; change++) {
      const parties = Array.from({ length: 2 }, (_, i) => party(i, pick(surnames), change % 4 === 0 && i === 0 ? null : pick(given)));
      const reach = changeReach(parties);
      const expected = rows
        .filter((r) => reaches(reach, r.keys))
        .map((r) => r.id)
        .sort();
      const read = (await recordsReachedBy(gw.pool, reach, { organizations: 'none', capped: false })).filter((id) => mine.has(id));
      expect(read).toEqual(expected);
      if (expected.length > 0 && expected.length < rows.length) partial++;
    }
    // The changes reach some records and not others: the comparison would catch a reach of every record.
    expect(partial).toBeGreaterThan(4);
  });
});

describe('the stored candidate headroom under fan-outs that overlap', () => {
  async function recordWithHeadroom(headroom: number): Promise<string> {
    const { orgId } = await createOrgWithKey(gw.pool, 'enterprise');
    const entity: Entity = { type: 'person', name: `Headroom Subject ${Math.random()}` };
    const { rows } = await gw.pool.query<{ id: string }>(
      `INSERT INTO monitored_records (org_id, entity, entity_hash, kind, has_npi, status, result, blocking_keys, checked_at, blocking_keys_version, candidate_headroom)
       VALUES ($1, $2::jsonb, md5($2::text), 'person', false, 'clear', '{"sources": []}', '{}', now(), $3, $4) RETURNING id`,
      [orgId, JSON.stringify(entity), BLOCKING_KEYS_VERSION, headroom],
    );
    return rows[0].id;
  }
  const headroomOf = (id: string) => storedHeadroom(gw.pool, id);

  it('lets only one of two fan-outs take the same room: the other gets the record back, to screen it again', async () => {
    // Two lists published together each add 2 viable candidates to a record with room for 3.
    const id = await recordWithHeadroom(3);
    const [a, b] = await Promise.all([narrowHeadroom(gw.pool, [{ id, viable: 2 }]), narrowHeadroom(gw.pool, [{ id, viable: 2 }])]);
    expect([a, b].sort((x, y) => x.length - y.length)).toEqual([[], [id]]);
    expect(await headroomOf(id)).toBe(1);
  });

  it('takes the room from the lesser of the headroom a previous release kept on the record and its own row', async () => {
    const id = await recordWithHeadroom(5);
    expect(await narrowHeadroom(gw.pool, [{ id, viable: 1 }])).toEqual([]);
    expect(await headroomOf(id)).toBe(4);
    // A previous release, still running during a rolling deploy, narrows the record's own column further.
    await gw.pool.query('UPDATE monitored_records SET candidate_headroom = 2 WHERE id = $1', [id]);
    expect(await headroomOf(id)).toBe(2);
    expect(await narrowHeadroom(gw.pool, [{ id, viable: 3 }])).toEqual([id]);
    expect(await narrowHeadroom(gw.pool, [{ id, viable: 2 }])).toEqual([]);
    expect(await headroomOf(id)).toBe(0);
  });

  it("stores a re-screening's headroom only when it screened every list on its current version", async () => {
    const currentVersions = () =>
      gw.pool.query<{ key: string; version: string }>(
        "SELECT key, current_version_id AS version FROM list_sources WHERE enabled AND kind <> 'registry' AND current_version_id IS NOT NULL",
      );
    if ((await currentVersions()).rows.length === 0) {
      const next = rng(31);
      writeLeieArtifact(
        artifact,
        Array.from({ length: 200 }, (_, i) => person(next, i)),
      );
      expect(await runLeieIngestion(worker.client, worker.taskQueue)).toMatchObject({ outcome: 'published' });
    }
    const { rows: current } = await currentVersions();
    const result = (sources: Array<{ source: string; listVersionId: string }>): ScreeningResult => ({
      status: 'clear',
      matches: [],
      checkedAt: new Date().toISOString(),
      recallCapped: false,
      sources: sources.map((s) => ({ ...s, retrievedAt: '2026-01-01T00:00:00.000Z' })),
    });
    const onCurrent = await recordWithHeadroom(0);
    const behind = await recordWithHeadroom(0);
    const client = await gw.pool.connect();
    try {
      await saveRescreenings(client, [
        { id: onCurrent, result: result(current.map((c) => ({ source: c.key, listVersionId: c.version }))), headroom: 7, rulesVersion: 1 },
        // Screened on a matcher that did not serve one list's current version yet.
        {
          id: behind,
          result: result(current.slice(1).map((c) => ({ source: c.key, listVersionId: c.version }))),
          headroom: 7,
          rulesVersion: 1,
        },
      ]);
    } finally {
      client.release();
    }
    expect(await headroomOf(onCurrent)).toBe(7);
    expect(await headroomOf(behind)).toBeNull();
  });
});
