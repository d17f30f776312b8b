import JSZip from 'jszip';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLists, Manifest } from '../../../infra/dev/synthetic/generate';
import { nppesHeader } from '../../../infra/dev/synthetic/nppes';
import { isValidNpi } from '../../../infra/dev/synthetic/parties';
import { parseWith } from '../lists/parse';
import { hashTree, normalizeHeader, readCsv, readSamCsv, readSheets } from './readGenerated';
import { ParseReport, type ListEntry } from '../../../activities/lists/sources/types';

jest.setTimeout(240_000);

let root: string;
let outDir: string;
let manifest: Manifest;

const fileOf = (source: string, format?: string): string => {
  const file = manifest.files.find((candidate) => candidate.source === source && (format === undefined || candidate.format === format));
  if (!file) throw new Error(`no ${source} ${format ?? ''} in manifest`);
  return join(outDir, file.path);
};
/** Each generated state file read once through its adapter, whichever describes use it. */
const parsedStates = new Map<string, ReturnType<typeof parseWith<ListEntry>>>();
const parsedState = (source: string): ReturnType<typeof parseWith<ListEntry>> => {
  const parsed = parsedStates.get(source) ?? parseWith<ListEntry>(source, fileOf(source));
  parsedStates.set(source, parsed);
  return parsed;
};
const npiValidOrEmpty = (value: string): boolean => value === '' || isValidNpi(value);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'synthetic-lists-'));
  outDir = join(root, 'a');
  manifest = await generateLists({ scale: 'small', seed: 7, outDir });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('determinism', () => {
  it('gives byte-identical files for the same seed and different files for another seed', async () => {
    await generateLists({ scale: 'small', seed: 7, outDir: join(root, 'same') });
    await generateLists({ scale: 'small', seed: 8, outDir: join(root, 'other') });
    const first = hashTree(outDir);
    expect(first.size).toBe(manifest.files.length + 1);
    expect(hashTree(join(root, 'same'))).toEqual(first);
    const other = hashTree(join(root, 'other'));
    const otherValues = new Set(other.values());
    expect([...first.values()].filter((hash) => otherValues.has(hash))).toEqual([]);
  });
});

describe('manifest', () => {
  it('lists every file with source, format and a row count, dated from the seed', () => {
    const onDisk = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
    expect(onDisk).toEqual(manifest);
    expect(manifest).toMatchObject({ scale: 'small', seed: 7, generatedAt: '2025-01-08T06:00:00.000Z' });
    expect(manifest.files.map((file) => file.source).sort()).toEqual([
      'nppes',
      'oig_leie',
      'oig_leie',
      'oig_leie',
      'sam_exclusions',
      ...[
        'ak',
        'al',
        'ar',
        'az',
        'ca',
        'co',
        'ct',
        'dc',
        'de',
        'fl',
        'ga',
        'hi',
        'ia',
        'id',
        'il',
        'in',
        'ks',
        'ky',
        'la',
        'ma',
        'md',
        'me',
        'mi',
        'mn',
        'mo',
        'ms',
        'mt',
        'nc',
        'nd',
        'ne',
        'nh',
        'nj',
        'nv',
        'ny',
        'oh',
        'or',
        'pa',
        'sc',
        'tn',
        'tx',
        'vt',
        'wa',
        'wv',
        'wy',
      ].map((state) => `state_${state}`),
    ]);
    for (const file of manifest.files) {
      expect(existsSync(join(outDir, file.path))).toBe(true);
      expect(file.path).not.toMatch(/^\/|\\/);
      expect(file.rows).toBeGreaterThan(0);
      if (file.source.startsWith('state_')) expect(file.format).toBe(file.source);
    }
    expect(manifest.files.find((file) => file.format === 'leie')?.path).toBe('leie/UPDATED.csv');
    expect(manifest.files.find((file) => file.format === 'leie_supplement_excl')?.path).toBe('leie/2412EXCL.csv');
    expect(manifest.files.find((file) => file.format === 'leie_supplement_rein')?.path).toBe('leie/2412REIN.csv');
    expect(manifest.files.find((file) => file.format === 'sam_v2')?.path).toBe('sam/SAM_Exclusions_Public_Extract_V2_25008.ZIP');
    expect(manifest.files.find((file) => file.format === 'nppes')?.path).toBe('nppes/npidata_pfile_20050523-20250105.csv');
  });

  it('counts the data rows actually written', async () => {
    for (const file of manifest.files.filter((candidate) => candidate.path.endsWith('.csv') && candidate.source !== 'state_la')) {
      expect(readCsv(join(outDir, file.path)).length - 1).toBe(file.rows);
    }
    const sam = await readSamCsv(fileOf('sam_exclusions'));
    expect(sam.text.trimEnd().split('\r\n').length - 1).toBe(manifest.files.find((file) => file.source === 'sam_exclusions')?.rows);
  });
});

