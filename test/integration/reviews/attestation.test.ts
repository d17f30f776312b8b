import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { call, createOrgWithKey, startInProcessGateway, type InProcessGateway } from '../gateway/support/stack';
import { responseErrors } from '../gateway/support/contract';
import { createListsDatabase, type ListsDatabase } from '../lists/support';
import { publishLeie } from '../support/lists';
import { matcherOnNewVersion } from '../support/ingestion';
import { attestationCsv, attestationFor, verifyAttestations } from '../../../activities/reviews';
import { attestationSigningKey } from '../../../infra/base/config';

/**
 * The monthly attestation: frozen, chained by hash to the previous month, signed with the service
 * key; GET /v1/attestations/{month} as JSON and CSV; `screenctl attestation` prints and verifies it.
 */
const run = promisify(execFile);
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const key = attestationSigningKey({});

let db: ListsDatabase;
let gw: InProcessGateway;
let apiKey: string;
let orgId: string;
let recordId: string;

const monthOf = (d: Date) => d.toISOString().slice(0, 7);
const monthsAgo = (n: number) => monthOf(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - n, 15)));
const thisMonth = monthsAgo(0);
/** An instant in the month after this one: this month has closed by then. */
const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 2));

async function screenctl(...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, ['infra/cli/screenctl.js', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout };
  } catch (err) {
    const failed = err as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

beforeAll(async () => {
  db = await createListsDatabase();
  gw = await startInProcessGateway({ databaseUrl: db.url });
  const published = await publishLeie(gw.pool, [{ last: 'WINTERBOTTOM', first: 'OPHELIA', dob: '19700101' }]);
  await matcherOnNewVersion(gw.matcherServer!.url, 'oig_leie', published.versionId);
  ({ apiKey, orgId } = await createOrgWithKey(gw.pool, 'medium'));
  // The organization has existed for three months; its first record and review are of this month.
  await gw.pool.query("UPDATE organizations SET created_at = now() - interval '2 months' - interval '20 days' WHERE id = $1", [orgId]);
  const enrolled = await call(gw.url, 'PUT', '/v1/monitor', {
    apiKey,
    body: { type: 'person', name: 'Ophelia Winterbottom', dateOfBirth: '1970-01-01' },
  });
  recordId = enrolled.body.id;
  const reviews = await call(gw.url, 'GET', `/v1/reviews?recordId=${recordId}`, { apiKey });
  const decided = await call(gw.url, 'POST', `/v1/reviews/${reviews.body.reviews[0].id}/decisions`, {
    apiKey,
    body: {
      decision: 'confirmed_match',
      reasonCode: 'npi_and_dob_match',
      note: 'Same NPI and date of birth on the LEIE online search.',
      reviewer: 'Ana Reviewer',
      identifiers: [{ field: 'dateOfBirth', checkedIn: 'LEIE online verification', outcome: 'same' }],
    },
  });
  expect(decided.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await gw?.close();
  await db?.drop();
});

describe('GET /v1/attestations/{month}', () => {
  it('refuses the current month with 400 naming month until it closes, and builds nothing', async () => {
    const reply = await call(gw.url, 'GET', `/v1/attestations/${thisMonth}`, { apiKey });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.fields)).toEqual(['month']);
    const { rows } = await gw.pool.query('SELECT count(*)::int AS n FROM review_attestations WHERE org_id = $1', [orgId]);
    expect(rows[0].n).toBe(0);
  });

  it('answers 404 for a month before the organization existed', async () => {
    expect((await call(gw.url, 'GET', `/v1/attestations/${monthsAgo(4)}`, { apiKey })).status).toBe(404);
  });

  it("returns a closed month's attestation as JSON, chained to the month before it, and the same frozen record again", async () => {
    const reply = await call(gw.url, 'GET', `/v1/attestations/${monthsAgo(1)}`, { apiKey });
    expect(reply.status).toBe(200);
    expect(responseErrors('/attestations/{month}', 'get', 200, reply.body)).toBeNull();
    expect(reply.body).toMatchObject({ organizationId: orgId, month: monthsAgo(1), subjects: [], reviews: [] });
    expect(reply.body.signature).toMatchObject({ keyId: key.keyId, algorithm: 'ed25519' });
    const earlier = await call(gw.url, 'GET', `/v1/attestations/${monthsAgo(2)}`, { apiKey });
    expect(earlier.body.previousHash).toBeNull();
    expect(reply.body.previousHash).toBe(earlier.body.hash);
    expect((await call(gw.url, 'GET', `/v1/attestations/${monthsAgo(1)}`, { apiKey })).body).toEqual(reply.body);
  });

  it('another organization gets its own attestation, never this one', async () => {
    const other = await createOrgWithKey(gw.pool, 'medium');
    await gw.pool.query("UPDATE organizations SET created_at = now() - interval '2 months' WHERE id = $1", [other.orgId]);
    const reply = await call(gw.url, 'GET', `/v1/attestations/${monthsAgo(1)}`, { apiKey: other.apiKey });
    expect(reply.body.organizationId).toBe(other.orgId);
  });
});

