import { readFile } from 'node:fs/promises';
import type { Element } from 'domhandler';
import { findAll } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { ArtifactFormatError } from '../types';
import type { SharePointRowsOptions } from './mapping';

/** The rows of a SharePoint list service answer as one sheet: the header row (field names), then one row per item. */
export interface SharePointSheet {
  rows: { cells: string[]; line: number }[];
  bytes: number;
}

/** SharePoint writes each field of an item as an attribute `ows_<Field>`. */
const FIELD_PREFIX = 'ows_';

/**
 * A hyperlink field holds `<url>, <description>` (a comma inside the URL is doubled): the URL
 * keeps the field's name, the description becomes `<field>_description`.
 */
function splitUrlField(value: string): [string, string] {
  const at = value.replace(/,,/g, '\u0000\u0000').indexOf(', ');
  if (at < 0) return [value.replace(/,,/g, ','), ''];
  return [value.slice(0, at).replace(/,,/g, ','), value.slice(at + 2).trim()];
}

/**
 * Reads the SOAP answer of SharePoint's `Lists.asmx` `GetListItems` (OR): every `<z:row>` under
 * `<rs:data>` is an item, its `ows_*` attributes the fields. Items without the `listingField`
 * (folders, pages of the same library) are no listings and are left out. An answer that is not
 * XML, a SOAP fault, or one with no `rs:data` element refuses the artifact.
 */
export async function readSharePointRows(path: string, options: SharePointRowsOptions): Promise<SharePointSheet> {
  const bytes = await readFile(path);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!/^\s*<(\?xml|[\w:]*Envelope)/.test(text)) throw new ArtifactFormatError('not a SharePoint list service answer: the file is not XML');
  const document = parseDocument(text, { xmlMode: true, decodeEntities: true });
  const byName = (name: string) => findAll((el: Element) => el.name.toLowerCase() === name, document.children);
  const fault = byName('soap:fault')[0] ?? byName('faultstring')[0];
  if (fault) throw new ArtifactFormatError('the SharePoint list service answered with a SOAP fault');
  if (byName('rs:data').length === 0) throw new ArtifactFormatError('not a GetListItems answer: no rs:data element');
  const items = byName('z:row');
  const urlFields = new Set((options.urlFields ?? []).map((f) => f.toLowerCase()));
  const header: string[] = [];
  const records: Record<string, string>[] = [];
  const listingField = options.listingField.toLowerCase();
  for (const item of items) {
    const record: Record<string, string> = {};
    for (const [attribute, value] of Object.entries(item.attribs)) {
      if (!attribute.startsWith(FIELD_PREFIX)) continue;
      const field = attribute.slice(FIELD_PREFIX.length);
      if (urlFields.has(field.toLowerCase())) {
        const [url, description] = splitUrlField(value);
        record[field] = url;
        record[`${field}_description`] = description;
      } else {
        record[field] = value;
      }
    }
    if (!Object.keys(record).some((field) => field.toLowerCase() === listingField && record[field].trim())) continue;
    for (const field of Object.keys(record)) if (!header.includes(field)) header.push(field);
    records.push(record);
  }
  const rows = [{ cells: header, line: 0 }, ...records.map((record, i) => ({ cells: header.map((f) => record[f] ?? ''), line: i + 1 }))];
  return { rows, bytes: bytes.length };
}
