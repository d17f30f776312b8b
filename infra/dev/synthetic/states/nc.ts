import { join } from 'node:path';
import { usDate } from '../calendar';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, middleVariant, npiOf, reasonFor } from './common';

/** NC Medicaid State Excluded Provider List (XLSX): 6 junk rows, NPI column shared with atypical IDs, owner column. */
function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const npi = npiOf(party);
  const id = npi ?? (quirks.want('atypical id', 0.5) ? `A${String(rng.int(10_000_000)).padStart(7, '0')}` : 'N/A');
  const place = [party.address.city, party.address.state, party.address.zip5];
  const effective: CellValue = rng.chance(0.7) ? excelDate(party.effectiveDate) : usDate(party.effectiveDate);
  if (party.kind === 'organization') {
    const owner = party.organization.ownerName ?? (quirks.want('owner none', 0.1) ? 'NONE' : '');
    return [party.organization.legalName, id, owner, ...place, effective, reasonFor(rng)];
  }
  const { person } = party;
  const middle = middleVariant(rng, person);
  const name = `${person.firstName}${middle ? ` ${middle}` : ''} ${person.lastName}${person.suffix ? ` ${person.suffix}` : ''}`;
  return [name, id, '', ...place, effective, reasonFor(rng)];
}

export async function writeNorthCarolina(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'nc', 0.3).map((party) => row(context, party, quirks));
  const path = join('states', 'nc', 'state-excluded-provider-list.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Excluded Providers',
        rows: [
          ['NC Medicaid'],
          ['State Excluded Provider List'],
          [null],
          ['This list is updated monthly. Providers on this list are excluded from participation in NC Medicaid and NC Health Choice.'],
          ['Disclaimer: check the OIG LEIE and SAM.gov in addition to this list.'],
          [`As of ${usDate(context.universe.asOf)}`],
          [
            'Excluded Entity',
            'NPI/Atypical ID (Excluded)',
            'Ownership',
            'City',
            'State',
            'Zip Code',
            'Effective Date',
            'Reason for Exclusion',
          ],
          ...rows,
        ],
      },
    ],
    context.modified,
  );
  return { source: 'state_nc', path, format: 'state_nc', rows: rows.length };
}
