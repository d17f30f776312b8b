import type { Command } from 'commander';
import { createPool } from '../../base/db/pool';
import { PLAN_KEYS } from '../../../gateway/billing/plans';
import { createOrganization, setOrganizationPlan, setOrganizationState } from '../../../gateway/orgs/organizations';
import { setFourEyes } from '../../../activities/reviews';
import { withPool } from './withPool';

/** screenctl org create | set-plan | set-state */
export function registerOrgCommands(program: Command): void {
  const org = program.command('org').description('Organizations: create, change plan, set state.');

  org
    .command('create')
    .description('Create an organization.')
    .requiredOption('--name <name>', 'organization name (1 to 255 characters)')
    .requiredOption('--plan <plan>', `one of ${PLAN_KEYS.join('|')}`)
    .option('--json', 'print {"orgId": …}')
    .action((opts: { name: string; plan: string; json?: boolean }) =>
      withPool(createPool, async (pool) => {
        const created = await createOrganization(pool, { name: opts.name, plan: opts.plan });
        print(opts.json ? JSON.stringify({ orgId: created.id }) : `organization ${created.id} "${created.name}" on plan ${created.plan}`);
      }),
    );

  org
    .command('set-plan <orgId> <plan>')
    .description(`Change the plan (${PLAN_KEYS.join('|')}); applies to the next request.`)
    .action((orgId: string, plan: string) =>
      withPool(createPool, async (pool) => {
        const updated = await setOrganizationPlan(pool, orgId, plan);
        print(`organization ${updated.id} is on plan ${updated.plan}`);
      }),
    );

  org
    .command('set-state <orgId> <state>')
    .description('Set active or read_only (read-only keeps reads, refuses writes and screenings).')
    .action((orgId: string, state: string) =>
      withPool(createPool, async (pool) => {
        const updated = await setOrganizationState(pool, orgId, state);
        print(`organization ${updated.id} is ${updated.state}`);
      }),
    );

  org
    .command('four-eyes <orgId> <rule>')
    .description('Reviews of potential matches: off, confirmed_match (a second reviewer approves confirmed matches) or all.')
    .action((orgId: string, rule: string) =>
      withPool(createPool, async (pool) => {
        if (!(FOUR_EYES_RULES as readonly string[]).includes(rule))
          throw new Error(`four-eyes rule must be one of ${FOUR_EYES_RULES.join('|')}`);
        if (!(await setFourEyes(pool, orgId, rule as (typeof FOUR_EYES_RULES)[number]))) throw new Error(`no organization ${orgId}`);
        print(`organization ${orgId}: four eyes ${rule}`);
      }),
    );
}

const FOUR_EYES_RULES = ['off', 'confirmed_match', 'all'] as const;

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}
