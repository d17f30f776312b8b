import { join } from 'node:path';
import { usDate } from '../calendar';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, npiOf, otherSurname } from './common';

/**
 * Montana DPHHS excluded or terminated providers (XLSX): header on the first row, people as
 * `LAST, FIRST`, businesses without a comma, and `a.k.a. NAME` rows under a provider for its
 * other names.
 */
function rows(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[][] {
  const { rng } = context;
  const npi = npiOf(party) ?? '';
  const date: CellValue = rng.chance(0.85) ? excelDate(party.effectiveDate) : usDate(party.effectiveDate);
  if (party.kind === 'organization') {
    const name = party.organization.legalName.replace(/,/g, '');
    return [[name, rng.pick(['Pharmacy', 'Home Health Agency', 'DME Supplier']), npi, date, null]];
  }
  const { person } = party;
  const listed: CellValue[] = [`${person.lastName}, ${person.firstName}`, person.providerType, npi, date, null];
  const maiden = otherSurname(person);
  if (!maiden || !quirks.want('aka row', 0.3)) return [listed];
  const marker = rng.pick(['a.k.a. ', 'A.K.A. ', 'a.k.a ']);
  return [listed, [`${marker}${maiden}, ${person.firstName}`, null, null, null, null]];
}

export async function writeMontana(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const parties = drawStateParties(context, 'mt', 0.05);
  // Guarantee an a.k.a. row: the first person with another surname goes first.
  const withAlias = parties.findIndex((party) => party.kind === 'person' && otherSurname(party.person) !== null);
  if (withAlias > 0) parties.unshift(...parties.splice(withAlias, 1));
  const data = parties.flatMap((party) => rows(context, party, quirks));
  const path = join('states', 'mt', 'terminated-excluded-providers.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [{ name: 'Sheet1', rows: [['Terminated/Excluded Provider(s)', 'Healthcare Profession', 'NPI', 'Effective Date', null], ...data] }],
    context.modified,
  );
  return { source: 'state_mt', path, format: 'state_mt', rows: data.length };
}
