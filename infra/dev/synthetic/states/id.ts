import { join } from 'node:path';
import { addYears, dayOf, usDate } from '../calendar';
import { writePdfTable } from '../pdf';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties } from './common';

/**
 * Idaho Medicaid provider exclusion list (PDF): five columns under a header wrapped over three
 * lines (`Exclusion` / `Start` / `Date`), names as `LAST, FIRST M` or a business (long ones wrap
 * in their narrow column), `Indefinite` where no reinstatement date is set, notes in the last column.
 */
const NOTES = [
  '',
  '',
  '',
  'Also excluded by HHS-OIG',
  'Conviction',
  'Licence revoked by the Board of Nursing',
  'Agreement with the Department',
];

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): string[] {
  const { rng } = context;
  const eligible = rng.chance(0.3) ? 'Indefinite' : usDate(addYears(party.effectiveDate, 1 + rng.int(5)));
  const reinstatedOn = addYears(party.effectiveDate, 2 + rng.int(3));
  const reinstated = dayOf(reinstatedOn) < dayOf(context.universe.asOf) && quirks.want('reinstated', 0.08) ? usDate(reinstatedOn) : '';
  const name =
    party.kind === 'organization'
      ? party.organization.legalName
      : `${party.person.lastName}, ${party.person.firstName}${party.person.middleName ? ` ${party.person.middleName[0]}` : ''}`.toUpperCase();
  return [name, usDate(party.effectiveDate), eligible, reinstated, rng.pick(NOTES)];
}

export async function writeIdaho(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'id', 0.15).map((party) => row(context, party, quirks));
  const path = join('states', 'id', 'ProviderExclusionList.pdf');
  await writePdfTable(
    join(context.outDir, path),
    {
      title: ['Idaho Department of Health and Welfare', 'Medicaid Provider Exclusion List'],
      columns: [
        { header: 'Name', width: 190 },
        { header: 'Exclusion Start Date', width: 55 },
        { header: 'Date Eligible for Reinstatement', width: 75 },
        { header: 'Date Reinstated', width: 55 },
        { header: 'Additional Information', width: 160 },
      ],
      rows: rows.map((cells) => ({ cells })),
      headerOnEveryPage: true,
    },
    context.modified,
  );
  return { source: 'state_id', path, format: 'state_id', rows: rows.length };
}