describe('LEIE', () => {
  it('has the 18-column header ending in WVRSTATE, unquoted, with every data field quoted', () => {
    const lines = readFileSync(fileOf('oig_leie', 'leie'), 'utf8').split('\r\n');
    expect(lines[0]).toBe(
      'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE',
    );
    expect(lines[1]).toMatch(/^"[^]*"$/);
    expect(lines[1]).toContain('","');
    const rows = readCsv(fileOf('oig_leie', 'leie')).slice(1);
    expect(rows.every((row) => row.length === 18)).toBe(true);
    expect(rows.every((row) => row[7] === '0000000000' || isValidNpi(row[7]))).toBe(true);
    const realNpiShare = rows.filter((row) => row[7] !== '0000000000').length / rows.length;
    expect(realNpiShare).toBeGreaterThan(0.04);
    expect(realNpiShare).toBeLessThan(0.25);
    const individuals = rows.filter((row) => row[0] !== '');
    expect(individuals.length / rows.length).toBeGreaterThan(0.9);
    expect(rows.some((row) => row[0] === '' && row[1] === '' && row[3] !== '')).toBe(true);
    expect(rows.every((row) => row[15] === '00000000')).toBe(true);
    expect(rows.some((row) => row[16] !== '00000000' && row[17] !== '')).toBe(true);
    expect(rows.every((row) => row[0].length <= 20 && row[1].length <= 15 && row[3].length <= 30)).toBe(true);
    expect(rows.every((row) => /^[\x20-\x7e]*$/.test(row.join('')))).toBe(true);
  });

  it('writes the supplements in the older style: bare empty fields and a trailing comma', () => {
    for (const format of ['leie_supplement_excl', 'leie_supplement_rein']) {
      const lines = readFileSync(fileOf('oig_leie', format), 'utf8').trimEnd().split('\r\n');
      expect(lines[0].endsWith('WVRSTATE')).toBe(true);
      expect(lines.slice(1).every((line) => line.endsWith(','))).toBe(true);
      expect(lines.slice(1).some((line) => line.includes(',,'))).toBe(true);
    }
    const reinstated = readCsv(fileOf('oig_leie', 'leie_supplement_rein')).slice(1);
    expect(reinstated.every((row) => row[15] !== '00000000')).toBe(true);
  });
});

describe('SAM', () => {
  it('zips one CSV of the same base name with the 31-column V2 header, all fields quoted', async () => {
    const { entryNames, text } = await readSamCsv(fileOf('sam_exclusions'));
    expect(entryNames).toEqual(['SAM_Exclusions_Public_Extract_V2_25008.CSV']);
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Classification","Name","Prefix","First","Middle","Last","Suffix","Address 1","Address 2","Address 3","Address 4","City","State / Province","Country","Zip Code","Open Data Flag","Blank (Deprecated)","Unique Entity ID","Exclusion Program","Excluding Agency","CT Code","Exclusion Type","Additional Comments","Active Date","Termination Date","Record Status","Cross-Reference","SAM Number","CAGE","NPI","Creation_Date"',
    );
    expect(lines.every((line) => line.startsWith('"') && line.endsWith('"'))).toBe(true);
  });

  it('has the documented quirks and overlaps the LEIE through HHS rows', async () => {
    const { text } = await readSamCsv(fileOf('sam_exclusions'));
    const lines = text.trimEnd().split('\r\n').slice(1);
    const { parse } = await import('csv-parse/sync');
    const rows = parse(text, { from_line: 2 }) as string[][];
    expect(rows.every((row) => row.length === 31)).toBe(true);
    expect(new Set(lines).size).toBeLessThan(lines.length); // exact duplicate rows
    const individuals = rows.filter((row) => row[0] === 'Individual');
    expect(individuals.every((row) => row[1] === '')).toBe(true);
    expect(rows.some((row) => row[24] === 'Indefinite')).toBe(true);
    expect(rows.some((row) => /^\d{2}\/\d{2}\/\d{4}$/.test(row[24]))).toBe(true);
    expect(rows.some((row) => row[26].startsWith('(also '))).toBe(true);
    expect(rows.every((row) => /^[A-Z]{3}$/.test(row[13]))).toBe(true);
    expect(rows.some((row) => row[13] !== 'USA')).toBe(true);
    expect(rows.every((row) => npiValidOrEmpty(row[29]))).toBe(true);
    expect(rows.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row[30]))).toBe(true);
    const hhs = rows.filter((row) => row[19] === 'HHS');
    expect(hhs.length / rows.length).toBeGreaterThan(0.4);
    expect(hhs.length / rows.length).toBeLessThan(0.55);
    const leieNames = new Set(readCsv(fileOf('oig_leie', 'leie')).map((row) => `${row[1]}|${row[0]}`));
    const hhsPersons = hhs.filter((row) => row[0] === 'Individual');
    const overlapping = hhsPersons.filter(
      (row) => leieNames.has(`${row[3]}|${row[5]}${row[6] ? ` ${row[6]}` : ''}`) || leieNames.has(`${row[3]}|${row[5]}`),
    );
    expect(overlapping.length / hhsPersons.length).toBeGreaterThan(0.8);
    // mirror image: a firm names a person and that person names the firm
    const firms = rows.filter((row) => row[0] === 'Firm');
    expect(firms.some((firm) => individuals.some((person) => person[26] === `(also ${firm[1]})` && firm[26].includes(person[5])))).toBe(
      true,
    );
  });
});

