import { join } from 'node:path';
import { usDate } from '../calendar';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, aliasMarker, drawStateParties, extraNpi, npiOf, withDba } from './common';

/** SCDHHS excluded providers (XLSX, 2 title rows): alias markers inside the name, "Not Found" and multi-valued NPIs. */
function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  let npi = npiOf(party) ?? 'Not Found';
  if (npiOf(party) && quirks.want('multi npi', 0.04)) npi = `${npi}${rng.pick([' ', ', ', '/'])}${extraNpi(context)}`;
  const place = [party.address.city, party.address.state, party.address.zip5];
  if (party.kind === 'organization') {
    const { organization } = party;
    const name =
      organization.dbaNames.length > 0 && quirks.want('dba', 0.6)
        ? withDba(rng, organization.legalName, organization.dbaNames[0])
        : organization.legalName;
    return [name, npi, rng.pick(['Pharmacy', 'Home Health', 'DME', 'Transportation']), ...place, excelDate(party.effectiveDate)];
  }
  const { person } = party;
  let name = `${person.firstName}${person.middleName ? ` ${person.middleName[0]}.` : ''} ${person.lastName}`;
  const alias = person.aliases[0];
  if (alias && quirks.want('alias marker', 0.6)) name += ` ${aliasMarker(rng)} ${alias}`;
  if (person.credential && quirks.want('credential glued', 0.08)) name += `, ${person.credential}`;
  return [name, npi, person.providerType, ...place, rng.chance(0.8) ? excelDate(party.effectiveDate) : usDate(party.effectiveDate)];
}

export async function writeSouthCarolina(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'sc').map((party) => row(context, party, quirks));
  const path = join('states', 'sc', 'excluded-providers.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Excluded Providers',
        rows: [
          ['South Carolina Department of Health and Human Services'],
          [`Excluded Providers - updated ${usDate(context.universe.asOf)}`],
          ['Individual/Entity', 'NPI', 'Last Known Profession/Provider Type', 'City', 'State', 'Zip', 'Date Excluded'],
          ...rows,
        ],
      },
    ],
    context.modified,
  );
  return { source: 'state_sc', path, format: 'state_sc', rows: rows.length };
}
