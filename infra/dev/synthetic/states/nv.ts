import { join } from 'node:path';
import { addYears, dayOf, isoOf, usDate } from '../calendar';
import { PdfTableRow, writePdfTable } from '../pdf';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, extraNpi, npiOf, tradeName } from './common';

/**
 * Nevada Medicaid provider exclusions and sanctions (PDF, landscape, header on every page):
 * `aka` / `dba` inside the name cell, two NPIs or a Nevada Medicaid id (`9005…`) stacked in the
 * NPI cell, two contract termination dates stacked, associated legal entities and controlling
 * persons (an individual provider controls itself), `Federal` tier rows that mirror an OIG
 * exclusion with its OIG dates, and a notice row across the table.
 */
const ORGANIZATION_TYPES = [
  'Personal Care Agency',
  'Behavioral Health Community Network',
  'Pharmacy',
  'Home Health Agency',
  'Non-Emergency Transportation',
];
const STATE_TIERS: ReadonlyArray<{ tier: string; period: string; years: number | null }> = [
  { tier: 'Tier 1', period: '1 Year', years: 1 },
  { tier: 'Tier 2', period: '3 Years', years: 3 },
  { tier: 'Tier 3', period: '5 Years', years: 5 },
  { tier: 'Tier 4', period: 'Permanent', years: null },
];
const NOTICE = 'Effective February 1, 2022, providers terminated for a federal exclusion are listed with the Federal tier.';

function medicaidId(context: StateContext): string {
  return `9005${String(context.rng.int(1_000_000)).padStart(6, '0')}`;
}

function nameCell(context: StateContext, party: StateParty, quirks: QuirkQuota): string {
  const { rng } = context;
  if (party.kind === 'organization') {
    const { organization } = party;
    return quirks.want('dba', 0.2)
      ? `${organization.legalName} ${rng.pick(['dba', 'DBA'])} ${tradeName(organization)}`
      : organization.legalName;
  }
  const { person } = party;
  const name = `${person.firstName}${person.middleName ? ` ${person.middleName[0]}` : ''} ${person.lastName}`;
  return person.aliases[0] && quirks.want('aka', 0.1) ? `${name} aka ${person.aliases[0]}` : name;
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): string[] {
  const { rng } = context;
  const npi = npiOf(party);
  const npiCell = quirks.want('medicaid id', 0.04)
    ? `${npi ?? extraNpi(context)}\n${medicaidId(context)}`
    : npi && quirks.want('two npis', 0.04)
      ? `${npi}\n${extraNpi(context)}`
      : (npi ?? '');
  const federal = party.fromLeie && rng.chance(0.6);
  const terminated = federal ? isoOf(dayOf(party.effectiveDate) + 30 + rng.int(120)) : party.effectiveDate;
  const termination = quirks.want('two termination dates', 0.03)
    ? `${usDate(terminated)}\n${usDate(isoOf(dayOf(terminated) + 60 + rng.int(300)))}`
    : usDate(terminated);
  const stateTier = rng.pick(STATE_TIERS);
  const tier = federal ? 'Federal' : stateTier.tier;
  const period = federal ? 'Indefinite' : stateTier.period;
  const end = federal || stateTier.years === null ? '' : usDate(addYears(terminated, stateTier.years));
  const oig = federal ? usDate(party.effectiveDate) : '';
  const name = nameCell(context, party, quirks);
  let associated = '';
  let controlling = '';
  let type: string;
  if (party.kind === 'organization') {
    type = rng.pick(ORGANIZATION_TYPES);
    controlling = party.organization.ownerName ?? (rng.chance(0.6) ? personName(context) : '');
  } else {
    type = party.person.providerType;
    if (quirks.want('associated entity', 0.3)) associated = context.organizations.next().legalName;
    if (rng.chance(0.5)) controlling = name.replace(/ aka .*$/, '');
  }
  return [name, npiCell, rng.pick(['Yes', 'No']), type, associated, controlling, termination, tier, period, end, oig, ''];
}

function personName(context: StateContext): string {
  const person = context.persons.next();
  return `${person.firstName} ${person.lastName}`;
}

export async function writeNevada(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const records = drawStateParties(context, 'nv', 0.35).map((party) => row(context, party, quirks));
  // The notice sits among the records, never right under a header (where it would read as a wrapped header cell).
  const rows: PdfTableRow[] = records.map((cells) => ({ cells }));
  rows.splice(1, 0, { heading: NOTICE });
  const path = join('states', 'nv', 'nv-exclusion-list.pdf');
  await writePdfTable(
    join(context.outDir, path),
    {
      title: ['Nevada Medicaid Provider Exclusions and Sanctions'],
      columns: [
        { header: 'Excluded Providers, Entities and/or Individuals', width: 120 },
        { header: 'Sanctioned/ Excluded NPI', width: 52 },
        { header: 'Medicaid Provider', width: 40 },
        { header: 'Provider Type', width: 66 },
        { header: 'Associated Legal Entity', width: 82 },
        { header: 'Persons with Controlling Interest of 5% or More', width: 76 },
        { header: 'Contract Termination Date', width: 50 },
        { header: 'Nevada Medicaid Sanction Tier', width: 50 },
        { header: 'Nevada Medicaid Sanction Period', width: 50 },
        { header: 'Nevada Medicaid Sanction Period End Date', width: 50 },
        { header: 'OIG Exclusion Date', width: 46 },
        { header: 'OIG Reinstate Date', width: 46 },
      ],
      rows,
      headerOnEveryPage: true,
      landscape: true,
      fontSize: 7,
    },
    context.modified,
  );
  return { source: 'state_nv', path, format: 'state_nv', rows: records.length };
}