describe('NPPES', () => {
  it('has the exact 330-column header in the documented order, every field quoted', () => {
    const header = nppesHeader();
    expect(header).toHaveLength(330);
    expect(header[31]).toBe('Provider Business Practice Location Address State Name');
    expect(header[41]).toBe('Provider Sex Code');
    expect(header[307]).toBe('Is Sole Proprietor');
    expect(header[329]).toBe('Certification Date');
    const text = readFileSync(fileOf('nppes'), 'utf8');
    expect(text.slice(0, text.indexOf('\r\n'))).toBe(header.map((column) => `"${column}"`).join(','));
    const rows = readCsv(fileOf('nppes'));
    expect(rows[0]).toEqual(header);
    expect(rows.every((row) => row.length === 330)).toBe(true);
  });

  it('is mostly organizations, with individuals, deactivated stubs, <UNAVAIL> EINs and DBA other names', () => {
    const rows = readCsv(fileOf('nppes')).slice(1);
    const byType = (code: string): string[][] => rows.filter((row) => row[1] === code);
    expect(byType('2').length / rows.length).toBeGreaterThan(0.6);
    expect(byType('1').length).toBeGreaterThan(0);
    const stubs = byType('');
    expect(stubs.length).toBeGreaterThan(0);
    expect(stubs.every((row) => row[4] === '' && row[5] === '' && /^\d{2}\/\d{2}\/\d{4}$/.test(row[39]))).toBe(true);
    expect(byType('2').every((row) => row[3] === '<UNAVAIL>' && row[4] !== '' && row[31] !== '')).toBe(true);
    expect(rows.some((row) => row[11] !== '' && row[12] === '3')).toBe(true);
    expect(rows.every((row) => isValidNpi(row[0]))).toBe(true);
    expect(new Set(rows.map((row) => row[0])).size).toBe(rows.length);
    expect(byType('1').every((row) => row[41] === 'M' || row[41] === 'F')).toBe(true);
  });

  it('includes the LEIE parties whose NPI the LEIE shows', () => {
    const nppesNpis = new Set(readCsv(fileOf('nppes')).map((row) => row[0]));
    const leieNpis = readCsv(fileOf('oig_leie', 'leie'))
      .slice(1)
      .map((row) => row[7])
      .filter((npi) => npi !== '0000000000');
    expect(leieNpis.length).toBeGreaterThan(0);
    expect(leieNpis.every((npi) => nppesNpis.has(npi))).toBe(true);
  });
});

