import { join } from 'node:path';
import { usDate } from '../calendar';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, extraNpi, npiOf, otherSurname, reasonFor } from './common';

/**
 * Kansas KDHE termination list (XLSX): one title row; `/` between the names of one provider,
 * ` / ` or `, ` between DBA names (with `, Inc.` inside a name), `;` or line breaks between NPIs.
 */
function nameCell(party: StateParty, quirks: QuirkQuota): string {
  if (party.kind === 'organization') return party.organization.legalName;
  const { person } = party;
  const name = `${person.lastName}, ${person.firstName}${person.middleName ? ` ${person.middleName[0]}` : ''}`;
  const maiden = otherSurname(person);
  return maiden && quirks.want('second name', 0.5) ? `${name}/${maiden}, ${person.firstName}` : name;
}

function dbaCell(context: StateContext, party: StateParty, quirks: QuirkQuota): string {
  if (party.kind !== 'organization' || party.organization.dbaNames.length === 0) return 'N/A';
  const [first, ...rest] = party.organization.dbaNames;
  const names = [quirks.want('inc inside dba', 0.2) ? `${first}, Inc.` : first, ...rest];
  return names.join(context.rng.pick([' / ', ', ']));
}

function npiCell(context: StateContext, party: StateParty, quirks: QuirkQuota): string {
  const npi = npiOf(party);
  if (!npi) return 'N/A';
  if (quirks.want('several npis', 0.06)) return `${npi}${context.rng.pick(['; ', '\n'])}${extraNpi(context)}`;
  return npi;
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const providerType =
    party.kind === 'organization' ? rng.pick(['Home Health Agency', 'Pharmacy', 'DME', 'Clinic']) : party.person.providerType;
  const kmap = rng.chance(0.8) ? `${String(100000000 + rng.int(900000000))}${rng.pick(['A', 'B', 'C'])}` : 'N/A';
  const date: CellValue = rng.chance(0.85) ? excelDate(party.effectiveDate) : usDate(party.effectiveDate);
  return [
    nameCell(party, quirks),
    providerType,
    npiCell(context, party, quirks),
    kmap,
    dbaCell(context, party, quirks),
    date,
    rng.chance(0.5) ? reasonFor(rng) : null,
  ];
}

export async function writeKansas(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'ks', 0.35).map((party) => row(context, party, quirks));
  const path = join('states', 'ks', 'termination-list.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Termination List',
        rows: [
          ['KDHE-DHCF Kansas Medical Assistance Program Termination List'],
          ['Name', 'Provider Type', 'NPI', 'KMAP Provider #', 'D/B/A Business Name', 'Termination Date', 'Comments'],
          ...rows,
        ],
      },
    ],
    context.modified,
  );
  return { source: 'state_ks', path, format: 'state_ks', rows: rows.length };
}
