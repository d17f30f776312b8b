import { join } from 'node:path';
import { dayOf, isoOf } from '../calendar';
import { writeLegacyWorkbook, type XlsCell } from '../xls';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, npiOf } from './common';

/**
 * Florida AHCA Medicaid Program Integrity final orders (`FOReport.xls`, legacy BIFF8): one row per
 * final order. Most orders are fines (with a fine amount and violation codes) or close a case with
 * no sanction; only SUSPENSION and TERMINATION rows bar a provider. A provider suspended now often
 * has an earlier fine row too. Only the suspended and terminated are told to the written log.
 */
/** The report's header row, as AHCA writes it (the tests of the FL adapter write it too). */
export const FL_FINAL_ORDERS_HEADER = [
  'Provider',
  'Medicaid Provider Number',
  'License Number',
  'NPI Number',
  'Provider Type',
  'Date Rendered',
  'Sanction Type',
  'Violation Code',
  'Fine Amount',
  'Sanction Date',
  'AHCA Case Number',
  'Formal/Informal Case Number',
  'Document Type',
];
const VIOLATION_CODES = ['409.913(15)(c)', '409.913(15)(e)', '409.913(16)(c)', '59G-9.070(7)(e)', '59G-9.070(7)(a)'];
const ORGANIZATION_TYPES = ['Pharmacy', 'Home Health Agency', 'Durable Medical Equipment', 'Transportation', 'Assisted Living Facility'];

type Order = 'SUSPENSION' | 'TERMINATION' | 'FINE' | 'NONE';

function providerName(party: StateParty): string {
  if (party.kind === 'organization') return party.organization.legalName;
  const { person } = party;
  return `${person.lastName}, ${person.firstName}${person.middleName ? ` ${person.middleName[0]}` : ''}`.toUpperCase();
}

function orderRow(context: StateContext, party: StateParty, order: Order, sanctionDate: string, caseNumber: number): XlsCell[] {
  const { rng } = context;
  const fine = order === 'FINE';
  const rendered = isoOf(dayOf(sanctionDate) - 10 - rng.int(40));
  return [
    providerName(party),
    String(100_000_000 + rng.int(900_000_000)).slice(0, 9),
    party.kind === 'person' ? `${rng.pick(['ME', 'RN', 'ARNP', 'PS'])}${10_000 + rng.int(90_000)}` : '',
    npiOf(party) ?? '',
    party.kind === 'person' ? party.person.providerType : rng.pick(ORGANIZATION_TYPES),
    { date: rendered },
    order,
    fine || rng.chance(0.5) ? rng.pick(VIOLATION_CODES) : '',
    fine ? Number((500 + rng.int(20_000)).toFixed(2)) : 0,
    { date: sanctionDate },
    `${sanctionDate.slice(0, 4)}${String(caseNumber).padStart(4, '0')}`,
    `${sanctionDate.slice(2, 4)}-${String(1000 + rng.int(9000))}${rng.pick(['MPI', 'MPI', 'PI'])}`,
    rng.pick(['Final Order', 'Final Order', 'Settlement Agreement', 'Final Order on Default']),
  ];
}

export async function writeFlorida(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const { rng } = context;
  const parties = drawStateParties(context, 'fl', 0.25);
  const rows: XlsCell[][] = [];
  let caseNumber = 1;
  for (const party of parties) {
    const drawn = party.kind === 'person' ? party.person : party.organization;
    if (quirks.want('suspension', 0.14)) {
      if (quirks.want('fine before suspension', 0.3))
        rows.push(orderRow(context, party, 'FINE', isoOf(dayOf(party.effectiveDate) - 200), caseNumber++));
      rows.push(orderRow(context, party, 'SUSPENSION', party.effectiveDate, caseNumber++));
    } else if (quirks.want('termination', 0.14)) {
      rows.push(orderRow(context, party, 'TERMINATION', party.effectiveDate, caseNumber++));
    } else {
      rows.push(orderRow(context, party, rng.chance(0.85) ? 'FINE' : 'NONE', party.effectiveDate, caseNumber++));
      // A fine or a closed case bars nobody: its reader rightly makes no entry of it.
      context.written?.replace(drawn, null);
    }
  }
  const path = join('states', 'fl', 'FOReport.xls');
  writeLegacyWorkbook(join(context.outDir, path), [{ name: 'FOReport', rows: [FL_FINAL_ORDERS_HEADER, ...rows] }], context.modified);
  return { source: 'state_fl', path, format: 'state_fl', rows: rows.length };
}