describe('state CSV lists', () => {
  it('CA: N/A nulls, ;-joined aliases and addresses, comma-joined provider numbers', () => {
    const rows = readCsv(fileOf('state_ca'));
    expect(rows[0].map(normalizeHeader)).toEqual(
      expect.arrayContaining(['last_name', 'first_name', 'middle_name', 'provider_number', 'date_of_suspension', 'active_period']),
    );
    const data = rows.slice(1);
    expect(data.some((row) => row[1] === 'N/A' && row[2] === 'N/A')).toBe(true);
    expect(data.some((row) => row[3].includes('; ') || row[4].includes('; '))).toBe(true);
    expect(data.some((row) => /^\d{10}, /.test(row[7]))).toBe(true);
  });

  it('PA: the raw Medicheck headers', () => {
    const [header] = readCsv(fileOf('state_pa'));
    expect(header).toEqual([
      'ProviderName',
      'NAM_LAST_PROVR',
      'NAM_FIRST_PROVR',
      'NAM_MIDDLE_PROVR',
      'NAM_SUFFIX_PROVR',
      'NAM_TITLE_PROVR',
      'NAM_BUSNS_MP',
      'NAM_PROVR_ALT',
      'IDN_NPI',
      'NBR_FEIN',
      'LicenseNumber',
      'CAO',
      'Status',
      'BeginDate',
      'EndDate',
      'ListDate',
      'IND_CHGD',
      'DTE_CHANGE_LAST',
    ]);
  });

  it('LA: a report-date line above the header, leading spaces in header names, NRF and 9999', () => {
    const rows = readCsv(fileOf('state_la'));
    expect(rows[0][0]).toMatch(/^Report Date: \d{2}\/\d{2}\/\d{4}$/);
    expect(rows[1][0]).toBe('First Name');
    expect(rows[1].slice(1).every((name) => name.startsWith(' '))).toBe(true);
    expect(rows[1]).toContain(' NPI#');
    const data = rows.slice(2);
    expect(data.some((row) => row[5] === 'NRF')).toBe(true);
    expect(data.some((row) => row[13] === '12/31/9999')).toBe(true);
    expect(data.some((row) => /\baka\b/i.test(row[0] + row[1]))).toBe(true);
  });

  it('AR: LAST, FIRST names, aka inside the name, glued d/b/a', () => {
    const rows = readCsv(fileOf('state_ar'));
    expect(rows[0]).toEqual(['Division', 'Provider Name', 'Facility Name', 'City', 'State', 'Zip']);
    const data = rows.slice(1);
    expect(data.some((row) => /^[^,]+, \S/.test(row[1]))).toBe(true);
    expect(data.some((row) => /d\/b\/a\S/.test(row[2]))).toBe(true);
    expect(data.some((row) => /\b(aka|AKA|a\.k\.a\.?|f\/k\/a)\b/.test(row[1]))).toBe(true);
  });
});

describe('state XLSX lists', () => {
  const headerAt = (rows: unknown[][], index: number): string[] => rows[index].map(normalizeHeader);
  const text = (rows: unknown[][]): string => rows.map((row) => row.map((cell) => String(cell ?? '')).join('|')).join('\n');

  it('WA: 3 title rows, newline-stacked names and ids', async () => {
    const rows = [...(await readSheets(fileOf('state_wa'))).values()][0];
    expect(headerAt(rows, 3)).toEqual(['name', 'npi_or_p1', 'license', 'date_of_exclusion', 'action']);
    const data = rows.slice(4);
    expect(data.some((row) => String(row[0]).includes('\n'))).toBe(true);
    expect(data.some((row) => /P1\d{9}/.test(String(row[1])))).toBe(true);
  });

  it('NC: 6 junk rows above the header', async () => {
    const rows = [...(await readSheets(fileOf('state_nc'))).values()][0];
    expect(headerAt(rows, 6)).toEqual([
      'excluded_entity',
      'npi_atypical_id_excluded',
      'ownership',
      'city',
      'state',
      'zip_code',
      'effective_date',
      'reason_for_exclusion',
    ]);
  });

  it('OH: Instructions, Individuals and Organizations sheets; aka and dba inside names', async () => {
    const sheets = await readSheets(fileOf('state_oh'));
    expect([...sheets.keys()]).toEqual(['Instructions', 'Individuals', 'Organizations']);
    const individuals = sheets.get('Individuals') ?? [];
    expect(headerAt(individuals, 0)).toEqual([
      'last_name',
      'first_name',
      'dob',
      'npi',
      'provider_type',
      'provider_id',
      'action_date',
      'status',
      'date_added',
    ]);
    expect(headerAt(sheets.get('Organizations') ?? [], 0)).toEqual([
      'organization_name',
      'address_1',
      'address_2',
      'city',
      'state',
      'zip_code',
      'npi',
      'provider_type',
      'provider_id',
      'action_date',
      'status',
      'date_added',
    ]);
    expect(text(individuals)).toMatch(/\b(aka|a\.k\.a\.)/);
    expect(text(sheets.get('Organizations') ?? [])).toMatch(/ dba |Owner: /);
  });

  it('GA: 2 title rows and LEIE-like columns', async () => {
    const rows = [...(await readSheets(fileOf('state_ga'))).values()][0];
    expect(headerAt(rows, 2)).toEqual(['last_name', 'first_name', 'middle_name', 'business_name', 'general', 'state', 'npi', 'sancdate']);
  });

  it('MD: the sanction-type legend follows the data', async () => {
    const rows = [...(await readSheets(fileOf('state_md'))).values()][0];
    expect(headerAt(rows, 0)).toEqual([
      'last_name_organization',
      'first_name',
      'npi',
      'type_of_entity_profession',
      'license_no',
      'address',
      'city_state_zip',
      'termination_sanction_date',
      'sanction_type',
    ]);
    const legendAt = rows.findIndex((row, index) => index > 0 && row[0] === 'Sanction Type');
    expect(legendAt).toBe(rows.length - 5);
  });

  it('CO: Termination List and Reinstated Providers sheets', async () => {
    const sheets = await readSheets(fileOf('state_co'));
    expect([...sheets.keys()]).toEqual(['Termination List', 'Reinstated Providers']);
    expect(headerAt(sheets.get('Reinstated Providers') ?? [], 0)).toContain('reinstatement_effective_date');
    expect(text([...sheets.values()].flat() as unknown[][])).toMatch(/\d{10}(; | & | and )\d{10}/);
  });

  it('NY and SC: one name column with credentials or alias markers inside', async () => {
    const ny = [...(await readSheets(fileOf('state_ny'))).values()][0];
    expect(headerAt(ny, 0)).toEqual(['provider_name', 'npi_num', 'provider_type', 'license_num', 'exclusion_effective_date']);
    expect(text(ny)).toMatch(/, [A-Z][A-Za-z.-]+(\||$)|\([A-Za-z.-]+\)/m);
    const sc = [...(await readSheets(fileOf('state_sc'))).values()][0];
    expect(headerAt(sc, 2)).toEqual([
      'individual_entity',
      'npi',
      'last_known_profession_provider_type',
      'city',
      'state',
      'zip',
      'date_excluded',
    ]);
    expect(text(sc)).toMatch(/ (aka|AKA|a\.k\.a\.?|f\/k\/a|dba|DBA|d\/b\/a|d\.b\.a\.|D\/B\/A) /);
    expect(sc.slice(3).some((row) => row[1] === 'Not Found')).toBe(true);
  });
});

