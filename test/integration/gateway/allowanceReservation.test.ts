import { randomUUID } from 'node:crypto';
import { billingPeriod } from '../../../activities/metering/period';
import { call, createOrgWithKey, freePort, preloadScreens, startInProcessGateway, type InProcessGateway } from './support/stack';
import { startSlowProxy } from '../support/slowProxy';
import { issueApiKey } from '../../../gateway/auth/apiKeys';
import { screenOnce, type ScreenCall } from '../../../gateway/billing/screenOnce';
import type { Entity, ScreeningResult } from '../../../matcher/types';

/**
 * A capped plan's screenings reserve their allowance in a short transaction, screen with no
 * lock or connection held, then meter (or give the reservation back). The rule stays exact.
 */
let gw: InProcessGateway;
let slow: Awaited<ReturnType<typeof startSlowProxy>>;
let slowGw: InProcessGateway;
const person = { type: 'person', name: 'Reserved Allowance Person', state: 'TX' };

beforeAll(async () => {
  gw = await startInProcessGateway();
  // The same matcher 200 ms away: screenings overlap, as they do behind a busy matcher.
  slow = await startSlowProxy(gw.matcherServer!.url, 200);
  slowGw = await startInProcessGateway({ matcherUrl: slow.url });
}, 120_000);

afterAll(async () => {
  await slowGw?.close();
  await slow?.close();
  await gw?.close();
});

async function ledger(orgId: string): Promise<number> {
  const { rows } = await gw.pool.query("SELECT count(*)::int AS n FROM usage_events WHERE org_id = $1 AND kind = 'screen'", [orgId]);
  return rows[0].n;
}

async function heldFor(orgId: string): Promise<{ reservations: number; claims: number }> {
  const r = await gw.pool.query('SELECT count(*)::int AS n FROM allowance_reservations WHERE org_id = $1', [orgId]);
  const c = await gw.pool.query('SELECT count(*)::int AS n FROM screen_claims WHERE org_id = $1', [orgId]);
  return { reservations: r.rows[0].n, claims: c.rows[0].n };
}

