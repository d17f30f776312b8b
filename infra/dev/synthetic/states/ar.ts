import { join } from 'node:path';
import { quoteMinimalLine } from '../csv';
import { writeLines } from '../lineWriter';
import { titleCase } from '../text';
import {
  QuirkQuota,
  StateContext,
  StateParty,
  WrittenFile,
  aliasMarker,
  drawStateParties,
  middleVariant,
  otherSurname,
  withDba,
} from './common';

/** Arkansas excluded providers (CSV, raw headers): `LAST, FIRST` names, aka inside the last name, glued d/b/a. */
const HEADER = ['Division', 'Provider Name', 'Facility Name', 'City', 'State', 'Zip'];
const DIVISIONS = ['DMS', 'DMS', 'DMS', 'DPSQA', 'DCFS', 'DDS', 'DAABHS'];

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): string[] {
  const { rng } = context;
  const place = [party.address.city, party.address.state, party.address.zip5];
  if (party.kind === 'organization') {
    const { organization } = party;
    const facility =
      organization.dbaNames.length > 0 && quirks.want('org dba', 0.5)
        ? withDba(rng, organization.legalName, organization.dbaNames[0])
        : organization.legalName;
    return [rng.pick(DIVISIONS), '', facility, ...place];
  }
  const { person } = party;
  const maiden = otherSurname(person);
  const last = maiden && quirks.want('aka in last name', 0.5) ? `${person.lastName} ${aliasMarker(rng)} ${maiden}` : person.lastName;
  const middle = middleVariant(rng, person);
  const name = `${last}, ${person.firstName}${middle ? ` ${middle}` : ''}`;
  // Facility names often start with the person's own name and glue d/b/a to the business.
  const facility = quirks.want('person dba glued', 0.08)
    ? withDba(
        rng,
        titleCase(`${person.firstName} ${person.lastName}`),
        `${rng.pick(['Sunny Day', 'Little Steps', 'Bright Start', 'Happy Hearts'])} ${rng.pick(['Daycare', 'Montessori', 'Home Care', 'Learning Center'])}`,
        true,
      )
    : '';
  return [rng.pick(DIVISIONS), name, facility, ...place];
}

export async function writeArkansas(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'ar', 0.25).map((party) => row(context, party, quirks));
  const path = join('states', 'ar', 'excluded-providers.csv');
  await writeLines(join(context.outDir, path), [HEADER.join(','), ...rows.map(quoteMinimalLine)], '\n');
  return { source: 'state_ar', path, format: 'state_ar', rows: rows.length };
}
