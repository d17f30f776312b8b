import { join } from 'node:path';
import { addYears, dayOf } from '../calendar';
import { titleCase } from '../text';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, extraNpi, npiOf } from './common';

/** HCPF provider termination list (XLSX): sheets "Termination List" and "Reinstated Providers"; NPIs joined by "; ", "&" or " and ". */
const AUTHORITIES = ['10 CCR 2505-10 8.076.1', '42 CFR 455.416', 'OIG Exclusion', 'License Revocation', 'Failure to Revalidate'];

function name(party: StateParty): string {
  if (party.kind === 'organization') return party.organization.legalName;
  const { person } = party;
  return titleCase(`${person.firstName}${person.middleName ? ` ${person.middleName[0]}` : ''} ${person.lastName}`);
}

function npiCell(context: StateContext, party: StateParty, quirks: QuirkQuota): string {
  const npi = npiOf(party);
  if (!npi) return '';
  if (quirks.want('multi npi', 0.05)) return `${npi}${context.rng.pick(['; ', ' & ', ' and '])}${extraNpi(context)}`;
  return npi;
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const dba = party.kind === 'organization' ? (party.organization.dbaNames[0] ?? '') : '';
  return [name(party), npiCell(context, party, quirks), dba, excelDate(party.effectiveDate), context.rng.pick(AUTHORITIES)];
}

export async function writeColorado(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const parties = drawStateParties(context, 'co', 0.3);
  const reinstatedCount = Math.max(2, Math.round(parties.length * 0.12));
  const terminated = parties.slice(reinstatedCount).map((party) => row(context, party, quirks));
  const reinstated = parties.slice(0, reinstatedCount).map((party) => {
    context.written?.replace(party.kind === 'person' ? party.person : party.organization, null);
    const reinstatedOn = addYears(party.effectiveDate, 1 + context.rng.int(3));
    const date = dayOf(reinstatedOn) < dayOf(context.universe.asOf) ? reinstatedOn : context.universe.asOf;
    return [...row(context, party, quirks), excelDate(date)];
  });
  const header = ['Provider Name', 'NPI', 'Doing Business As Name', 'Termination Effective Date', 'Termination Authority'];
  const path = join('states', 'co', 'provider-termination-list.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      { name: 'Termination List', rows: [header, ...terminated] },
      { name: 'Reinstated Providers', rows: [[...header, 'Reinstatement Effective Date'], ...reinstated] },
    ],
    context.modified,
  );
  return { source: 'state_co', path, format: 'state_co', rows: terminated.length + reinstated.length };
}