describe('POST /v1/screen on a capped plan', () => {
  it('admits exactly the 10 screenings left of the allowance out of 50 concurrent ones, and meters exactly those', async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'small');
    await preloadScreens(gw.pool, orgId, billingPeriod(new Date()), 490);
    // Three keys of the organization, so the 30-a-minute burst limit of one key is not what refuses.
    const keys = [apiKey, (await issueApiKey(gw.pool, orgId)).apiKey, (await issueApiKey(gw.pool, orgId)).apiKey];
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(slowGw.url, 'POST', '/v1/screen', {
          apiKey: keys[i % 3],
          body: person,
          headers: i % 2 ? { 'idempotency-key': randomUUID() } : {},
        }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    expect(replies.filter((r) => r.status === 402).every((r) => r.body.code === 'single_screening_allowance_reached')).toBe(true);
    expect(await ledger(orgId)).toBe(500);
    expect(await heldFor(orgId)).toEqual({ reservations: 0, claims: 0 });
  });

  it("does not queue one organization's screenings behind each other while the matcher works", async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
    slow.resetMaxInFlight();
    // Each screening waits at the hop (up to 2 s) for the other nine; one queued behind another's lock never arrives in time.
    slow.gatherUntil(10, 2000);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(slowGw.url, 'POST', '/v1/screen', { apiKey, body: person, headers: { 'idempotency-key': randomUUID() } }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    // With the allowance lock held across the matcher call, the matcher would see them one at a time.
    expect(slow.maxInFlight()).toBe(10);
  });

  it('records nothing and holds nothing when the matcher fails', async () => {
    const down = await startInProcessGateway({ matcherUrl: `http://127.0.0.1:${await freePort()}` });
    try {
      const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'small');
      const reply = await call(down.url, 'POST', '/v1/screen', { apiKey, body: person, headers: { 'idempotency-key': 'k-1' } });
      expect(reply.status).toBe(503);
      expect(await ledger(orgId)).toBe(0);
      expect(await heldFor(orgId)).toEqual({ reservations: 0, claims: 0 });
      // The key is free again: a retry once the matcher is back screens and meters once.
      const retry = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person, headers: { 'idempotency-key': 'k-1' } });
      expect(retry.status).toBe(200);
      expect(await ledger(orgId)).toBe(1);
    } finally {
      await down.close();
    }
  });

  it('screens and meters once for concurrent duplicates of one Idempotency-Key, answering all of them', async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'small');
    const key = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(slowGw.url, 'POST', '/v1/screen', { apiKey, body: person, headers: { 'idempotency-key': key } }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(replies.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(7);
    expect(new Set(replies.map((r) => r.body.checkedAt)).size).toBe(1);
    expect(await ledger(orgId)).toBe(1);
    expect(await heldFor(orgId)).toEqual({ reservations: 0, claims: 0 });
  });

  describe('when a screening outlives its reservation or its claim', () => {
    const period = billingPeriod(new Date());
    const screenCall = (orgId: string, idempotencyKey: string): ScreenCall => ({
      orgId,
      plan: 'small',
      period,
      idempotencyKey,
      keyGenerated: false,
      body: person,
    });
    const match = (): Promise<ScreeningResult> => gw.matcher.match(person as Entity, { requestId: randomUUID() });
    const meterUncapped = async (): Promise<never> => {
      throw new Error('a capped plan is never metered through the group commit');
    };

    it('refuses the late call, metering nothing, when its expired reservation was taken by another call', async () => {
      const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'small');
      await preloadScreens(gw.pool, orgId, period, 499);
      const late = screenOnce(
        gw.pool,
        screenCall(orgId, 'late'),
        async () => {
          // Mid-screening, the reservation expires (HOLD_SECONDS) and stops counting, so another
          // call is admitted to the last screening of the allowance and meters it.
          await gw.pool.query("UPDATE allowance_reservations SET expires_at = now() - interval '1 second' WHERE org_id = $1", [orgId]);
          const other = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person, headers: { 'idempotency-key': 'other' } });
          expect(other.status).toBe(200);
          return match();
        },
        meterUncapped,
      );
      await expect(late).rejects.toMatchObject({ status: 402, code: 'single_screening_allowance_reached' });
      expect(await ledger(orgId)).toBe(500);
      expect(await heldFor(orgId)).toEqual({ reservations: 0, claims: 0 });
      // Nothing of the late call was stored: its key screens afresh, and is refused again.
      const retry = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person, headers: { 'idempotency-key': 'late' } });
      expect(retry.status).toBe(402);
      expect(await ledger(orgId)).toBe(500);
    });

    it('meters the late call when the allowance still has room beside what others took', async () => {
      const { orgId } = await createOrgWithKey(gw.pool, 'small');
      await preloadScreens(gw.pool, orgId, period, 498);
      const outcome = await screenOnce(
        gw.pool,
        screenCall(orgId, 'late'),
        async () => {
          await gw.pool.query("UPDATE allowance_reservations SET expires_at = now() - interval '1 second' WHERE org_id = $1", [orgId]);
          return match();
        },
        meterUncapped,
      );
      expect(outcome.replayed).toBe(false);
      expect(await ledger(orgId)).toBe(499);
      expect(await heldFor(orgId)).toEqual({ reservations: 0, claims: 0 });
    });

    it('answers with the stored response when its claim expired and another request with the key answered meanwhile', async () => {
      const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'small');
      let other: Awaited<ReturnType<typeof call>> | undefined;
      const outcome = await screenOnce(
        gw.pool,
        screenCall(orgId, 'shared'),
        async () => {
          await gw.pool.query("UPDATE screen_claims SET expires_at = now() - interval '1 second' WHERE org_id = $1", [orgId]);
          other = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person, headers: { 'idempotency-key': 'shared' } });
          return match();
        },
        meterUncapped,
      );
      expect(other?.status).toBe(200);
      expect(outcome.replayed).toBe(true);
      expect(outcome.result.checkedAt).toBe(other?.body.checkedAt);
      expect(await ledger(orgId)).toBe(1);
      expect(await heldFor(orgId)).toEqual({ reservations: 0, claims: 0 });
    });

    it('releases the reservation and records nothing when the commit fails', async () => {
      const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'small');
      await preloadScreens(gw.pool, orgId, period, 499);
      // The database refuses to store this key's response, after the ledger row was written in the same transaction.
      const key = `commit-fails-${randomUUID()}`;
      const trigger = `test_refuse_${randomUUID().replace(/-/g, '')}`;
      await gw.pool.query(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.idempotency_key = '${key}' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
      await gw.pool.query(`CREATE TRIGGER ${trigger} BEFORE INSERT ON screen_responses FOR EACH ROW EXECUTE FUNCTION ${trigger}()`);
      try {
        await expect(screenOnce(gw.pool, screenCall(orgId, key), match, meterUncapped)).rejects.toThrow('refused by the test');
      } finally {
        await gw.pool.query(`DROP TRIGGER ${trigger} ON screen_responses`);
        await gw.pool.query(`DROP FUNCTION ${trigger}()`);
      }
      expect(await ledger(orgId)).toBe(499);
      expect(await heldFor(orgId)).toEqual({ reservations: 0, claims: 0 });
      // The last screening of the allowance is still there for the retry.
      const retry = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person, headers: { 'idempotency-key': key } });
      expect(retry.status).toBe(200);
      expect(await ledger(orgId)).toBe(500);
    });
  });
});

describe('PUT /v1/monitor on a capped plan', () => {
  const counted = async (table: string, orgId: string): Promise<number> =>
    (await gw.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE org_id = $1`, [orgId])).rows[0].n;

  it('stores, bills and holds nothing when the matcher fails, and takes one call once it is back', async () => {
    const down = await startInProcessGateway({ matcherUrl: `http://127.0.0.1:${await freePort()}` });
    try {
      const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'small');
      const reply = await call(down.url, 'PUT', '/v1/monitor', { apiKey, body: person });
      expect(reply.status).toBe(503);
      for (const table of ['allowance_reservations', 'monitor_enrollments', 'usage_events', 'monitored_records']) {
        expect([table, await counted(table, orgId)]).toEqual([table, 0]);
      }
      const retry = await call(gw.url, 'PUT', '/v1/monitor', { apiKey, body: person });
      expect(retry.status).toBe(200);
      expect(await counted('monitor_enrollments', orgId)).toBe(1);
      expect(await counted('allowance_reservations', orgId)).toBe(0);
      expect(await counted('usage_events', orgId)).toBe(1);
    } finally {
      await down.close();
    }
  });
});
