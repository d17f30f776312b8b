import { join } from 'node:path';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, npiOf } from './common';

/** OMIG exclusion list (XLSX): one full-name column, sometimes with the credential glued on ("SMITH, JOHN, MD"). */
function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const npi = npiOf(party) ?? (rng.chance(0.5) ? '' : '-');
  const license = rng.chance(0.5) ? String(rng.int(1_000_000)).padStart(6, '0') : '-';
  if (party.kind === 'organization') {
    return [
      party.organization.legalName,
      npi,
      rng.pick(['PHARMACY', 'DME', 'HOME HEALTH', 'CLINIC', 'TRANSPORTATION']),
      '-',
      excelDate(party.effectiveDate),
    ];
  }
  const { person } = party;
  let name = `${person.lastName}, ${person.firstName}${person.middleName ? ` ${person.middleName[0]}` : ''}`;
  if (person.suffix) name += ` ${person.suffix}`;
  if (person.credential && quirks.want('credential glued', 0.15))
    name += rng.chance(0.7) ? `, ${person.credential}` : ` (${person.credential})`;
  return [name, npi, person.providerType.toUpperCase(), license, excelDate(party.effectiveDate)];
}

export async function writeNewYork(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'ny').map((party) => row(context, party, quirks));
  const path = join('states', 'ny', 'omig-exclusion-list.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Exclusions',
        rows: [['Provider Name', 'NPI Num', 'Provider Type', 'License Num', 'Exclusion Effective Date'], ...rows],
      },
    ],
    context.modified,
  );
  return { source: 'state_ny', path, format: 'state_ny', rows: rows.length };
}