describe('state XLSX lists from public layouts (IL, KY, MA, MI, MN, MO, NH)', () => {
  const headerAt = (rows: unknown[][], index: number): string[] => rows[index].map(normalizeHeader);
  const column = (rows: unknown[][], index: number): string[] => rows.map((row) => String(row[index] ?? ''));

  it('IL: x:-prefixed parts with an empty fill, the Active Sanctions sheet, LAST FIRST M names, DBA inside names', async () => {
    const zip = await JSZip.loadAsync(readFileSync(fileOf('state_il')));
    const sheetXml = await zip.files['xl/worksheets/sheet1.xml'].async('string');
    expect(sheetXml).toContain('<x:row ');
    expect(await zip.files['xl/styles.xml'].async('string')).toContain('<x:fill />');
    expect(await zip.files['xl/workbook.xml'].async('string')).toMatch(/<x:sheet [^>]*name="Active Sanctions"/);
    const { entries } = await parseWith('state_il', fileOf('state_il'));
    expect([...new Set(entries.flatMap((entry) => Object.keys(entry.raw)))]).toEqual(
      expect.arrayContaining(['Provider Name', 'NPI', 'Action Date', 'Action Type', 'Zip Code']),
    );
    const names = entries.map((entry) => entry.raw['Provider Name']);
    expect(names.some((name) => /^[A-Z'-]+ [A-Z'-]+ [A-Z]$/.test(name))).toBe(true); // LAST FIRST M
    expect(names.some((name) => /^[A-Z'-]+, [A-Z'-]+( [A-Z])?$/.test(name))).toBe(false);
    expect(names.some((name) => name.includes(' DBA '))).toBe(true);
    expect(entries.some((entry) => entry.raw.Affiliation)).toBe(true);
  });

  it('KY: notes above a header starting with First Name, empty extra sheets, N/A practices with Owner: and dba', async () => {
    const sheets = await readSheets(fileOf('state_ky'));
    expect([...sheets.keys()]).toEqual(['Sheet1', 'Sheet2', 'Sheet3']);
    const rows = sheets.get('Sheet1') ?? [];
    const headerIndex = rows.findIndex((row) => row[0] === 'First Name');
    expect(headerIndex).toBeGreaterThanOrEqual(3);
    expect(headerAt(rows, headerIndex)).toEqual([
      'first_name',
      'last_name_or_practice_name',
      'npi',
      'license',
      'effective_date',
      'reason_for_term_exclusion',
      'timeframe_of_term_exclusion',
    ]);
    const data = rows.slice(headerIndex + 1);
    expect(data.some((row) => row[0] === 'N/A' && / Owner: /.test(String(row[1])))).toBe(true);
    expect(data.some((row) => / dba /.test(String(row[1])))).toBe(true);
    expect(data.some((row) => /^\d{10}(; |\n)\d{10}$/.test(String(row[2])))).toBe(true);
    expect(data.some((row) => row[2] === 'N/A')).toBe(true);
    expect((sheets.get('Sheet2') ?? []).length).toBe(0);
  });

  it('MA: the Exclusions List sheet with one name column and NPI NONE', async () => {
    const rows = (await readSheets(fileOf('state_ma'))).get('Exclusions List') ?? [];
    expect(headerAt(rows, 0)).toEqual([
      'provider_name',
      'national_provider_identifier_npi',
      'provider_type',
      'unique_id',
      'suspension_exclusion_effective_date',
      'suspension_exclusion_reason',
    ]);
    expect(column(rows.slice(1), 1)).toContain('NONE');
  });

  it('MI: a title row, two Sanction Source columns, entity and person on one row, several dates in a cell', async () => {
    const rows = [...(await readSheets(fileOf('state_mi'))).values()][0];
    expect(headerAt(rows, 1)).toEqual([
      'entity_name',
      'last_name',
      'first_name',
      'middle_name',
      'provider_category',
      'npi',
      'license',
      'city',
      'sanction_date1',
      'sanction_source',
      'sanction_date2',
      'sanction_source',
      'reason',
    ]);
    const data = rows.slice(2);
    expect(data.some((row) => row[0] && row[1])).toBe(true);
    expect(data.some((row) => /^\S+ \S+$/.test(String(row[8])))).toBe(true);
    expect(data.some((row) => /^\d{1,2}\/\d{1,2}\/\d{2}$/.test(String(row[8])))).toBe(true);
  });

  it('MN: a ZIP of the group and the individual workbook', async () => {
    const zip = await JSZip.loadAsync(readFileSync(fileOf('state_mn')));
    expect(Object.keys(zip.files)).toEqual(['MHCP Excluded Group Providers.xlsx', 'MHCP Excluded Individual Providers.xlsx']);
  });

  it('MO and NH: a title row; N/A, FEIN and text dates in both formats', async () => {
    const mo = [...(await readSheets(fileOf('state_mo'))).values()][0];
    expect(headerAt(mo, 1)).toEqual([
      'provider_name',
      'npi',
      'prov_type_specialty',
      'license',
      'term_date',
      'letter_date',
      'termination_reason',
    ]);
    expect(column(mo.slice(2), 1)).toContain('N/A');
    const nh = [...(await readSheets(fileOf('state_nh'))).values()][0];
    expect(headerAt(nh, 1)).toEqual([
      'provider_individual_first_name',
      'provider_individual_last_name',
      'business_name',
      'national_provider_identifier_npi',
      'provider_individual_type',
      'exclusion_sanction_reason',
      'exclusion_sanction_effective_date',
    ]);
    const dates = column(nh.slice(2), 6);
    expect(dates.some((date) => /^\d{4}-\d{2}-\d{2}$/.test(date))).toBe(true);
    expect(dates.some((date) => /^\d{2}\/\d{2}\/\d{4}$/.test(date))).toBe(true);
    expect(dates.some((date) => date.includes(' '))).toBe(true);
    expect(column(nh.slice(2), 3).some((npi) => npi.endsWith('(FEIN)'))).toBe(true);
  });
});

