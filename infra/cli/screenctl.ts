import { Command } from 'commander';
import { registerOrgCommands } from './commands/org';
import { registerKeyCommands } from './commands/key';
import { registerUsageCommands } from './commands/usage';
import { registerListsCommands } from './commands/lists';
import { registerDeliveriesCommands } from './commands/deliveries';
import { registerWebhookSecretsCommands } from './commands/webhookSecrets';
import { registerAttestationCommands } from './commands/attestations';

/** `screenctl`: operator commands. Each command group lives in commands/<group>.ts. */
const program = new Command('screenctl')
  .description('Operate the Exclusion Screening Service: organizations, API keys, usage, lists and webhook deliveries.')
  .showHelpAfterError();

registerOrgCommands(program);
registerKeyCommands(program);
registerUsageCommands(program);
registerListsCommands(program);
registerDeliveriesCommands(program);
registerWebhookSecretsCommands(program);
registerAttestationCommands(program);

program.parseAsync(process.argv).catch((err: Error) => {
  process.stderr.write(`screenctl: ${err.message}\n`);
  process.exit(1);
});
