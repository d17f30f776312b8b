import { createHash } from 'node:crypto';
import { inTransaction } from '../../infra/base/db/transaction';
import type { Pool, PoolClient } from 'pg';
import type { ScreeningResult } from '../../matcher/types';
import { invalidRequest, serviceUnavailable } from '../errors';
import { createLogger } from '../../infra/base/log';
import { hardCap } from './allowance';
import type { PlanKey } from './plans';
import { releaseAllowance, reserveAllowance, takeReservedAllowance, type AllowanceHold } from './reservedAllowance';
import { recordUsageEvent, type UsageEvent } from '../../activities/metering';

const log = createLogger('gateway');

export interface ScreenCall {
  orgId: string;
  plan: PlanKey;
  period: string;
  idempotencyKey: string;
  /** true when the server generated the key: no retry can carry it, so nothing to store or claim. */
  keyGenerated: boolean;
  body: unknown;
}

interface ScreenOutcome {
  result: ScreeningResult;
  replayed: boolean;
}

/** How long a reservation or a claim outlives a gateway that died mid-screening. */
const HOLD_SECONDS = 120;
/** How long a duplicate waits for the screening under way with its key, and how often it looks. */
const DUPLICATE_WAIT_MS = 15_000;
const DUPLICATE_POLL_MS = 50;

/** Key order does not change the hash: the same entity sent twice is the same request. */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

/** No connection for a screening (within the pool's connectionTimeoutMillis, DATABASE_CONNECT_TIMEOUT_MS): nothing was metered, and the same call may be retried. */
function noConnection(err: unknown): Error {
  log.warn({ err: err instanceof Error ? err.message : String(err) }, 'no database connection for a screening');
  return serviceUnavailable('The database is busy or unreachable; nothing was metered. Retry with the same Idempotency-Key.');
}

/** A POST /screen on a capped plan holds one screening of its allowance while it runs. */
function allowanceHold(call: ScreenCall): AllowanceHold {
  return {
    kind: 'single_screening',
    orgId: call.orgId,
    plan: call.plan,
    period: call.period,
    purpose: `screen:${call.idempotencyKey}`,
    ttlSeconds: HOLD_SECONDS,
  };
}

type Admission = { kind: 'replay'; result: ScreeningResult } | { kind: 'in_progress' } | { kind: 'admitted'; reservationId: string | null };

function sameBody(stored: string, hash: string): void {
  if (stored !== hash) {
    throw invalidRequest(
      { 'Idempotency-Key': ['already used with a different request body; use a new key for a different screening'] },
      'This Idempotency-Key was already used with a different request body.',
    );
  }
}

/**
 * Admission and completion of one key take the key's lock, so an admission reads the stored
 * response and the claim either both before a completion or both after it (read committed
 * would otherwise let it see the claim gone and the response not yet there).
 */
async function lockKey(client: PoolClient, call: ScreenCall): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`screen:${call.orgId}:${call.idempotencyKey}`]);
}

/** Under the key's lock: the response stored for this key (its body must be this request's), or null. */
async function lockedStoredResponse(client: PoolClient, call: ScreenCall, hash: string): Promise<ScreeningResult | null> {
  await lockKey(client, call);
  const { rows } = await client.query<{ request_hash: string; response: ScreeningResult }>(
    'SELECT request_hash, response FROM screen_responses WHERE org_id = $1 AND idempotency_key = $2',
    [call.orgId, call.idempotencyKey],
  );
  if (!rows[0]) return null;
  sameBody(rows[0].request_hash, hash);
  return rows[0].response;
}

/**
 * Short transaction 1: a stored response is replayed; a screening under way with the same key
 * is waited for; otherwise the key is claimed and, on a capped plan, one screening of the
 * allowance is reserved (the check counts metered and reserved screenings, under the period's
 * allowance lock, so concurrent calls never exceed the allowance).
 */
async function admit(pool: Pool, call: ScreenCall, hash: string): Promise<Admission> {
  return inTransaction(
    pool,
    async (client) => {
      if (!call.keyGenerated) {
        const stored = await lockedStoredResponse(client, call, hash);
        if (stored) {
          return { kind: 'replay', result: stored };
        }
        const claim = await client.query<{ request_hash: string }>(
          'SELECT request_hash FROM screen_claims WHERE org_id = $1 AND idempotency_key = $2 AND expires_at > now()',
          [call.orgId, call.idempotencyKey],
        );
        if (claim.rows[0]) {
          sameBody(claim.rows[0].request_hash, hash);
          return { kind: 'in_progress' };
        }
        await client.query(
          `INSERT INTO screen_claims (org_id, idempotency_key, request_hash, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4))
         ON CONFLICT (org_id, idempotency_key) DO UPDATE SET request_hash = EXCLUDED.request_hash, expires_at = EXCLUDED.expires_at`,
          [call.orgId, call.idempotencyKey, hash, HOLD_SECONDS],
        );
      }
      return { kind: 'admitted', reservationId: await reserveAllowance(client, allowanceHold(call)) };
    },
    { noConnection },
  );
}