describe('every generated state file reads through its adapter', () => {
  const newStates = ['state_il', 'state_ky', 'state_ma', 'state_mi', 'state_mn', 'state_mo', 'state_nh'];

  it('with no bad rows, and one entry per row or more for the new XLSX states', async () => {
    const stateFiles = manifest.files.filter((file) => file.source.startsWith('state_'));
    expect(stateFiles.map((file) => file.source)).toEqual(expect.arrayContaining(newStates));
    for (const file of stateFiles) {
      const { entries, report } = await parsedState(file.source);
      expect({ source: file.source, bad: report.badRowCount, some: entries.length > 0 }).toEqual({
        source: file.source,
        bad: 0,
        some: true,
      });
      if (newStates.includes(file.source)) expect(entries.length).toBeGreaterThanOrEqual(file.rows);
    }
  });
});

describe('PDF state lists read back through their adapters', () => {
  const parsed = new Map<string, { entries: ListEntry[]; report: ParseReport; rows: number }>();
  beforeAll(async () => {
    for (const state of ['ak', 'az', 'de', 'ne', 'nj', 'wv', 'hi', 'nv', 'wy', 'id']) {
      const file = manifest.files.find((candidate) => candidate.source === `state_${state}`);
      if (!file) throw new Error(`no state_${state} in manifest`);
      expect(file.path).toMatch(/\.pdf$/);
      parsed.set(state, { ...(await parsedState(`state_${state}`)), rows: file.rows });
    }
  });
  const of = (state: string): { entries: ListEntry[]; report: ParseReport; rows: number } => {
    const result = parsed.get(state);
    if (!result) throw new Error(`${state} not parsed`);
    return result;
  };

  it('reads every written record as one row, none bad, each a named entry dated from the list', () => {
    for (const [state, { entries, report, rows }] of parsed) {
      expect({ state, rows: report.rows, bad: report.badRows }).toEqual({ state, rows, bad: [] });
      expect(entries.length).toBeGreaterThanOrEqual(rows);
      expect(entries.every((entry) => entry.name.length > 1 && entry.startDate !== null)).toBe(true);
    }
  });

  it("keeps each state's quirks through the round trip", () => {
    expect(of('ak').entries.some((e) => e.kind === 'organization')).toBe(true);
    expect(of('ak').entries.some((e) => /-(WORTHINGTON|MONTGOMERY|FITZGERALD)$/.test(e.lastName ?? ''))).toBe(true);
    expect(of('az').entries.some((e) => e.npis.length === 2)).toBe(true);
    expect(of('de').entries.some((e) => e.endDateKind === 'indefinite')).toBe(true);
    expect(of('de').entries.some((e) => e.raw.License?.startsWith('PROMISe# '))).toBe(true);
    expect(of('ne').entries.every((e) => /^(EXCL|TERM|SUSP)$/.test(e.action ?? ''))).toBe(true);
    expect(new Set(of('nj').entries.map((e) => e.endDateKind))).toEqual(new Set(['permanent', 'deceased', 'date']));
    expect(of('wv').entries.some((e) => /^\d{5}-\d{4}$/.test(e.raw.Zip ?? ''))).toBe(true);
    expect(new Set(of('hi').entries.map((e) => e.endDateKind))).toEqual(new Set(['indefinite', 'date', null]));
    expect(of('hi').entries.some((e) => e.kind === 'organization' && e.firstName === null)).toBe(true);
    expect(of('hi').entries.some((e) => /^\d{1,2}\/\d{1,2}\/\d{2}$/.test(e.raw['Exclusion Date'] ?? ''))).toBe(true);
    expect(of('nv').entries.some((e) => e.action === 'Federal')).toBe(true);
    expect(of('nv').entries.some((e) => e.npis.length === 2)).toBe(true);
    expect(of('nv').report.invalidNpis).toBeGreaterThan(0);
    expect(of('nv').entries.some((e) => /\n|\d{4} \d/.test(e.raw['Contract Termination Date'] ?? ''))).toBe(true);
    expect(of('nv').entries.some((e) => /effective february/i.test(e.name))).toBe(false);
    // A person and the business on the same row are two entries; `a.k.a.` in the business column is the person's alias.
    expect(of('wy').entries.length).toBeGreaterThan(of('wy').rows);
    expect(of('wy').entries.some((e) => e.kind === 'person' && e.aliases.length > 0 && !/a\.?k\.?a/i.test(e.aliases[0]))).toBe(true);
    // A wrapped three-line header; a reinstatement date ends the exclusion, `Indefinite` eligibility stays raw.
    expect(of('id').entries.some((e) => e.endDateKind === 'date')).toBe(true);
    expect(of('id').entries.some((e) => e.raw['Date Eligible for Reinstatement'] === 'Indefinite')).toBe(true);
    expect(of('id').entries.some((e) => e.kind === 'organization')).toBe(true);
  });
});

