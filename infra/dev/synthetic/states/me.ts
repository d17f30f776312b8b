import { join } from 'node:path';
import { usDate } from '../calendar';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, otherSurname } from './common';

/**
 * MaineCare monthly exclusion report (XLSX): 26 report rows above the header, businesses in the
 * last-name column with no first name, four alias first/last name pairs, empty extra sheets.
 */
const HEADER = [
  'Provider Last Name',
  'Provider First Name',
  'Provider MI',
  'Provider Type',
  ...[1, 2, 3, 4].flatMap((n) => [`Alias First Name ${n}`, `Alias Last Name ${n}`]),
  'State Exclusion Start Date',
];

function reportRows(asOf: string): CellValue[][] {
  const rows: CellValue[][] = [
    ['Report ID: PI0008-PM'],
    ['MaineCare Services'],
    ['Monthly Exclusion Report'],
    [`Run Date: ${usDate(asOf)}`],
    [null],
    ['This report lists providers excluded from MaineCare. It may not include exclusions of the last 30 days.'],
    ['Search the MaineCare portal by name for recent exclusions.'],
  ];
  while (rows.length < 26) rows.push([null]);
  return rows;
}

function aliasPairs(party: StateParty, quirks: QuirkQuota): CellValue[] {
  const pairs: [string, string][] = [];
  if (party.kind === 'organization') {
    const owner = party.organization.ownerName?.split(' ') ?? [];
    if (owner.length >= 2 && quirks.want('business alias person', 0.3)) pairs.push([owner[0], owner[owner.length - 1]]);
  } else {
    const { person } = party;
    const maiden = otherSurname(person);
    if (maiden && quirks.want('maiden alias', 0.5)) pairs.push([person.firstName, maiden]);
    for (const alias of person.aliases) {
      const parts = alias.split(' ');
      if (pairs.length < 4 && parts.length === 2 && parts[1] === person.lastName && quirks.want('nickname alias', 0.5))
        pairs.push([parts[0], parts[1]]);
    }
  }
  const cells: CellValue[] = [];
  for (let i = 0; i < 4; i += 1) cells.push(pairs[i]?.[0] ?? null, pairs[i]?.[1] ?? null);
  return cells;
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const date: CellValue = context.rng.chance(0.9) ? excelDate(party.effectiveDate) : usDate(party.effectiveDate);
  if (party.kind === 'organization') {
    return [
      party.organization.legalName,
      null,
      null,
      context.rng.pick(['Pharmacy', 'Home Health', 'Other']),
      ...aliasPairs(party, quirks),
      date,
    ];
  }
  const { person } = party;
  const providerType = quirks.want('type other', 0.3) ? 'Other' : person.providerType;
  return [person.lastName, person.firstName, person.middleName?.[0] ?? null, providerType, ...aliasPairs(party, quirks), date];
}

export async function writeMaine(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'me', 0.03).map((party) => row(context, party, quirks));
  const path = join('states', 'me', 'PI0008-PM-monthly-exclusion-report.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      { name: 'PI0008-PM', rows: [...reportRows(context.universe.asOf), HEADER, ...rows] },
      { name: 'Sheet2', rows: [] },
      { name: 'Sheet3', rows: [] },
    ],
    context.modified,
  );
  return { source: 'state_me', path, format: 'state_me', rows: rows.length };
}
