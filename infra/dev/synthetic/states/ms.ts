import { join } from 'node:path';
import { usDate } from '../calendar';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, extraNpi, npiOf, reasonFor } from './common';

/**
 * Mississippi Division of Medicaid Sanctioned Provider List (XLSX, Sheet1): 8 title rows,
 * two-line headers (one misnumbered "Address Line 12"), organization and person names in
 * separate columns (some rows fill both), space-separated NPIs, dates as Excel dates or in
 * the text forms `03.15.24` and `March 15, 2024`, `2999-12-31` for an indefinite end.
 */
const HEADER = [
  null,
  'Provider Entity \n(Org/Ind)',
  'Provider Organization Name\n (Applicable for Organizations Only)',
  'Provider First Name\n(Applicable for Individuals Only)',
  'Provider Last Name\n(Applicable for Individuals Only)',
  'Provider MI Name\n(Applicable for Individuals Only)',
  'Provider Suffix Name\n(Applicable for Individuals Only)',
  'Date of Birth',
  'NPI',
  'Medicaid ID',
  'Provider Type',
  'Provider Speciality',
  'Provider Address Line 12',
  'Provider Address Line 2',
  'City',
  'State',
  'Zipcode',
  'Termination Effective Date',
  'Termination End Date',
  'Termination Reason',
  'Sanction Type',
  'Exclusion Period',
  'Role',
  'Additional Notes',
];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function dateCell(context: StateContext, iso: string, quirks: QuirkQuota): CellValue {
  const [year, month, day] = iso.split('-');
  if (quirks.want('dotted date', 0.05)) return `${month}.${day}.${year.slice(2)}`;
  if (quirks.want('month-name date', 0.05)) return `${MONTHS[Number(month) - 1]} ${Number(day)}, ${year}`;
  return context.rng.chance(0.85) ? excelDate(iso) : usDate(iso);
}

function personCells(party: StateParty, quirks: QuirkQuota): CellValue[] {
  if (party.kind === 'person') {
    const { person } = party;
    return [person.firstName, person.lastName, person.middleName?.[0] ?? null, person.suffix, excelDate(person.dateOfBirth)];
  }
  const owner = party.organization.ownerName?.split(' ') ?? [];
  if (owner.length < 2 || !quirks.want('organization and person', 0.2)) return [null, null, null, null, null];
  return [owner[0], owner[owner.length - 1], null, null, null];
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const { address } = party;
  const npi = npiOf(party);
  const npiCell = npi && quirks.want('two npis', 0.05) ? `${npi} ${extraNpi(context)}` : (npi ?? '');
  const isOrganization = party.kind === 'organization';
  const end = quirks.want('indefinite end', 0.7) ? rng.pick<CellValue>(['2999-12-31', excelDate('2999-12-31')]) : null;
  return [
    null,
    isOrganization ? 'Organization' : 'Individual',
    isOrganization ? party.organization.legalName : null,
    ...personCells(party, quirks),
    npiCell,
    String(10000000 + rng.int(90000000)),
    isOrganization ? rng.pick(['Home Health Agency', 'Pharmacy', 'DME Supplier']) : party.person.providerType,
    isOrganization ? null : rng.pick(['General Practice', 'Family Medicine', 'Nursing', 'Counseling']),
    address.line1,
    address.line2 || null,
    address.city,
    address.state,
    address.zip5,
    dateCell(context, party.effectiveDate, quirks),
    end,
    reasonFor(rng),
    rng.pick(['Termination', 'Exclusion', 'Revocation']),
    end ? 'Indefinite' : null,
    isOrganization ? 'Billing' : rng.pick(['Rendering', 'Billing', 'Ordering']),
    rng.chance(0.1) ? 'See OIG exclusion' : null,
  ];
}

export async function writeMississippi(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'ms', 0.4).map((party) => row(context, party, quirks));
  const path = join('states', 'ms', 'sanctioned-provider-list.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Sheet1',
        rows: [
          ['Mississippi Division of Medicaid'],
          ['Sanctioned Provider List'],
          [null],
          ['Refer to Miss. Code Ann. 43-13-121 and 42 CFR 455.416.'],
          ['Excluded individuals and entities are not allowed to receive reimbursement in any capacity.'],
          [null],
          [`Updated ${usDate(context.universe.asOf)}`],
          [null],
          HEADER,
          ...rows,
        ],
      },
    ],
    context.modified,
  );
  return { source: 'state_ms', path, format: 'state_ms', rows: rows.length };
}
