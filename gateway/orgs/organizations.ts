import type { Pool } from 'pg';
import { isPlanKey, type PlanKey } from '../billing/plans';

export type OrgState = 'active' | 'read_only';
const ORG_STATES: readonly OrgState[] = ['active', 'read_only'];

export interface Organization {
  id: string;
  name: string;
  plan: PlanKey;
  state: OrgState;
}

class UnknownOrganizationError extends Error {
  constructor(orgId: string) {
    super(`no organization with id ${orgId}`);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function assertPlan(plan: string): asserts plan is PlanKey {
  if (!isPlanKey(plan)) throw new Error(`unknown plan "${plan}"`);
}

export async function createOrganization(pool: Pool, input: { name: string; plan: string }): Promise<Organization> {
  assertPlan(input.plan);
  const { rows } = await pool.query<Organization>(
    'INSERT INTO organizations (name, plan) VALUES ($1, $2) RETURNING id, name, plan, state',
    [input.name, input.plan],
  );
  return rows[0];
}

export async function getOrganization(pool: Pool, orgId: string): Promise<Organization> {
  if (!UUID.test(orgId)) throw new UnknownOrganizationError(orgId);
  const { rows } = await pool.query<Organization>('SELECT id, name, plan, state FROM organizations WHERE id = $1', [orgId]);
  if (!rows[0]) throw new UnknownOrganizationError(orgId);
  return rows[0];
}

/** Takes effect on the organization's next request: the plan is resolved on every call. */
export async function setOrganizationPlan(pool: Pool, orgId: string, plan: string): Promise<Organization> {
  assertPlan(plan);
  return update(pool, orgId, 'plan', plan);
}

export async function setOrganizationState(pool: Pool, orgId: string, state: string): Promise<Organization> {
  if (!(ORG_STATES as readonly string[]).includes(state)) throw new Error(`unknown state "${state}" (active or read_only)`);
  return update(pool, orgId, 'state', state);
}

async function update(pool: Pool, orgId: string, column: 'plan' | 'state', value: string): Promise<Organization> {
  if (!UUID.test(orgId)) throw new UnknownOrganizationError(orgId);
  // A state change pauses or resumes its monitoring (migration 7920): `state` on the right is the old one.
  const monitoring =
    column === 'state'
      ? `, monitoring_paused_at = CASE WHEN $2 = 'read_only' AND state <> 'read_only' THEN now() ELSE monitoring_paused_at END,
         monitoring_resumed_at = CASE WHEN $2 = 'active' AND state = 'read_only' THEN now() ELSE monitoring_resumed_at END`
      : '';
  const { rows } = await pool.query<Organization>(
    `UPDATE organizations SET ${column} = $2, updated_at = now()${monitoring} WHERE id = $1 RETURNING id, name, plan, state`,
    [orgId, value],
  );
  if (!rows[0]) throw new UnknownOrganizationError(orgId);
  return rows[0];
}
