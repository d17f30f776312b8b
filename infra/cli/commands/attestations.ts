import type { Command } from 'commander';
import { createPool } from '../../base/db/pool';
import { attestationSigningKey } from '../../base/config';
import { attestationCsv, attestationFor, publicKeyPem, verifyAttestations } from '../../../activities/reviews';
import { withPool } from './withPool';

/** screenctl attestation show | verify | public-key: the monthly attestations of the reviews of potential matches. */
export function registerAttestationCommands(program: Command): void {
  const attestation = program.command('attestation').description('Monthly attestations: print, verify the hash chain and signatures.');

  attestation
    .command('show <orgId> <month>')
    .description("Print an organization's attestation of a closed month (YYYY-MM), building it if it is not yet built.")
    .option('--csv', 'print the CSV export instead of JSON')
    .action((orgId: string, month: string, opts: { csv?: boolean }) =>
      withPool(createPool, async (pool) => {
        if (!/^[0-9]{4}-(0[1-9]|1[0-2])$/.test(month)) throw new Error(`month must be YYYY-MM, not ${month}`);
        const outcome = await attestationFor(pool, orgId, month, attestationSigningKey());
        if (!outcome.ok) {
          const why = {
            month_open: 'the month has not closed yet',
            before_organization: 'the organization did not exist then',
            no_organization: 'no such organization',
          };
          throw new Error(`no attestation of ${month}: ${why[outcome.reason]}`);
        }
        process.stdout.write(opts.csv ? attestationCsv(outcome.attestation) : `${JSON.stringify(outcome.attestation, null, 2)}\n`);
      }),
    );

  attestation
    .command('verify <orgId>')
    .description(
      "Verify every attestation of an organization: hashes, the chain to the previous month, the service key's signatures. Exits 1 on a failure.",
    )
    .action((orgId: string) =>
      withPool(createPool, async (pool) => {
        const check = await verifyAttestations(pool, orgId, attestationSigningKey());
        for (const m of check.months) process.stdout.write(`${m.month} ${m.ok ? 'ok' : `FAILED: ${m.problems.join('; ')}`}\n`);
        process.stdout.write(check.ok ? `verified ${check.months.length} month(s)\n` : 'verification failed\n');
        if (!check.ok) process.exitCode = 1;
      }),
    );

  attestation
    .command('public-key')
    .description("Print the service key's public key (SPKI PEM) and id, for an auditor to verify signatures with.")
    .action(() => {
      const key = attestationSigningKey();
      process.stdout.write(`key id ${key.keyId}\n${publicKeyPem(key)}`);
    });
}