describe('the lists of AL, OR, TX, FL, CT and VT read back in the formats they are published in', () => {
  const parsed = new Map<string, { entries: ListEntry[]; report: ParseReport; rows: number; path: string }>();
  beforeAll(async () => {
    for (const state of ['al', 'or', 'tx', 'fl', 'ct', 'vt']) {
      const file = manifest.files.find((candidate) => candidate.source === `state_${state}`);
      if (!file) throw new Error(`no state_${state} in manifest`);
      parsed.set(state, { ...(await parsedState(`state_${state}`)), rows: file.rows, path: file.path });
    }
  });
  const of = (state: string): { entries: ListEntry[]; report: ParseReport; rows: number; path: string } => {
    const result = parsed.get(state);
    if (!result) throw new Error(`${state} not parsed`);
    return result;
  };

  it("writes each in its publisher's format", () => {
    expect(Object.fromEntries([...parsed].map(([state, { path }]) => [state, path.split('.').pop()]))).toEqual({
      al: 'xlsx',
      or: 'xml',
      tx: 'xls',
      fl: 'xls',
      ct: 'html',
      vt: 'xlsx',
    });
    const head = (state: string): string =>
      readFileSync(join(outDir, of(state).path))
        .subarray(0, 8)
        .toString('hex');
    // Legacy workbooks are Compound Files (BIFF8), not the ZIP of an XLSX.
    expect(head('tx')).toBe('d0cf11e0a1b11ae1');
    expect(head('fl')).toBe('d0cf11e0a1b11ae1');
  });

  it('reads every written row, none bad, every entry named and dated where the list dates it', () => {
    for (const [state, { entries, report, rows }] of parsed) {
      expect({ state, rows: report.rows, bad: report.badRows }).toEqual({ state, rows, bad: [] });
      expect(entries.every((entry) => entry.name.length > 1)).toBe(true);
      if (state !== 'or') expect([state, entries.every((entry) => entry.startDate !== null)]).toEqual([state, true]);
    }
  });

  it("keeps each state's quirks through the round trip", () => {
    // AL: the category heading above a person without a trailing `, <type>` note is the provider type.
    expect(of('al').entries.some((e) => e.kind === 'person' && /^(PHYSICIANS|NURSES|OTHER)$/.test(e.providerType ?? ''))).toBe(true);
    expect(of('al').entries.some((e) => e.kind === 'person' && e.aliases.length > 0)).toBe(true);
    expect(of('al').entries.every((e) => !/^NOTE:/.test(e.name))).toBe(true);
    // OR: people only, each with the link to the court document.
    expect(of('or').entries.every((e) => e.kind === 'person' && /^https:\/\/\S+\.pdf$/.test(e.raw.URL ?? ''))).toBe(true);
    // TX: companies from CompanyName with their dba as an alias, `N/A` NPIs read as none, reinstatements as end dates.
    expect(of('tx').entries.some((e) => e.kind === 'organization' && e.aliases.length > 0)).toBe(true);
    expect(of('tx').entries.some((e) => e.raw.NPI === 'N/A' && e.npis.length === 0)).toBe(true);
    expect(of('tx').entries.some((e) => e.endDateKind === 'date')).toBe(true);
    // FL: only suspensions and terminations are entries; the fines and closed cases are read and skipped.
    const fl = of('fl');
    expect(new Set(fl.entries.map((e) => e.action))).toEqual(new Set(['SUSPENSION', 'TERMINATION']));
    expect(fl.report.skipped).toBeGreaterThan(0);
    expect(fl.entries.length).toBe(fl.rows - fl.report.skipped);
    // CT: a business listed alone (name `N/A`) is an organization; a person's business is context only.
    expect(of('ct').entries.some((e) => e.kind === 'organization' && e.raw.Name === 'N/A')).toBe(true);
    expect(of('ct').entries.some((e) => e.kind === 'person' && (e.raw.Business ?? 'N/A') !== 'N/A')).toBe(true);
    expect(of('ct').entries.some((e) => e.name === 'N/A')).toBe(false);
    // VT: `12/31/9999` (a date cell or text) is an exclusion that stands.
    expect(of('vt').entries.every((e) => e.endDateKind === 'indefinite' && e.endDate === null)).toBe(true);
    expect(new Set(of('vt').entries.map((e) => e.action))).toEqual(new Set(['Excluded', 'Terminated for Cause', 'Suspended']));
  });
});

