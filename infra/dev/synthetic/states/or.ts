import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { titleCase } from '../text';
import { QuirkQuota, StateContext, StatePerson, WrittenFile, drawStateParties } from './common';

/**
 * Oregon Medicaid fraud convictions: the answer of the SharePoint list service (`Lists.asmx`,
 * SOAP `GetListItems` on the `Documents` library). Each conviction is a `<z:row>` whose hyperlink
 * field `ows_URL` is `<document url>, Last, First`; the library also holds items without it (a
 * folder, the page's own notice), which are no listings. People only, names with no dates.
 */
const SITE = 'https://www.oregon.gov/oha/FOD/PIAU';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function attributes(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `ows_${name}="${escapeXml(value)}"`)
    .join(' ');
}

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function convictionRow(context: StateContext, party: StatePerson, id: number, quirks: QuirkQuota): string {
  const { person } = party;
  const middle = person.middleName && quirks.want('middle initial', 0.3) ? ` ${person.middleName[0]}` : '';
  const last = titleCase(person.lastName);
  const first = `${titleCase(person.firstName)}${middle}`;
  const file = `${slug(last)}-${slug(first)}-${party.effectiveDate.slice(0, 4)}.pdf`;
  const url = `${SITE}/Documents/Convictions/${file}`;
  const modified = `${party.effectiveDate} ${String(8 + context.rng.int(9)).padStart(2, '0')}:00:00`;
  return `<z:row ${attributes({
    URL: `${url}, ${last}, ${first}`,
    LinkFilename: file,
    FileRef: `${id};#oha/FOD/PIAU/Documents/Convictions/${file}`,
    FSObjType: `${id};#0`,
    Modified: modified,
    ID: String(id),
  })} />`;
}

function otherItem(id: number, name: string, folder: boolean): string {
  return `<z:row ${attributes({
    LinkFilename: name,
    FileRef: `${id};#oha/FOD/PIAU/Documents/${name}`,
    FSObjType: `${id};#${folder ? 1 : 0}`,
    Modified: '2024-09-01 09:00:00',
    ID: String(id),
  })} />`;
}

export async function writeOregon(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const parties = drawStateParties(context, 'or', 0);
  // Oregon lists people only: an organization the draw made is no row of this list.
  for (const party of parties) if (party.kind === 'organization') context.written?.replace(party.organization, null);
  const people = parties.filter((party): party is StatePerson => party.kind === 'person');
  const rows = people.map((party, i) => convictionRow(context, party, i + 3, quirks));
  const items = [
    otherItem(1, 'Convictions', true),
    ...rows.slice(0, 1),
    otherItem(2, 'Medicaid-Fraud-Convictions-Notice.pdf', false),
    ...rows.slice(1),
  ];
  const answer = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">',
    '<soap:Body><GetListItemsResponse xmlns="http://schemas.microsoft.com/sharepoint/soap/"><GetListItemsResult>',
    '<listitems xmlns:s="uuid:BDC6E3F0-6DA3-11d1-A2A3-00AA00C14882" xmlns:dt="uuid:C2F41010-65B3-11d1-A29F-00AA00C14882" xmlns:rs="urn:schemas-microsoft-com:rowset" xmlns:z="#RowsetSchema">',
    `<rs:data ItemCount="${items.length}">`,
    ...items,
    '</rs:data>',
    '</listitems></GetListItemsResult></GetListItemsResponse></soap:Body></soap:Envelope>',
    '',
  ].join('\n');
  const path = join('states', 'or', 'convictions-getlistitems.xml');
  mkdirSync(dirname(join(context.outDir, path)), { recursive: true });
  writeFileSync(join(context.outDir, path), answer);
  return { source: 'state_or', path, format: 'state_or', rows: rows.length };
}