describe('the attestation of a month with a subject and a decision', () => {
  it('holds every monitored subject with its status and list versions, and each review with the decision in force at month end', async () => {
    const outcome = await attestationFor(gw.pool, orgId, thisMonth, key, nextMonth);
    if (!outcome.ok) throw new Error(outcome.reason);
    const a = outcome.attestation as unknown as {
      subjects: Array<Record<string, unknown>>;
      reviews: Array<{ recordId: string; state: string; decision: Record<string, unknown> }>;
      previousHash: string;
    };
    expect(a.subjects).toEqual([
      expect.objectContaining({
        recordId,
        status: 'potential_match',
        listVersions: expect.arrayContaining([expect.objectContaining({ source: 'oig_leie' })]),
      }),
    ]);
    expect(a.reviews).toEqual([
      expect.objectContaining({
        recordId,
        state: 'resolved',
        decision: expect.objectContaining({ decision: 'confirmed_match', reviewer: 'Ana Reviewer', reasonCode: 'npi_and_dob_match' }),
      }),
    ]);
    expect(a.previousHash).toBe((await call(gw.url, 'GET', `/v1/attestations/${monthsAgo(1)}`, { apiKey })).body.hash);
  });

  it('shows the decision in force with the terms GET /v1/reviews/{reviewId} shows, its keys in the order the signature covers', async () => {
    const outcome = await attestationFor(gw.pool, orgId, thisMonth, key, nextMonth);
    if (!outcome.ok) throw new Error(outcome.reason);
    const attested = (outcome.attestation.reviews as Array<{ reviewId: string; decision: Record<string, unknown> }>)[0];
    const shown = (await call(gw.url, 'GET', `/v1/reviews/${attested.reviewId}`, { apiKey })).body.decision;
    expect(Object.keys(attested.decision)).toEqual([
      'decisionId',
      'decision',
      'reasonCode',
      'note',
      'identifiers',
      'reviewer',
      'apiKeyId',
      'decidedAt',
      'validUntil',
      'approvedBy',
      'approvedAt',
    ]);
    expect(attested.decision).toEqual({
      decisionId: shown.id,
      decision: shown.decision,
      reasonCode: shown.reasonCode,
      note: shown.note,
      identifiers: shown.identifiers,
      reviewer: shown.reviewer,
      apiKeyId: shown.apiKeyId,
      decidedAt: shown.decidedAt,
      validUntil: shown.validUntil,
      approvedBy: null,
      approvedAt: null,
    });
  });

  it('exports as CSV, one row per subject and review', async () => {
    const reply = await fetch(`${gw.url}/v1/attestations/${monthsAgo(1)}?format=csv`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = parse(await reply.text(), { columns: true }) as Array<Record<string, string>>;
    expect(rows).toEqual([]);
    const shown = await screenctl('attestation', 'show', orgId, monthsAgo(1), '--csv');
    expect(shown.stdout.split('\n')[0]).toMatch(/^month,record_id,subject_name,status,list_versions,checked_at,review_id/);
    const outcome = await attestationFor(gw.pool, orgId, thisMonth, key, nextMonth);
    if (!outcome.ok) throw new Error(outcome.reason);
    const current = parse(attestationCsv(outcome.attestation), { columns: true }) as Array<Record<string, string>>;
    expect(current).toEqual([
      expect.objectContaining({
        record_id: recordId,
        subject_name: 'Ophelia Winterbottom',
        status: 'potential_match',
        review_state: 'resolved',
        decision: 'confirmed_match',
        reviewer: 'Ana Reviewer',
      }),
    ]);
  });
});

describe('the hash chain', () => {
  it('screenctl verifies every month: hashes, chain and signatures', async () => {
    expect((await verifyAttestations(gw.pool, orgId, key)).ok).toBe(true);
    const verified = await screenctl('attestation', 'verify', orgId);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toContain('verified 3 month(s)');
    const shown = await screenctl('attestation', 'show', orgId, monthsAgo(1));
    expect(JSON.parse(shown.stdout)).toMatchObject({ month: monthsAgo(1), organizationId: orgId });
  });

  it('the attestations are append-only', async () => {
    await expect(gw.pool.query('DELETE FROM review_attestations WHERE org_id = $1', [orgId])).rejects.toThrow(/append-only/);
  });

  it('a tampered month fails verification, and so does the month chained to it; re-hashing it breaks its signature', async () => {
    // Tampering as someone with the database's owner rights would: past the append-only trigger.
    await gw.pool.query('ALTER TABLE review_attestations DISABLE TRIGGER review_attestations_append_only');
    try {
      await gw.pool.query(
        `UPDATE review_attestations SET body = replace(body, '"potential_match"', '"clear"') WHERE org_id = $1 AND month = $2`,
        [orgId, thisMonth],
      );
      let check = await verifyAttestations(gw.pool, orgId, key);
      expect(check.ok).toBe(false);
      expect(check.months.find((m) => m.month === thisMonth)?.problems).toContain('the body does not hash to the stored hash');

      await gw.pool.query(
        `UPDATE review_attestations SET body = replace(body, '"subjects":[]', '"subjects":[{"recordId":"forged"}]') WHERE org_id = $1 AND month = $2`,
        [orgId, monthsAgo(1)],
      );
      await gw.pool.query(
        `UPDATE review_attestations SET body_hash = encode(sha256(convert_to(body, 'UTF8')), 'hex') WHERE org_id = $1 AND month = $2`,
        [orgId, monthsAgo(1)],
      );
      check = await verifyAttestations(gw.pool, orgId, key);
      const problems = Object.fromEntries(check.months.map((m) => [m.month, m.problems]));
      expect(problems[monthsAgo(2)]).toEqual([]);
      expect(problems[monthsAgo(1)]).toEqual(['the signature does not verify']);
      expect(problems[thisMonth]).toContain("the body does not name the previous month's hash");
    } finally {
      await gw.pool.query('ALTER TABLE review_attestations ENABLE TRIGGER review_attestations_append_only');
    }
    const verified = await screenctl('attestation', 'verify', orgId);
    expect(verified.code).toBe(1);
    expect(verified.stdout).toContain(`${monthsAgo(1)} FAILED`);
    expect(verified.stdout).toContain('verification failed');
  });
});
