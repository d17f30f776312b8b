import { parseDate, parseEndDate } from '../../../activities/lists/sources/dates';
import { splitAliasMarkers, parsePersonName } from '../../../activities/lists/sources/names';
import { extractNpis, isValidNpi } from '../../../activities/lists/sources/npi';
import { clean } from '../../../activities/lists/sources/placeholders';
import { extractState } from '../../../activities/lists/sources/usps';

describe('NPI check digit (Luhn with the 80840 prefix)', () => {
  it('accepts published NPIs and rejects a wrong check digit and the LEIE placeholder', () => {
    for (const npi of ['1003000126', '1972902351', '1134286958', '1234567893', '1555666779']) expect(isValidNpi(npi)).toBe(true);
    for (const npi of ['1234567890', '0000000000', '123456789', '12345678901', 'P100012345']) expect(isValidNpi(npi)).toBe(false);
  });

  it('extracts every NPI from multi-valued cells and drops placeholders, other ids and bad check digits', () => {
    expect(extractNpis('1000000012; 1200000036').npis).toEqual(['1000000012', '1200000036']);
    expect(extractNpis('1000000012 & 1200000036 and 1540000043').npis).toEqual(['1000000012', '1200000036', '1540000043']);
    expect(extractNpis('1000000012\nP1000123456').npis).toEqual(['1000000012']);
    expect(extractNpis('1000000012/1700000056').npis).toEqual(['1000000012', '1700000056']);
    expect(extractNpis('1000000012, 00A12345').npis).toEqual(['1000000012']);
    expect(extractNpis('1234567890')).toEqual({ npis: [], invalid: ['1234567890'] });
    for (const placeholder of ['0000000000', 'N/A', 'NONE', 'No NPI', 'NRF', 'Not Found', '-', '']) {
      expect(extractNpis(placeholder).npis).toEqual([]);
    }
  });
});

describe('placeholders', () => {
  it('reads N/A, NONE, NRF, Not Found, - and <UNAVAIL> as empty', () => {
    for (const p of ['N/A', 'n/a', 'NONE', 'NRF', 'Not Found', '-', '<UNAVAIL>', '  ']) expect(clean(p)).toBeNull();
    expect(clean('  JORDAN   Q ')).toBe('JORDAN Q');
  });
});

describe('dates', () => {
  it('parses the formats the lists use', () => {
    expect(parseDate('20230815')).toBe('2023-08-15');
    expect(parseDate('00000000')).toBeNull();
    expect(parseDate('08/15/2023')).toBe('2023-08-15');
    expect(parseDate('2023-08-16')).toBe('2023-08-16');
    expect(parseDate('3/1/77')).toBe('1977-03-01');
    expect(parseDate('3/1/24')).toBe('2024-03-01');
    expect(parseDate('45000')).toBe('2023-03-15');
    expect(parseDate('02/30/2023')).toBeNull();
  });

  it('reads DD-Mon-YYYY (TennCare), any case, and refuses an impossible day', () => {
    expect(parseDate('05-Mar-2024')).toBe('2024-03-05');
    expect(parseDate('5-MAR-2024')).toBe('2024-03-05');
    expect(parseDate('17-dec-2019')).toBe('2019-12-17');
    expect(parseDate('31-Sep-2024')).toBeNull();
    expect(parseDate('29-Feb-2024')).toBe('2024-02-29');
    expect(parseDate('05-Mar-24')).toBeNull();
  });

  it('reads end-date sentinels', () => {
    expect(parseEndDate('Indefinite')).toEqual({ endDate: null, endDateKind: 'indefinite' });
    expect(parseEndDate('PERMANENT')).toEqual({ endDate: null, endDateKind: 'permanent' });
    expect(parseEndDate('DECEASED')).toEqual({ endDate: null, endDateKind: 'deceased' });
    expect(parseEndDate('12/31/9999')).toEqual({ endDate: null, endDateKind: 'indefinite' });
    expect(parseEndDate('01/19/2027')).toEqual({ endDate: '2027-01-19', endDateKind: 'date' });
  });
});

describe('names and alias markers', () => {
  it('splits aka, a.k.a., f/k/a, dba, glued d/b/a and Owner:', () => {
    expect(splitAliasMarkers('CASEY (aka KC)')).toEqual({ primary: 'CASEY', alternates: ['KC'], owners: [] });
    expect(splitAliasMarkers('Dana Samplefield d/b/aSunny Day Daycare').alternates).toEqual(['Sunny Day Daycare']);
    expect(splitAliasMarkers('ACME LLC  DBA ACME CARE f/k/a OLD ACME').alternates).toEqual(['ACME CARE', 'OLD ACME']);
    expect(splitAliasMarkers('JONES (a.k.a. SMITH)').alternates).toEqual(['SMITH']);
    expect(splitAliasMarkers('BEST CARE LLC Owner: JOHN DOE')).toEqual({ primary: 'BEST CARE LLC', alternates: [], owners: ['JOHN DOE'] });
    expect(splitAliasMarkers('AKA Johnny')).toEqual({ primary: null, alternates: ['Johnny'], owners: [] });
    expect(splitAliasMarkers('OKAFOR DBAHRI').alternates).toEqual([]);
  });

  it('parses LAST, FIRST MIDDLE and FIRST MIDDLE LAST with suffixes', () => {
    expect(parsePersonName('EXAMPLESON, JORDAN Q')).toEqual({ lastName: 'EXAMPLESON', firstName: 'JORDAN', middleName: 'Q', suffix: null });
    expect(parsePersonName('Jordan Q Exampleson Jr')).toEqual({
      lastName: 'Exampleson',
      firstName: 'Jordan',
      middleName: 'Q',
      suffix: 'Jr',
    });
    expect(parsePersonName('ZARLENGO PHILIP C', 'last_first')).toEqual({
      lastName: 'ZARLENGO',
      firstName: 'PHILIP',
      middleName: 'C',
      suffix: null,
    });
  });

  it('finds the state in combined city/state/zip cells', () => {
    expect(extractState('LA 70112')).toBe('LA');
    expect(extractState('BALTIMORE, MD 21201')).toBe('MD');
    expect(extractState('oh')).toBe('OH');
    expect(extractState('Out of State')).toBeNull();
  });
});
