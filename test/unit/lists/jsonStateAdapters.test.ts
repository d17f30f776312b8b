import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonRecords } from '../../../activities/lists/sources/states/jsonRecords';
import { ArtifactFormatError, type ListEntry } from '../../../activities/lists/sources/types';
import { scratchDir } from '../../fixtures/lists/builders';
import { byName, parseWith } from './parse';

const dir = scratchDir();

function jsonFile(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const record = (
  lastName: string,
  firstName: string,
  npi: string,
  date: string,
  reason = 'Terminated for cause',
): Record<string, string> => ({
  'Last Name': lastName,
  'First Name': firstName,
  NPI: npi,
  'Effective Date': date,
  Reason: reason,
});

const rowsOf = (entries: ListEntry[]): string[] => entries.map((e) => `${e.kind}:${e.name}`);

describe('state list engine: JSON records', () => {
  it('TN: the feed under "data", DD-Mon-YYYY and MM/DD/YYYY dates, an entity with no first name, N/A for no NPI', async () => {
    const path = jsonFile('tn.json', {
      data: [
        record('EXAMPLESON', 'JORDAN', '1000000012', '17-Mar-2025'),
        record('FICTIONAL FAMILY PRACTICE, PLLC', '', 'N/A', '01-NOV-2024', 'Failure to revalidate'),
        record('SAMPLEFIELD', 'DANA', '1200000036', '02/06/2024', 'License revoked'),
      ],
    });
    const { entries, report } = await parseWith('state_tn', path);
    expect(report).toMatchObject({ rows: 3, badRowCount: 0, invalidNpis: 0 });
    expect(rowsOf(entries)).toEqual([
      'person:JORDAN EXAMPLESON',
      'organization:FICTIONAL FAMILY PRACTICE, PLLC',
      'person:DANA SAMPLEFIELD',
    ]);
    expect(byName(entries, 'JORDAN EXAMPLESON')).toMatchObject({
      lastName: 'EXAMPLESON',
      firstName: 'JORDAN',
      npis: ['1000000012'],
      startDate: '2025-03-17',
      action: 'Terminated',
      state: 'TN',
    });
    expect(byName(entries, 'FICTIONAL FAMILY PRACTICE, PLLC')).toMatchObject({ npis: [], startDate: '2024-11-01', firstName: null });
    expect(byName(entries, 'DANA SAMPLEFIELD').startDate).toBe('2024-02-06');
    expect(byName(entries, 'DANA SAMPLEFIELD').raw).toEqual({
      'Last Name': 'SAMPLEFIELD',
      'First Name': 'DANA',
      NPI: '1200000036',
      'Effective Date': '02/06/2024',
      Reason: 'License revoked',
    });
  });

  it('TN: a record leaving a key out or holding null or a number reads as that cell; a nameless record is a bad row, numbered', async () => {
    const path = jsonFile('tn-gaps.json', {
      data: [
        { 'Last Name': 'MOCKRIDGE DRUGS INC', NPI: 1000000012, 'Effective Date': '05-Mar-2024', Reason: null },
        record('', '', '1200000036', '06-Mar-2024'),
        { ...record('PLACEHOLDT', 'ROBIN', 'N/A', '07-Mar-2024'), Extra: true },
      ],
    });
    const { entries, report } = await parseWith('state_tn', path);
    expect(report).toMatchObject({ rows: 3, badRowCount: 1, badRows: [{ row: 2, reason: 'row names no person and no organization' }] });
    expect(byName(entries, 'MOCKRIDGE DRUGS INC')).toMatchObject({ kind: 'organization', npis: ['1000000012'], startDate: '2024-03-05' });
    expect(byName(entries, 'MOCKRIDGE DRUGS INC').raw).not.toHaveProperty('Reason');
    expect(byName(entries, 'ROBIN PLACEHOLDT').raw).toMatchObject({ Extra: 'true' });
  });

  it('refuses malformed JSON, a missing or non-array records property, non-object records, nested values and the wrong keys', async () => {
    const refused: Array<[string, unknown, RegExp]> = [
      ['cut.json', '{"data": [{"Last Name": "EXAMPLESON", "First', /not JSON/],
      ['html.json', '<!DOCTYPE html><html><body>Access denied</body></html>', /not JSON/],
      ['no-data.json', { rows: [record('EXAMPLESON', 'JORDAN', '1000000012', '17-Mar-2025')] }, /no array of records under "data"/],
      ['data-object.json', { data: record('EXAMPLESON', 'JORDAN', '1000000012', '17-Mar-2025') }, /no array of records under "data"/],
      ['bare-array.json', [record('EXAMPLESON', 'JORDAN', '1000000012', '17-Mar-2025')], /no array of records under "data"/],
      ['string-record.json', { data: [record('EXAMPLESON', 'JORDAN', '1000000012', '17-Mar-2025'), 'SAMPLEFIELD'] }, /record 2 is string/],
      [
        'nested.json',
        { data: [{ ...record('EXAMPLESON', 'JORDAN', '1000000012', '17-Mar-2025'), NPI: ['1000000012'] }] },
        /"NPI" holds an array/,
      ],
      ['wrong-keys.json', { data: [{ last_name: 'EXAMPLESON', first_name: 'JORDAN', npi: '1000000012' }] }, /not the TN list layout/],
      ['empty.json', { data: [] }, /not the TN list layout/],
    ];
    for (const [name, content, message] of refused) {
      const attempt = parseWith('state_tn', jsonFile(name, content));
      await expect(attempt).rejects.toBeInstanceOf(ArtifactFormatError);
      await expect(attempt).rejects.toThrow(message);
    }
  });

  it('reads a document that is itself the array, with a byte-order mark, keys in the order first seen', async () => {
    const path = jsonFile(
      'bare.json',
      `\uFEFF${JSON.stringify([
        { b: 'one', a: 1 },
        { c: false, a: 2 },
      ])}`,
    );
    const sheet = await readJsonRecords(path, {});
    expect(sheet.rows).toEqual([
      { cells: ['b', 'a', 'c'], line: 0 },
      { cells: ['one', '1', ''], line: 1 },
      { cells: ['', '2', 'false'], line: 2 },
    ]);
    await expect(readJsonRecords(jsonFile('object.json', { data: [] }), {})).rejects.toThrow(/is object, not an array of records/);
  });
});
