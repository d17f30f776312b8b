import { join } from 'node:path';
import { addYears, usDate } from '../calendar';
import { writePdfTable } from '../pdf';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, otherSurname } from './common';

/**
 * Hawaii Med-QUEST Provider Exclusion/Reinstatement List (PDF, header on every page): entities
 * in the last-name column with no first name, `NONE` for no Medicaid provider id, `aka` inside a
 * name cell, `M/D/YY` dates among `MM/DD/YYYY` ones, reinstatement `Indefinite`, `-` or a date.
 */
const ORGANIZATION_TYPES = ['Adult Day Care', 'Home Health Agency', 'Pharmacy', 'Transportation', 'Durable Medical Equipment'];

function shortDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${Number(m)}/${Number(d)}/${y.slice(2)}`;
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): string[] {
  const { rng } = context;
  const dateText = (iso: string): string => (quirks.want('two-digit year', 0.25) ? shortDate(iso) : usDate(iso));
  const providerId = rng.chance(0.55) ? 'NONE' : String(100_000 + rng.int(900_000));
  const reinstated = quirks.want('reinstated', 0.12)
    ? dateText(addYears(party.effectiveDate, 3 + rng.int(5)))
    : rng.pick(['Indefinite', '-']);
  const dates = [dateText(party.effectiveDate), reinstated];
  if (party.kind === 'organization') {
    return [party.organization.legalName, '', '', providerId, rng.pick(ORGANIZATION_TYPES), ...dates];
  }
  const { person } = party;
  const maiden = otherSurname(person);
  const last = maiden && quirks.want('surname aka', 0.15) ? `${person.lastName} aka ${maiden}` : person.lastName;
  const nickname = person.aliases.find((a) => a.endsWith(` ${person.lastName}`) && a.split(' ').length === 2)?.split(' ')[0];
  const first =
    nickname && nickname !== person.firstName && quirks.want('first name aka', 0.1)
      ? `${person.firstName} aka ${nickname}`
      : person.firstName;
  const middle = person.middleName ? person.middleName[0] : '';
  return [last.toUpperCase(), first.toUpperCase(), middle.toUpperCase(), providerId, person.providerType, ...dates];
}

export async function writeHawaii(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'hi', 0.05).map((party) => row(context, party, quirks));
  const path = join('states', 'hi', 'med-prov-excl-rein-list.pdf');
  await writePdfTable(
    join(context.outDir, path),
    {
      title: ["State of Hawai'i Department of Human Services, Med-QUEST Division", 'Medicaid Provider Exclusion/Reinstatement List'],
      columns: [
        { header: 'Last Name or Business Name', width: 170 },
        { header: 'First Name', width: 90 },
        { header: 'Middle Initial', width: 45 },
        { header: 'Medicaid Provider ID', width: 70 },
        { header: 'Last Known Program or Provider Type', width: 150 },
        { header: 'Exclusion Date', width: 70 },
        { header: 'Reinstatement Date', width: 75 },
      ],
      rows: rows.map((cells) => ({ cells })),
      headerOnEveryPage: true,
      landscape: true,
    },
    context.modified,
  );
  return { source: 'state_hi', path, format: 'state_hi', rows: rows.length };
}
