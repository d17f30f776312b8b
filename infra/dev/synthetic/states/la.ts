import { join } from 'node:path';
import { addYears, usDate } from '../calendar';
import { quoteMinimalLine } from '../csv';
import { writeLines } from '../lineWriter';
import {
  QuirkQuota,
  StateContext,
  StateParty,
  WrittenFile,
  aliasText,
  drawStateParties,
  firstNameVariant,
  npiOf,
  reasonFor,
  withDba,
} from './common';

/** LDH exclusion database (CSV): a report-date line above the header, leading spaces in header names, NRF and 9999 sentinels. */
const HEADER = [
  'First Name',
  ' Last Name or Entity Name',
  ' Birthdate',
  ' Affiliated Entity',
  ' Title or Provider Type',
  ' NPI#',
  ' State and Zip',
  ' Type of Exclusion',
  ' Reason for Exclusion',
  ' Reason for Termination',
  ' Period of Exclusion',
  ' Period of Enrollment Prohibition',
  ' Effective Date',
  ' Reinstate',
  ' Program Office',
];

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): string[] {
  const { rng } = context;
  const npi = npiOf(party) ?? 'NRF';
  const stateZip = `${party.address.state} ${party.address.zip5}`;
  const fromOig = party.fromLeie && rng.chance(0.7);
  const typeOfExclusion = fromOig ? 'OIG' : 'State';
  const terminated = !fromOig && rng.chance(0.3);
  const years = 1 + rng.int(10);
  const reinstate = rng.chance(0.8) ? '12/31/9999' : usDate(addYears(party.effectiveDate, years));
  const reason = fromOig ? '1128a1' : terminated ? '' : reasonFor(rng);
  const period = terminated ? '' : rng.chance(0.5) ? 'Indefinite' : `${years} Years`;
  const office = fromOig ? 'OIG' : rng.pick(['MFCU', 'PI', 'Medicaid', 'DHH']);
  if (party.kind === 'organization') {
    const { organization } = party;
    const name =
      organization.dbaNames.length > 0 && quirks.want('dba', 0.6)
        ? withDba(rng, organization.legalName, organization.dbaNames[0])
        : organization.legalName;
    return [
      '',
      name,
      '',
      organization.ownerName ? `${organization.ownerName.split(' ').pop()} HOLDINGS LLC` : '',
      rng.pick(['Home Health Agency', 'Pharmacy', 'DME Provider', 'Clinic']),
      npi,
      stateZip,
      typeOfExclusion,
      reason,
      terminated ? 'Failure to comply' : '',
      period,
      terminated ? `${years} Years` : '',
      usDate(party.effectiveDate),
      reinstate,
      office,
    ];
  }
  const { person } = party;
  const alias = aliasText(person);
  let first = firstNameVariant(rng, person);
  let last = person.lastName;
  if (alias && quirks.want('aka in name', 0.4)) {
    if (rng.chance(0.5)) first = `${first} (aka ${alias.split(' ')[0]})`;
    else last = `${last} aka ${alias.split(' ').pop()}`;
  }
  return [
    first,
    last,
    rng.chance(0.9) ? usDate(person.dateOfBirth) : '',
    '',
    person.credential ?? person.providerType,
    npi,
    stateZip,
    typeOfExclusion,
    reason,
    terminated ? 'Failure to comply' : '',
    period,
    terminated ? `${years} Years` : '',
    usDate(party.effectiveDate),
    reinstate,
    office,
  ];
}

export async function writeLouisiana(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'la').map((party) => row(context, party, quirks));
  const path = join('states', 'la', 'ldh-exclusions.csv');
  const reportLine = `Report Date: ${usDate(context.universe.asOf)}`;
  await writeLines(join(context.outDir, path), [reportLine, HEADER.join(','), ...rows.map(quoteMinimalLine)], '\r\n');
  return { source: 'state_la', path, format: 'state_la', rows: rows.length };
}
