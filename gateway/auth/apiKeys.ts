import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Pool } from 'pg';
import type { PlanKey } from '../billing/plans';
import type { OrgState } from '../orgs/organizations';
import { getOrganization } from '../orgs/organizations';

/**
 * API key format: `esk_<key id as 32 hex>_<43 base64url chars of secret>`. The id part
 * finds the row; the SHA-256 of the whole key is compared in constant time.
 */
const KEY_PATTERN = /^esk_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;

export interface IssuedKey {
  keyId: string;
  apiKey: string;
}

export interface KeyPrincipal {
  keyId: string;
  orgId: string;
  plan: PlanKey;
  orgState: OrgState;
}

export function hashApiKey(apiKey: string): Buffer {
  return createHash('sha256').update(apiKey, 'utf8').digest();
}

/** Splits a presented key; null when it is not in the issued format. */
export function parseApiKey(apiKey: string): { keyId: string } | null {
  const m = KEY_PATTERN.exec(apiKey);
  if (!m) return null;
  const hex = m[1];
  return { keyId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` };
}

/** Creates a key for the organization; the returned apiKey is the only copy ever shown. */
export async function issueApiKey(pool: Pool, orgId: string): Promise<IssuedKey> {
  await getOrganization(pool, orgId);
  const keyId = randomUUID();
  const apiKey = `esk_${keyId.replace(/-/g, '')}_${randomBytes(32).toString('base64url')}`;
  await pool.query('INSERT INTO api_keys (id, org_id, key_hash) VALUES ($1, $2, $3)', [keyId, orgId, hashApiKey(apiKey)]);
  return { keyId, apiKey };
}

/** Returns false when no live key has that id. */
export async function revokeApiKey(pool: Pool, keyId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(keyId)) return false;
  const { rowCount } = await pool.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [keyId]);
  return rowCount === 1;
}

/**
 * Resolves a presented key to its organization, plan and state, read fresh on every call
 * so plan and state changes apply to the next request. Null for unknown, revoked or
 * malformed keys.
 */
export async function resolveApiKey(pool: Pool, apiKey: string): Promise<KeyPrincipal | null> {
  const parsed = parseApiKey(apiKey);
  if (!parsed) return null;
  const { rows } = await pool.query<{ key_hash: Buffer; org_id: string; plan: PlanKey; state: OrgState }>({
    name: 'resolve_api_key',
    text: `SELECT k.key_hash, k.org_id, o.plan, o.state
             FROM api_keys k JOIN organizations o ON o.id = k.org_id
            WHERE k.id = $1 AND k.revoked_at IS NULL`,
    values: [parsed.keyId],
  });
  const row = rows[0];
  const presented = hashApiKey(apiKey);
  const stored = row?.key_hash ?? Buffer.alloc(presented.length);
  if (!timingSafeEqual(presented, stored) || !row) return null;
  return { keyId: parsed.keyId, orgId: row.org_id, plan: row.plan, orgState: row.state };
}
