import { join } from 'node:path';
import { addYears, usDate } from '../calendar';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, extraNpi, npiOf } from './common';

/**
 * Iowa HHS Medicaid Sanctions List (XLSX): one title row; enrollment type (with its typos),
 * organizations that also name a person, and end dates that are words as often as dates.
 */
const HEADER = [
  'Enrollment Type',
  'NPI',
  'Affiliated NPI',
  'State License Type',
  'State License Number',
  'First Name',
  'Last Name',
  'Legal Business Name',
  'Specialty',
  'Type of Sanction',
  'Effective Date',
  'Sanction End Date',
  'Authority',
  'Eligible to Reapply Date',
  null,
];
const SANCTIONS = ['Termination', 'Suspension', 'Exclusion', 'Payment Suspension'];
const AUTHORITIES = ['441 IAC 79.2(2)', '42 CFR 455.416', '42 CFR 455.23', 'Iowa Code 249A.50'];
const WORD_ENDS = ['Indefinite', 'Federal Authority', 'On Payment Plan', '1 year'];

function endCell(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue {
  if (quirks.want('word end', 0.6)) return context.rng.pick(WORD_ENDS);
  return excelDate(addYears(party.effectiveDate, 1 + context.rng.int(10)));
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const npi = npiOf(party) ?? 'N/A';
  const start: CellValue = rng.chance(0.9) ? excelDate(party.effectiveDate) : usDate(party.effectiveDate);
  const sanction = [rng.pick(SANCTIONS), start, endCell(context, party, quirks), rng.pick(AUTHORITIES)];
  const reapply = rng.chance(0.3) ? excelDate(addYears(party.effectiveDate, 5)) : null;
  if (party.kind === 'organization') {
    const affiliated = quirks.want('affiliated npi', 0.2) ? extraNpi(context) : null;
    const owner = party.organization.ownerName?.split(' ') ?? [];
    const named = owner.length >= 2 && quirks.want('organization names a person', 0.25);
    return [
      'Organization',
      npi,
      affiliated,
      'N/A',
      'N/A',
      named ? owner[0] : null,
      named ? owner[owner.length - 1] : null,
      party.organization.legalName,
      rng.pick(['Home Health Agency', 'Pharmacy', 'DME Supplier', 'Ambulance', 'Behavioral Health']),
      ...sanction,
      reapply,
      null,
    ];
  }
  const { person } = party;
  const enrollment = quirks.want('enrollment typo', 0.03) ? rng.pick(['Indivdual', 'Indvidual']) : 'Individual';
  const licenseType = rng.pick(['RN', 'LPN', 'MD', 'DO', 'PA', 'CNA', 'N/A']);
  const license = licenseType === 'N/A' ? 'N/A' : String(100000 + rng.int(900000));
  return [
    enrollment,
    npi,
    null,
    licenseType,
    license,
    person.firstName,
    person.lastName,
    null,
    person.providerType,
    ...sanction,
    reapply,
    null,
  ];
}

export async function writeIowa(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'ia', 0.3).map((party) => row(context, party, quirks));
  const path = join('states', 'ia', 'medicaid-sanctions-list.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [{ name: 'Sanctions', rows: [[`Iowa Medicaid Sanctions List - Updated ${usDate(context.universe.asOf)}`], HEADER, ...rows] }],
    context.modified,
  );
  return { source: 'state_ia', path, format: 'state_ia', rows: rows.length };
}