describe('the TN JSON feed read back through its adapter', () => {
  it('is the records under "data" with the feed\'s five keys, every record one named, dated entry, none bad', async () => {
    const file = manifest.files.find((candidate) => candidate.source === 'state_tn');
    if (!file) throw new Error('no state_tn in manifest');
    expect(file.path).toMatch(/\.json$/);
    const records = (JSON.parse(readFileSync(join(outDir, file.path), 'utf8')) as { data: Record<string, string>[] }).data;
    expect(records).toHaveLength(file.rows);
    for (const record of records) expect(Object.keys(record)).toEqual(['Last Name', 'First Name', 'NPI', 'Effective Date', 'Reason']);
    expect(records.some((r) => /^\d{2}-[A-Z][a-z]{2}-\d{4}$/.test(r['Effective Date']))).toBe(true);
    expect(records.some((r) => /^\d{2}\/\d{2}\/\d{4}$/.test(r['Effective Date']))).toBe(true);

    const { entries, report } = await parseWith<ListEntry>('state_tn', join(outDir, file.path));
    expect({ rows: report.rows, bad: report.badRows }).toEqual({ rows: file.rows, bad: [] });
    expect(entries).toHaveLength(file.rows);
    expect(entries.every((entry) => entry.name.length > 1 && entry.startDate !== null && entry.action === 'Terminated')).toBe(true);
    expect(entries.some((e) => e.kind === 'organization' && e.firstName === null)).toBe(true);
    expect(entries.some((e) => e.kind === 'person' && e.npis.length === 1)).toBe(true);
  });
});
