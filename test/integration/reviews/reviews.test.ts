import { call, createOrgWithKey, type InProcessGateway } from '../gateway/support/stack';
import { responseErrors, schemaErrors } from '../gateway/support/contract';
import type { TestWorker } from '../support/worker';
import { startLeieMonitoringStack, type LeieMonitoringStack } from '../monitoring/support';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { matcherOnNewVersion, runLeieIngestion, writeLeieArtifact } from '../support/ingestion';
import type { LeiePerson } from '../support/lists';
import { loadAndRescreenAll } from '../../../activities/monitoring/screeningPipeline';
import { reactToMatchChanges, setFourEyes } from '../../../activities/reviews';
import { setOrganizationState } from '../../../gateway/orgs/organizations';

/**
 * The reviews of potential matches end to end: PUT /monitor opens a review, decisions resolve it,
 * a new LEIE version (ingested by the listIngestion workflow, fanned out by the worker) carries a
 * decision forward or reopens it, and review_* events reach a real receiver, signed.
 */
const ALDERWOOD: LeiePerson = { last: 'ALDERWOOD', first: 'MARGARET', dob: '' };
const ALDERWOOD_WITH_DOB: LeiePerson = { ...ALDERWOOD, dob: '19800505' };
const BRAVO: LeiePerson = { last: 'BRAVO', first: 'BENEDICT', dob: '19710101' };
const BRAVO_EDITED: LeiePerson = { ...BRAVO, dob: '19710202' };
const CASTELLANO: LeiePerson = { last: 'CASTELLANO', first: 'PRISCILLA', dob: '19650909' };

let stack: LeieMonitoringStack;
let gw: InProcessGateway;
let worker: TestWorker;
let receiver: WebhookReceiver;
let apiKey: string;
let orgId: string;
let recordId: string;
let reviewId: string;

const evidence = {
  reasonCode: 'dob_differs',
  note: 'Checked the LEIE online verification by SSN:\nthe listed person is another.',
  identifiers: [{ field: 'ssn', checkedIn: 'LEIE online verification by SSN', outcome: 'different' }],
};

async function publish(people: LeiePerson[]) {
  writeLeieArtifact(stack.artifact, people);
  const version = await runLeieIngestion(worker.client, worker.taskQueue, { force: true });
  await matcherOnNewVersion(gw.matcherServer!.url, 'oig_leie', version.versionId!);
  return version;
}

