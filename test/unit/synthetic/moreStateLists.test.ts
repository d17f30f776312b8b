import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ListEntry, ParseReport } from '../../../activities/lists/sources/types';
import { generateLists } from '../../../infra/dev/synthetic/generate';
import { SCALES } from '../../../infra/dev/synthetic/scales';
import { parseWith } from '../lists/parse';
import { normalizeHeader, readSheets } from './readGenerated';

/** The state lists whose layout comes from a published crawler: generated small, then read back by their adapter. */
const STATES = ['ia', 'in', 'ks', 'ms', 'nd', 'dc', 'me', 'mt'] as const;

let outDir: string;
const written = new Map<string, { path: string; rows: number }>();

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'more-states-'));
  const manifest = await generateLists({ scale: 'small', seed: 7, outDir });
  for (const state of STATES) {
    const file = manifest.files.find((candidate) => candidate.source === `state_${state}`);
    if (!file) throw new Error(`no state_${state} in the generated set`);
    expect(file.format).toBe(`state_${state}`);
    written.set(state, { path: join(outDir, file.path), rows: file.rows });
  }
}, 60_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

async function parse(state: string): Promise<{ entries: ListEntry[]; report: ParseReport; rows: number }> {
  const file = written.get(state);
  if (!file) throw new Error(`no ${state} file`);
  return { ...(await parseWith(`state_${state}`, file.path)), rows: file.rows };
}

async function sheetText(state: string): Promise<{ rows: unknown[][]; text: string }> {
  const rows = [...(await readSheets(written.get(state)?.path ?? '')).values()][0];
  return { rows, text: rows.map((row) => row.map((cell) => String(cell ?? '')).join('|')).join('\n') };
}

describe.each(STATES)('generated %s list read by its adapter', (state) => {
  it('every written row is read, none is bad, every entry is dated', async () => {
    const { entries, report, rows } = await parse(state);
    const parties = SCALES.small.stateRows[state];
    // MT writes another name on a row of its own, so its file may hold more rows than parties.
    expect(state === 'mt' ? rows >= parties : rows === parties).toBe(true);
    expect(report.rows).toBe(rows);
    expect(report.badRowCount).toBe(0);
    expect(entries.length).toBeGreaterThanOrEqual(parties);
    expect(entries.every((entry) => entry.startDate !== null)).toBe(true);
    expect(entries.some((entry) => entry.kind === 'person')).toBe(true);
  });
});

describe('generated quirks', () => {
  it('IA: title row, enrollment typo, an organization row naming a person, word end dates', async () => {
    const { rows, text } = await sheetText('ia');
    expect(normalizeHeader(rows[1][0])).toBe('enrollment_type');
    expect(text).toMatch(/^(Indivdual|Indvidual)\|/m);
    expect(text).toMatch(/\|(Indefinite|Federal Authority|On Payment Plan|1 year)\|/);
    const { entries } = await parse('ia');
    expect(entries).toHaveLength(rows.length - 2);
    expect(entries.some((entry) => entry.kind === 'organization' && entry.aliases.length > 0)).toBe(true);
  });

  it('IN: multi-line addresses', async () => {
    const { rows } = await sheetText('in');
    expect(rows[1].map(normalizeHeader)).toEqual([
      'provider_name',
      'national_provider_identification_npi',
      'service_location_address',
      'termination_effective_date',
    ]);
    expect(rows.slice(2, -1).every((row) => String(row[2]).includes('\n'))).toBe(true);
    expect(String(rows.at(-1)?.[0])).toMatch(/^For purposes of /);
  });

  it('KS: several names, DBA names with Inc., several NPIs', async () => {
    const { text } = await sheetText('ks');
    expect(text).toMatch(/, [A-Z]+[^|]*\/[A-Z]+, /);
    expect(text).toMatch(/, Inc\./);
    expect(text).toMatch(/\d{10}(; |\n)\d{10}/);
    const { entries } = await parse('ks');
    expect(entries.some((entry) => entry.aliases.some((alias) => alias.endsWith(', Inc.')))).toBe(true);
  });

  it('ND: 10 title rows, aka and Owner: in names, prefixed dates', async () => {
    const { rows, text } = await sheetText('nd');
    expect(normalizeHeader(rows[10][0])).toBe('provider_name');
    expect(text).toMatch(/\(aka [^)]+\)/);
    expect(text).toMatch(/ Owner: /);
    expect(text).toMatch(/\|(Termination:? |Denial )\d{2}\/\d{2}\/\d{4}\|/);
  });

  it('DC: four tables, td headers, <br> addresses, month-name dates, alias markers', () => {
    const html = readFileSync(written.get('dc')?.path ?? '', 'utf8');
    expect(html.match(/<table/g)).toHaveLength(4);
    expect(html).toContain('<td><strong>Name of Individual</strong></td>');
    expect(html).toContain('<td><strong>Name of Company</strong></td>');
    expect(html).toMatch(/<td>[^<]+<br>[^<]+, [A-Z]{2} \d{5}<\/td>/);
    expect(html).toMatch(/<td>[A-Z][a-z]+ \d{1,2}, \d{4}<\/td>/);
    expect(html).toMatch(/a\/k\/a |aka &quot;/);
  });

  it('ME: 26 report rows, alias name pairs', async () => {
    const { rows } = await sheetText('me');
    expect(rows[26].map(normalizeHeader)).toContain('alias_last_name_4');
    expect(rows.slice(27).some((row) => row[4] && row[5])).toBe(true);
    const { entries } = await parse('me');
    expect(entries.some((entry) => entry.aliases.length > 0)).toBe(true);
  });

  it('MT: a.k.a. rows become aliases of the row above', async () => {
    const { rows } = await sheetText('mt');
    expect(normalizeHeader(rows[0][0])).toBe('terminated_excluded_provider_s');
    const akaRows = rows.filter((row) => /^a\.k\.a/i.test(String(row[0])));
    expect(akaRows.length).toBeGreaterThan(0);
    const { entries } = await parse('mt');
    expect(entries).toHaveLength(rows.length - 1 - akaRows.length);
    expect(entries.some((entry) => entry.aliases.length > 0)).toBe(true);
    expect(akaRows.every((row) => row.slice(1).every((cell) => cell === null || cell === undefined))).toBe(true);
  });

  it('MS: 8 title rows, two-line headers, dotted and month-name dates, 2999 end', async () => {
    const { rows, text } = await sheetText('ms');
    expect(rows[8].map(normalizeHeader)).toContain('provider_first_name_applicable_for_individuals_only');
    expect(text).toMatch(/\|\d{2}\.\d{2}\.\d{2}\|/);
    expect(text).toMatch(/\|[A-Z][a-z]+ \d{1,2}, \d{4}\|/);
    const { entries } = await parse('ms');
    expect(entries.some((entry) => entry.endDate === '2999-12-31')).toBe(true);
  });
});
