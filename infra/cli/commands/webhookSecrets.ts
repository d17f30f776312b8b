import type { Command } from 'commander';
import { webhookSecretKeys } from '../../base/config';
import { createPool } from '../../base/db/pool';
import { reencryptSecrets } from '../../../activities/webhooks';
import { withPool } from './withPool';

/**
 * screenctl webhook-secrets status|reencrypt: the envelope keys of webhook signing secrets
 * (WEBHOOK_SECRET_KEYS). `reencrypt` encrypts, under the first key, every secret still plain
 * (rows written before encryption at rest) or under another key id, in batches; run it
 * after adding a new key first in the list, and remove the old key only once `status` shows no
 * secret under it. It prints counts and key ids only, never a key or a secret.
 */
export function registerWebhookSecretsCommands(program: Command): void {
  const secrets = program.command('webhook-secrets').description('Webhook signing secrets at rest: their envelope keys and re-encryption.');

  secrets
    .command('status')
    .description('How many endpoint secrets are stored under each key id (and how many are still plain).')
    .option('--json', 'JSON instead of lines')
    .action((opts: { json?: boolean }) =>
      withPool(createPool, async (pool) => {
        const keys = webhookSecretKeys();
        const { rows } = await pool.query<{ key_id: string; n: number }>(
          "SELECT coalesce(secret_key_id, '(plain)') AS key_id, count(*)::int AS n FROM webhook_endpoints GROUP BY 1 ORDER BY 1",
        );
        const counts = Object.fromEntries(rows.map((r) => [r.key_id, r.n]));
        if (opts.json) process.stdout.write(`${JSON.stringify({ currentKeyId: keys.currentKeyId, counts }, null, 2)}\n`);
        else {
          process.stdout.write(`current key id: ${keys.currentKeyId}\n`);
          for (const r of rows)
            process.stdout.write(
              `${r.key_id.padEnd(20)} ${r.n}${r.key_id !== '(plain)' && !keys.keys.has(r.key_id) ? '  (key not configured!)' : ''}\n`,
            );
        }
      }),
    );

  secrets
    .command('reencrypt')
    .description('Encrypts every secret still plain or under another key id under the first key of WEBHOOK_SECRET_KEYS, in batches.')
    .option('--batch-size <n>', 'rows per transaction (default 500)', '500')
    .action((opts: { batchSize: string }) =>
      withPool(createPool, async (pool) => {
        const keys = webhookSecretKeys();
        const batchSize = Math.min(10_000, Math.max(1, Number(opts.batchSize) || 500));
        const result = await reencryptSecrets(pool, keys, batchSize, (done) => process.stderr.write(`re-encrypted ${done}\n`));
        process.stdout.write(
          `${result.reencrypted} secret(s) re-encrypted under key id ${keys.currentKeyId}; ${result.remaining} not under it\n`,
        );
        if (result.remaining > 0) {
          process.stdout.write(
            'those were locked by a rotation meanwhile (run again) or are under a key id WEBHOOK_SECRET_KEYS does not hold (see status)\n',
          );
          process.exitCode = 1;
        }
      }),
    );
}