async function reviewEvents(type: string, count: number) {
  const matching = () =>
    receiver.received.map((r) => ({ r, body: JSON.parse(r.rawBody.toString('utf8')) })).filter(({ body }) => body.type === type);
  const deadline = Date.now() + 30_000;
  while (matching().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return matching();
}

const review = async (id = reviewId, key = apiKey) => call(gw.url, 'GET', `/v1/reviews/${id}`, { apiKey: key });
const decideAs = (reviewer: string, decision: string, extra: Record<string, unknown> = {}, key = apiKey) =>
  call(gw.url, 'POST', `/v1/reviews/${reviewId}/decisions`, { apiKey: key, body: { decision, reviewer, ...evidence, ...extra } });

beforeAll(async () => {
  stack = await startLeieMonitoringStack();
  ({ gw, worker } = stack);
  await publish([ALDERWOOD, BRAVO]);
  receiver = await startWebhookReceiver();
  ({ apiKey, orgId } = await createOrgWithKey(gw.pool, 'medium'));
  const endpoint = await call(gw.url, 'POST', '/v1/webhook-endpoints', {
    apiKey,
    body: { url: receiver.url, events: ['review_opened', 'review_reopened', 'review_resolved'] },
  });
  expect(endpoint.status).toBe(201);
  receiver.secret = endpoint.body.secret;
}, 180_000);

afterAll(async () => {
  await receiver?.close();
  await stack?.close();
});

describe('a review opens when a match first appears', () => {
  it('PUT /monitor with a potential match opens one open review per listed entry, and sends review_opened', async () => {
    const enrolled = await call(gw.url, 'PUT', '/v1/monitor', {
      apiKey,
      body: { type: 'person', name: 'Margaret Alderwood', dateOfBirth: '1980-05-05' },
    });
    expect(enrolled.body.status).toBe('potential_match');
    recordId = enrolled.body.id;
    const page = await call(gw.url, 'GET', '/v1/reviews?state=open', { apiKey });
    expect(page.status).toBe(200);
    expect(responseErrors('/reviews', 'get', 200, page.body)).toBeNull();
    expect(page.body.reviews).toHaveLength(1);
    expect(page.body.reviews[0]).toMatchObject({ recordId, state: 'open', matchPresent: true, source: 'oig_leie', decision: null });
    expect(page.body.reviews[0].entry).toMatchObject({ name: 'MARGARET ALDERWOOD', dateOfBirth: null });
    reviewId = page.body.reviews[0].id;

    const [opened] = await reviewEvents('review_opened', 1);
    expect(opened.r.verification.ok).toBe(true);
    expect(schemaErrors('WebhookEvent', opened.body)).toBeNull();
    expect(opened.body.data).toMatchObject({ reviewId, recordId, source: 'oig_leie' });
  });

  it('the screening result stays potential_match: a review never changes a status', async () => {
    const { rows } = await gw.pool.query('SELECT status FROM monitored_records WHERE id = $1', [recordId]);
    expect(rows[0].status).toBe('potential_match');
  });

  it('GET /reviews filters by state and list, and pages with nextCursor', async () => {
    expect((await call(gw.url, 'GET', '/v1/reviews?state=resolved', { apiKey })).body.reviews).toHaveLength(0);
    expect((await call(gw.url, 'GET', '/v1/reviews?source=sam_exclusions', { apiKey })).body.reviews).toHaveLength(0);
    const first = await call(gw.url, 'GET', '/v1/reviews?limit=1', { apiKey });
    expect(first.body.nextCursor).toBeNull();
    expect((await call(gw.url, 'GET', '/v1/reviews?limit=0', { apiKey })).status).toBe(400);
  });
});

describe('POST /v1/reviews/{reviewId}/decisions', () => {
  it('refuses a decision without evidence with 400 naming the field, and records nothing', async () => {
    const reply = await call(gw.url, 'POST', `/v1/reviews/${reviewId}/decisions`, {
      apiKey,
      body: { decision: 'not_a_match', reviewer: 'Ana Reviewer', reasonCode: 'dob_differs', note: 'x', identifiers: [] },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('invalid_request');
    expect(Object.keys(reply.body.fields)).toContain('identifiers');
    expect((await review()).body.decisions).toHaveLength(0);
  });

  it('not_a_match resolves the review (open → resolved) with its evidence, API key and reviewer, and sends review_resolved', async () => {
    const reply = await decideAs('Ana Reviewer', 'not_a_match', { validUntil: '2099-01-01T00:00:00Z' });
    expect(reply.status).toBe(201);
    expect(responseErrors('/reviews/{reviewId}/decisions', 'post', 201, reply.body)).toBeNull();
    expect(reply.body.state).toBe('resolved');
    expect(reply.body.decision).toMatchObject({
      decision: 'not_a_match',
      reviewer: 'Ana Reviewer',
      status: 'in_force',
      validUntil: '2099-01-01T00:00:00.000Z',
      identifiers: evidence.identifiers,
      note: evidence.note,
    });
    expect(reply.body.decision.apiKeyId).toMatch(/^[0-9a-f-]{36}$/);
    const [resolved] = await reviewEvents('review_resolved', 1);
    expect(resolved.r.verification.ok).toBe(true);
    expect(schemaErrors('WebhookEvent', resolved.body)).toBeNull();
    expect(resolved.body.data).toMatchObject({ reviewId, decision: 'not_a_match' });
  });

  it('a later decision supersedes the earlier one (resolved → resolved); both stay in the history', async () => {
    const reply = await decideAs('Ben Reviewer', 'unable_to_determine');
    expect(reply.status).toBe(201);
    expect(reply.body.decisions.map((d: { decision: string; status: string }) => [d.decision, d.status])).toEqual([
      ['not_a_match', 'superseded'],
      ['unable_to_determine', 'in_force'],
    ]);
    const back = await decideAs('Ana Reviewer', 'not_a_match', { validUntil: '2099-01-01T00:00:00Z' });
    expect(back.body.decisions).toHaveLength(3);
    expect(back.body.decision).toMatchObject({ decision: 'not_a_match', status: 'in_force' });
  });

  it('the decisions are append-only in the database too', async () => {
    await expect(gw.pool.query("UPDATE review_decisions SET note = 'rewritten' WHERE review_id = $1", [reviewId])).rejects.toThrow(
      /append-only/,
    );
    await expect(gw.pool.query('DELETE FROM review_decisions WHERE review_id = $1', [reviewId])).rejects.toThrow(/append-only/);
  });
});

describe('carry forward on a new list version', () => {
  it('an unrelated edit elsewhere in the list carries not_a_match forward, recorded with the version and hashes checked', async () => {
    const v2 = await publish([ALDERWOOD, BRAVO_EDITED, CASTELLANO]);
    // The record is screened again on the new version, as any re-screen that reaches it would.
    await loadAndRescreenAll(
      { pool: gw.pool, matcher: gw.matcher, temporal: worker.client, taskQueue: worker.taskQueue, matchChanges: reactToMatchChanges },
      [recordId],
      `test-carry-${v2.versionId}`,
      {},
    );
    const after = (await review()).body;
    expect(after.state).toBe('resolved');
    expect(after.decision).toMatchObject({ decision: 'not_a_match', status: 'in_force' });
    const carried = after.history.filter((h: { kind: string }) => h.kind === 'carried_forward');
    expect(carried).toHaveLength(1);
    expect(carried[0].detail).toMatchObject({ listVersionId: v2.versionId, entryHash: after.entryHash, decisionId: after.decision.id });
    expect(after.listVersionId).toBe(v2.versionId);
    expect(await reviewEvents('review_reopened', 0)).toHaveLength(0);
  }, 120_000);

  it('a DOB added to the listed entry reopens it (resolved → open) with the field-by-field diff, and sends review_reopened', async () => {
    const v3 = await publish([ALDERWOOD_WITH_DOB, BRAVO_EDITED, CASTELLANO]);
    const reopened = await reviewEvents('review_reopened', 1);
    expect(reopened).toHaveLength(1);
    expect(reopened[0].r.verification.ok).toBe(true);
    expect(schemaErrors('WebhookEvent', reopened[0].body)).toBeNull();
    expect(reopened[0].body.data).toMatchObject({ reviewId, reasons: ['entry_changed'], listVersionId: v3.versionId });

    const after = (await review()).body;
    expect(responseErrors('/reviews/{reviewId}', 'get', 200, after)).toBeNull();
    expect(after).toMatchObject({ state: 'open', decision: null, matchPresent: true });
    expect(after.changes).toEqual([{ field: 'entry.dateOfBirth', previous: null, current: '1980-05-05' }]);
    expect(after.entry.dateOfBirth).toBe('1980-05-05');
    // The decisions stay, none in force.
    expect(after.decisions.map((d: { status: string }) => d.status)).toEqual(['superseded', 'superseded', 'superseded']);
    expect(after.history.map((h: { kind: string }) => h.kind)).toContain('reopened');
  }, 120_000);

  it('an expired decision does not carry forward: the next re-screen reopens the review', async () => {
    const validUntil = new Date(Date.now() + 1500).toISOString();
    expect((await decideAs('Ana Reviewer', 'not_a_match', { validUntil })).body.state).toBe('resolved');
    await new Promise((r) => setTimeout(r, 2000));
    const v4 = await publish([ALDERWOOD_WITH_DOB, BRAVO, CASTELLANO]);
    await loadAndRescreenAll(
      { pool: gw.pool, matcher: gw.matcher, temporal: worker.client, taskQueue: worker.taskQueue, matchChanges: reactToMatchChanges },
      [recordId],
      `test-expiry-${v4.versionId}`,
      {},
    );
    const after = (await review()).body;
    expect(after.state).toBe('open');
    expect(after.changes).toEqual([expect.objectContaining({ field: 'decision.validUntil', current: null })]);
    expect((await reviewEvents('review_reopened', 2)).map((e) => e.body.data.reasons)).toContainEqual(['decision_expired']);
  }, 120_000);

  it('a monitored subject whose identifying fields changed reopens its resolved review', async () => {
    await decideAs('Ana Reviewer', 'not_a_match');
    // No operation of the API edits a subject in place; the stored subject is changed as a future edit would.
    await gw.pool.query(`UPDATE monitored_records SET entity = entity || '{"state":"IL"}'::jsonb WHERE id = $1`, [recordId]);
    await loadAndRescreenAll(
      { pool: gw.pool, matcher: gw.matcher, temporal: worker.client, taskQueue: worker.taskQueue, matchChanges: reactToMatchChanges },
      [recordId],
      'test-subject',
      {},
    );
    const after = (await review()).body;
    expect(after.state).toBe('open');
    expect(after.changes).toEqual([{ field: 'subject.state', previous: null, current: 'IL' }]);
  }, 120_000);
});

describe('four eyes', () => {
  afterAll(() => setFourEyes(gw.pool, orgId, 'off'));

  it('with four eyes for confirmed_match, the decision awaits a second reviewer; the same reviewer is refused; another approves it', async () => {
    await setFourEyes(gw.pool, orgId, 'confirmed_match');
    const decided = await decideAs('Ana Reviewer', 'confirmed_match');
    expect(decided.status).toBe(201);
    expect(decided.body.state).toBe('open');
    expect(decided.body.decision).toMatchObject({ decision: 'confirmed_match', status: 'awaiting_approval', approval: null });
    const decisionId = decided.body.decision.id;
    const approvePath = `/v1/reviews/${reviewId}/decisions/${decisionId}/approve`;

    const same = await call(gw.url, 'POST', approvePath, { apiKey, body: { reviewer: '  ana reviewer ' } });
    expect(same.status).toBe(400);
    expect(Object.keys(same.body.fields)).toEqual(['reviewer']);
    expect((await review()).body.state).toBe('open');

    const other = await call(gw.url, 'POST', approvePath, { apiKey, body: { reviewer: 'Ben Reviewer' } });
    expect(other.status).toBe(200);
    expect(responseErrors('/reviews/{reviewId}/decisions/{decisionId}/approve', 'post', 200, other.body)).toBeNull();
    expect(other.body.state).toBe('resolved');
    expect(other.body.decision).toMatchObject({ id: decisionId, status: 'in_force', approval: { reviewer: 'Ben Reviewer' } });

    const again = await call(gw.url, 'POST', approvePath, { apiKey, body: { reviewer: 'Cy Reviewer' } });
    expect(again.status).toBe(400);
    expect(Object.keys(again.body.fields)).toEqual(['decisionId']);
  });

  it('with four eyes for confirmed_match, not_a_match needs no approval; with four eyes for all, it does', async () => {
    expect((await decideAs('Ana Reviewer', 'not_a_match')).body.state).toBe('resolved');
    await setFourEyes(gw.pool, orgId, 'all');
    const pending = await decideAs('Ana Reviewer', 'not_a_match');
    expect(pending.body).toMatchObject({ state: 'open', decision: { status: 'awaiting_approval' } });
  });
});

describe('organization scoping', () => {
  it('another organization sees none of the reviews and cannot decide or approve one (404), and nothing changes', async () => {
    const other = await createOrgWithKey(gw.pool, 'medium');
    const before = (await review()).body;
    expect((await call(gw.url, 'GET', '/v1/reviews', { apiKey: other.apiKey })).body.reviews).toEqual([]);
    expect((await call(gw.url, 'GET', `/v1/reviews?recordId=${recordId}`, { apiKey: other.apiKey })).body.reviews).toEqual([]);
    expect((await review(reviewId, other.apiKey)).status).toBe(404);
    expect((await decideAs('Eve', 'not_a_match', {}, other.apiKey)).status).toBe(404);
    const approve = await call(gw.url, 'POST', `/v1/reviews/${reviewId}/decisions/${before.decision.id}/approve`, {
      apiKey: other.apiKey,
      body: { reviewer: 'Eve' },
    });
    expect(approve.status).toBe(404);
    expect((await review()).body).toEqual(before);
  });
});

describe('reads and writes', () => {
  it('a read-only organization reads its reviews but a decision is refused with 403 and records nothing', async () => {
    const before = (await review()).body;
    await setOrganizationState(gw.pool, orgId, 'read_only');
    try {
      expect((await call(gw.url, 'GET', '/v1/reviews', { apiKey })).status).toBe(200);
      expect((await review()).status).toBe(200);
      const refused = await decideAs('Ana Reviewer', 'not_a_match');
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('forbidden');
      expect((await review()).body.decisions).toHaveLength(before.decisions.length);
    } finally {
      await setOrganizationState(gw.pool, orgId, 'active');
    }
  });

  it('nothing of the reviews is metered as a screening', async () => {
    const usage = async () => (await gw.pool.query('SELECT count(*)::int AS n FROM usage_events WHERE org_id = $1', [orgId])).rows[0].n;
    const before = await usage();
    await call(gw.url, 'GET', '/v1/reviews', { apiKey });
    await review();
    await decideAs('Ana Reviewer', 'unable_to_determine');
    expect(await usage()).toBe(before);
  });
});

describe('a match that is gone', () => {
  it('keeps the review and its history, marked matchPresent false', async () => {
    const state = (await review()).body.state;
    await publish([BRAVO, CASTELLANO]);
    const deadline = Date.now() + 30_000;
    while ((await review()).body.matchPresent && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const after = (await review()).body;
    expect(after).toMatchObject({ matchPresent: false, state });
    expect(after.history.map((h: { kind: string }) => h.kind)).toContain('match_gone');
  }, 120_000);
});
