import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { ScreeningResult } from '../../matcher/types';
import { invalidRequest } from '../errors';
import { hardCap, lockAllowance } from './allowance';
import type { PlanKey } from './plans';
import { recordUsageEvent, type UsageEvent } from '../../activities/metering';

export interface ScreenCall {
  orgId: string;
  plan: PlanKey;
  period: string;
  idempotencyKey: string;
  /** true when the server generated the key: no retry can carry it, so nothing to store or lock. */
  keyGenerated: boolean;
  body: unknown;
}

export interface ScreenOutcome {
  result: ScreeningResult;
  replayed: boolean;
}

/** Key order does not change the hash: the same entity sent twice is the same request. */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
    }
    return value;
  };
  return createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex');
}

/**
 * Runs one POST /screen exactly once per (organization, Idempotency-Key). A screening with a
 * server-generated key on a plan without a hard cap is metered through `meterUncapped` (the
 * gateway's group commit); every other one in its own transaction:
 * concurrent duplicates queue on a transaction-scoped advisory lock, a retry gets the stored
 * response unmetered, and the ledger row, the stored response and the allowance check commit
 * together, so a failed screening records nothing.
 */
export async function screenOnce(
  pool: Pool,
  call: ScreenCall,
  execute: () => Promise<ScreeningResult>,
  meterUncapped: (event: UsageEvent) => Promise<unknown>,
): Promise<ScreenOutcome> {
  const hash = requestHash(call.body);
  if (call.keyGenerated && hardCap(call.plan) === null) {
    // Nothing to store for a retry and no allowance to lock: only the metering, which may share a commit.
    const result = await execute();
    await meterUncapped({ orgId: call.orgId, kind: 'screen', eventKey: call.idempotencyKey, period: call.period });
    return { result, replayed: false };
  }
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const outcome = await screenInTransaction(client, call, hash, execute);
    await client.query('COMMIT');
    return outcome;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

async function screenInTransaction(client: PoolClient, call: ScreenCall, hash: string, execute: () => Promise<ScreeningResult>): Promise<ScreenOutcome> {
  if (!call.keyGenerated) {
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`screen:${call.orgId}:${call.idempotencyKey}`]);
    const { rows } = await client.query<{ request_hash: string; response: ScreeningResult }>(
      'SELECT request_hash, response FROM screen_responses WHERE org_id = $1 AND idempotency_key = $2',
      [call.orgId, call.idempotencyKey],
    );
    if (rows[0]) {
      if (rows[0].request_hash !== hash) {
        throw invalidRequest(
          { 'Idempotency-Key': ['already used with a different request body; use a new key for a different screening'] },
          'This Idempotency-Key was already used with a different request body.',
        );
      }
      return { result: rows[0].response, replayed: true };
    }
  }
  await lockAllowance(client, 'single_screening', call.orgId, call.plan, call.period);
  const result = await execute();
  await recordUsageEvent(client, { orgId: call.orgId, kind: 'screen', eventKey: call.idempotencyKey, period: call.period });
  if (!call.keyGenerated) {
    await client.query(
      'INSERT INTO screen_responses (org_id, idempotency_key, request_hash, response) VALUES ($1, $2, $3, $4)',
      [call.orgId, call.idempotencyKey, hash, JSON.stringify(result)],
    );
  }
  return { result, replayed: false };
}
