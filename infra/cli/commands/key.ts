import type { Command } from 'commander';
import { createPool } from '../../base/db/pool';
import { issueApiKey, revokeApiKey } from '../../../gateway/auth/apiKeys';
import { withPool } from './withPool';

/** screenctl key issue | revoke */
export function registerKeyCommands(program: Command): void {
  const key = program.command('key').description('API keys: issue (shown once) and revoke.');

  key
    .command('issue')
    .description('Issue an API key for an organization; the key is printed once and only its hash is stored.')
    .requiredOption('--org <orgId>', 'organization id')
    .option('--json', 'print {"keyId": …, "apiKey": …}')
    .action((opts: { org: string; json?: boolean }) =>
      withPool(createPool, async (pool) => {
        const issued = await issueApiKey(pool, opts.org);
        process.stdout.write(
          opts.json ? `${JSON.stringify(issued)}\n` : `key id  ${issued.keyId}\napi key ${issued.apiKey}\n(shown once: store it now)\n`,
        );
      }),
    );

  key
    .command('revoke <keyId>')
    .description('Revoke an API key; its next request gets 401.')
    .action((keyId: string) =>
      withPool(createPool, async (pool) => {
        if (!(await revokeApiKey(pool, keyId))) throw new Error(`no live key with id ${keyId}`);
        process.stdout.write(`key ${keyId} revoked\n`);
      }),
    );
}
