import type { Command } from 'commander';
import { createPool } from '../../base/db/pool';
import { billingPeriod, isPeriod } from '../../../activities/metering';
import { usageSummary } from '../../../gateway/billing/usage';
import { getOrganization } from '../../../gateway/orgs/organizations';
import { withPool } from './withPool';

/** screenctl usage show ORG [--period YYYY-MM] */
export function registerUsageCommands(program: Command): void {
  const usage = program.command('usage').description('Metered usage and price per billing period.');

  usage
    .command('show <orgId>')
    .description('Print the usage summary (JSON, the same shape as GET /v1/usage).')
    .option('--period <YYYY-MM>', 'billing period (default: the current month, UTC)')
    .action((orgId: string, opts: { period?: string }) =>
      withPool(createPool, async (pool) => {
        const period = opts.period ?? billingPeriod(new Date());
        if (!isPeriod(period)) throw new Error(`--period must be YYYY-MM, got "${period}"`);
        const org = await getOrganization(pool, orgId);
        const summary = await usageSummary(pool, org.id, org.plan, period);
        process.stdout.write(`${JSON.stringify({ orgId: org.id, plan: org.plan, ...summary }, null, 2)}\n`);
      }),
    );
}
