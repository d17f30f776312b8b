import { join } from 'node:path';
import { quoteMinimalLine } from '../csv';
import { writeLines } from '../lineWriter';
import { Rng } from '../rng';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, extraNpi, middleVariant, npiOf } from './common';

/** Medi-Cal Suspended & Ineligible Provider List (CSV): N/A nulls, `;`-joined aliases and addresses. */
const HEADER = [
  'Last Name',
  'First Name',
  'Middle Name',
  'A.K.A.(also known as)/D.B.A.(doing business as)',
  'Address(es)',
  'Provider Type',
  'License Number',
  'Provider Number',
  'Date of Suspension',
  'Active Period',
];

function license(rng: Rng, prefix: string): string {
  return `${prefix}${rng.chance(0.5) ? ' ' : ''}${100000 + rng.int(900000)}`;
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): string[] {
  const { rng } = context;
  const address = `${party.address.line1}, ${party.address.city}, ${party.address.state} ${party.address.zip5}`;
  const addresses = quirks.want('two addresses', 0.1)
    ? `${address}; ${party.address.line1.replace(/^\d+/, String(1 + rng.int(999)))}, FRESNO, CA 93721`
    : address;
  const npi = npiOf(party);
  const numbers = [npi, quirks.want('legacy number', 0.2) ? `00A${String(rng.int(100000)).padStart(5, '0')}` : null].filter(
    Boolean,
  ) as string[];
  if (npi && quirks.want('second npi', 0.03)) numbers.push(extraNpi(context));
  const providerNumber = numbers.length > 0 ? numbers.join(', ') : 'N/A';
  const suspended = quirks.want('no date', 0.03) ? 'N/A' : party.effectiveDate;
  const period = rng.chance(0.9) ? 'Indefinite' : `${3 + rng.int(8)} Years`;
  if (party.kind === 'organization') {
    const { organization } = party;
    const aka = organization.dbaNames.length > 0 ? organization.dbaNames.join('; ') : 'N/A';
    return [
      organization.legalName,
      'N/A',
      'N/A',
      aka,
      addresses,
      rng.pick(['Pharmacy', 'Home Health Agency', 'Durable Medical Equipment', 'Clinic', 'Laboratory']),
      rng.chance(0.5) ? license(rng, 'PHY ') : 'N/A',
      providerNumber,
      suspended,
      period,
    ];
  }
  const { person } = party;
  const aliases = person.aliases.length > 0 ? person.aliases.join('; ') : 'N/A';
  const licenses = [license(rng, rng.pick(['A', 'G', 'RN', 'VN'])), ...(quirks.want('two licenses', 0.05) ? [license(rng, 'A')] : [])].join(
    ', ',
  );
  return [
    person.lastName,
    person.firstName,
    middleVariant(rng, person) || 'N/A',
    aliases,
    addresses,
    person.providerType,
    licenses,
    providerNumber,
    suspended,
    period,
  ];
}

export async function writeCalifornia(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'ca').map((party) => row(context, party, quirks));
  const path = join('states', 'ca', 'medi-cal-suspended-ineligible.csv');
  await writeLines(join(context.outDir, path), [HEADER.join(','), ...rows.map(quoteMinimalLine)], '\r\n');
  return { source: 'state_ca', path, format: 'state_ca', rows: rows.length };
}