/**
 * Short transaction 2: the ledger row, the stored response, the claim and the reservation, together.
 * Returns the stored response instead when another request stored one for this key meanwhile
 * (this call's claim expired mid-screening and the key was claimed and answered again): that
 * answer is replayed and this screening is not metered.
 */
async function commitScreening(
  pool: Pool,
  call: ScreenCall,
  hash: string,
  result: ScreeningResult,
  reservationId: string | null,
): Promise<{ stored: ScreeningResult | null }> {
  return inTransaction(
    pool,
    async (client) => {
      if (!call.keyGenerated) {
        const stored = await lockedStoredResponse(client, call, hash);
        if (stored) {
          await releaseAllowance(client, reservationId);
          return { stored };
        }
      }
      await takeReservedAllowance(client, allowanceHold(call), reservationId);
      await recordUsageEvent(client, { orgId: call.orgId, kind: 'screen', eventKey: call.idempotencyKey, period: call.period });
      if (!call.keyGenerated) {
        await client.query('INSERT INTO screen_responses (org_id, idempotency_key, request_hash, response) VALUES ($1, $2, $3, $4)', [
          call.orgId,
          call.idempotencyKey,
          hash,
          JSON.stringify(result),
        ]);
        await client.query('DELETE FROM screen_claims WHERE org_id = $1 AND idempotency_key = $2', [call.orgId, call.idempotencyKey]);
      }
      return { stored: null };
    },
    { noConnection },
  );
}

/** A failed screening gives back what it held; nothing was metered. */
async function abandon(pool: Pool, call: ScreenCall, reservationId: string | null): Promise<void> {
  await inTransaction(
    pool,
    async (client) => {
      if (!call.keyGenerated) {
        await lockKey(client, call);
        await client.query('DELETE FROM screen_claims WHERE org_id = $1 AND idempotency_key = $2', [call.orgId, call.idempotencyKey]);
      }
      await releaseAllowance(client, reservationId);
    },
    { noConnection },
  );
}

/**
 * `abandon`, never failing the request a second time: if the clean-up itself fails (database
 * down, pool exhausted), the reservation and the claim expire by themselves after HOLD_SECONDS;
 * the failure is logged (organization and reservation ids, no key, no body).
 */
async function abandonLogged(pool: Pool, call: ScreenCall, reservationId: string | null): Promise<void> {
  try {
    await abandon(pool, call, reservationId);
  } catch (err) {
    log.warn(
      { orgId: call.orgId, reservationId, err: err instanceof Error ? err.message : String(err) },
      "could not release a failed screening's reservation and claim; they expire by themselves",
    );
  }
}

/**
 * Runs one POST /screen exactly once per (organization, Idempotency-Key), holding no lock and
 * no pooled connection while the matcher screens: admit (short transaction), screen, commit the
 * metering with the stored response (short transaction), or on failure give the reservation
 * and the claim back, so a refused or failed call records nothing. A screening with a
 * server-generated key on a plan without a hard cap needs neither: it is metered through
 * `meterUncapped` (the gateway's group commit).
 */
export async function screenOnce(
  pool: Pool,
  call: ScreenCall,
  execute: () => Promise<ScreeningResult>,
  meterUncapped: (event: UsageEvent) => Promise<unknown>,
): Promise<ScreenOutcome> {
  if (call.keyGenerated && hardCap(call.plan) === null) {
    const result = await execute();
    await meterUncapped({ orgId: call.orgId, kind: 'screen', eventKey: call.idempotencyKey, period: call.period });
    return { result, replayed: false };
  }
  const hash = requestHash(call.body);
  const deadline = Date.now() + DUPLICATE_WAIT_MS;
  for (;;) {
    const admission = await admit(pool, call, hash);
    if (admission.kind === 'replay') return { result: admission.result, replayed: true };
    if (admission.kind === 'admitted') {
      let result: ScreeningResult;
      try {
        result = await execute();
      } catch (err) {
        await abandonLogged(pool, call, admission.reservationId);
        throw err;
      }
      let committed: { stored: ScreeningResult | null };
      try {
        committed = await commitScreening(pool, call, hash, result, admission.reservationId);
      } catch (err) {
        await abandonLogged(pool, call, admission.reservationId);
        throw err;
      }
      if (committed.stored) return { result: committed.stored, replayed: true };
      return { result, replayed: false };
    }
    // The same key is being screened by another request: its stored response will answer this one too.
    if (Date.now() > deadline) {
      throw serviceUnavailable('A screening with this Idempotency-Key is still in progress. Retry with the same key to get its result.');
    }
    await new Promise((resolve) => setTimeout(resolve, DUPLICATE_POLL_MS));
  }
}
