import { join } from 'node:path';
import { usDate } from '../calendar';
import { titleCase } from '../text';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, cityStateZip, drawStateParties, npiOf } from './common';

/** Indiana FSSA terminated providers (XLSX): one title row, one name cell, a multi-line service-location address, a note row. */
function name(party: StateParty): string {
  if (party.kind === 'organization') return party.organization.legalName;
  const { person } = party;
  return titleCase(`${person.firstName}${person.middleName ? ` ${person.middleName[0]}` : ''} ${person.lastName}`);
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const npi = npiOf(party) ?? (quirks.want('npi n/a', 0.5) ? 'N/A' : '');
  const lines = [party.address.line1, party.address.line2, cityStateZip(party.address)].filter(Boolean);
  const date: CellValue = rng.chance(0.85) ? excelDate(party.effectiveDate) : usDate(party.effectiveDate);
  return [name(party), npi, lines.join('\n'), date];
}

export async function writeIndiana(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'in', 0.35).map((party) => row(context, party, quirks));
  const path = join('states', 'in', 'terminated-providers.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Terminated Providers',
        rows: [
          ['Indiana Health Coverage Programs - Terminated Providers'],
          ['Provider Name', 'National Provider Identification (NPI)', 'Service Location Address', 'Termination Effective Date'],
          ...rows,
          ['For purposes of this list, a provider is listed under the name it was enrolled with.', null, null, null],
        ],
      },
    ],
    context.modified,
  );
  return { source: 'state_in', path, format: 'state_in', rows: rows.length };
}
