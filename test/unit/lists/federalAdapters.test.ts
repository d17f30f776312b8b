import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ArtifactFormatError } from '../../../activities/lists/sources/types';
import { parseCrossReference } from '../../../activities/lists/sources/sam';
import { scratchDir } from '../../fixtures/lists/builders';
import { byName, FIXTURES, parseWith } from './parse';

describe('LEIE adapter (UPDATED.csv and monthly supplements)', () => {
  it('reads the full file with every field quoted: persons, entities, placeholders to null', async () => {
    const { entries, report } = await parseWith('oig_leie', join(FIXTURES, 'leie', 'UPDATED.csv'));
    expect(entries).toHaveLength(6);
    expect(report.badRowCount).toBe(0);
    const jordan = byName(entries, 'JORDAN Q EXAMPLESON');
    expect(jordan).toMatchObject({
      kind: 'person',
      lastName: 'EXAMPLESON',
      firstName: 'JORDAN',
      middleName: 'Q',
      npis: [],
      dateOfBirth: '1978-02-14',
      state: 'IL',
      action: '1128b4',
      startDate: '2023-08-15',
      endDate: null,
    });
    const pharmacy = byName(entries, 'FICTIONAL CARE PHARMACY, INC');
    expect(pharmacy).toMatchObject({ kind: 'organization', npis: ['1200000036'], dateOfBirth: null, state: 'FL' });
    expect(pharmacy.raw.ADDRESS).toBe('C/O 300 NOWHERE BLVD, STE 4');
    // An unknown EXCLTYPE is kept; an NPI failing its check digit is dropped and counted.
    expect(byName(entries, 'AVERY J SAMPLETON')).toMatchObject({ action: 'BRCH CIA', npis: [] });
    expect(report.invalidNpis).toBe(1);
  });

  it('reads the older supplement style: bare empty fields, trailing comma, trailing space in a value', async () => {
    const { entries, report } = await parseWith('oig_leie', join(FIXTURES, 'leie', '2503EXCL.csv'));
    expect(report.badRowCount).toBe(0);
    expect(entries.map((e) => e.name)).toEqual(['ROBIN R PLACEHOLDT', 'CASEY FAKEWELL', 'MOCKRIDGE MEDICAL SUPPLY LLC']);
    expect(byName(entries, 'ROBIN R PLACEHOLDT')).toMatchObject({ middleName: 'R', npis: ['1540000043'], startDate: '2025-04-20' });
    expect(byName(entries, 'MOCKRIDGE MEDICAL SUPPLY LLC').kind).toBe('organization');
  });

  it('gives the same entry key to a row in either quoting style', async () => {
    const dir = scratchDir();
    const header =
      'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE';
    writeFileSync(
      join(dir, 'quoted.csv'),
      `${header}\n"FAKEWELL","CASEY","","","NURSING PROFESSION","NURSE/NURSES AIDE","","0000000000","19880303","7 FICTION WAY","RENO","NV","89501","1128b4","20250318","00000000","00000000",""\n`,
    );
    writeFileSync(
      join(dir, 'bare.csv'),
      `${header}\n"FAKEWELL","CASEY",,,"NURSING PROFESSION","NURSE/NURSES AIDE",,"0000000000","19880303","7 FICTION WAY","RENO","NV","89501","1128b4","20250318","00000000","00000000",\n`,
    );
    const quoted = await parseWith('oig_leie', join(dir, 'quoted.csv'));
    const bare = await parseWith('oig_leie', join(dir, 'bare.csv'));
    expect(bare.entries[0].entryKey).toBe(quoted.entries[0].entryKey);
    expect(bare.entries[0].name).toBe(quoted.entries[0].name);
  });

  it('refuses a file whose header is not the LEIE layout', async () => {
    await expect(parseWith('oig_leie', join(FIXTURES, 'sam', 'SAM_Exclusions_Public_Extract_V1.CSV'))).rejects.toBeInstanceOf(
      ArtifactFormatError,
    );
  });

  it('reports truncated rows with their line number instead of failing', async () => {
    const dir = scratchDir();
    const header =
      'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE';
    writeFileSync(
      join(dir, 'UPDATED.csv'),
      `${header}\n"A","B","","","G","S","","0000000000","19800101","X","C","OH","1","1128b4","20200101","00000000","00000000",""\n"TRUNC","ATED","","","G"\n`,
    );
    const { entries, report } = await parseWith('oig_leie', join(dir, 'UPDATED.csv'));
    expect(entries).toHaveLength(1);
    expect(report.badRows).toEqual([{ row: 3, reason: 'expected 18 fields, found 5' }]);
  });
});

describe('SAM.gov exclusions adapter (V2 extract, V1 header)', () => {
  it('reads V2 rows: individuals by name parts, firms by Name, Indefinite, cross-references as aliases, duplicates kept once by key', async () => {
    const { entries, report } = await parseWith('sam_exclusions', join(FIXTURES, 'sam', 'SAM_Exclusions_Public_Extract_V2_25060.CSV'));
    expect(report.badRowCount).toBe(0);
    expect(entries).toHaveLength(6); // the adapter yields the duplicate row; ingestion stores it once
    expect(byName(entries, 'JORDAN Q. EXAMPLESON')).toMatchObject({
      kind: 'person',
      entryKey: 'S4MRZZ001',
      npis: ['1000000012'],
      startDate: '2023-08-15',
      endDate: null,
      endDateKind: 'indefinite',
    });
    expect(byName(entries, 'MARCUS TESTWORTH JR')).toMatchObject({
      suffix: 'JR',
      aliases: ['TESTWORTH FAMILY CLINIC, PLLC'],
      endDate: '2027-01-19',
    });
    expect(byName(entries, 'VMC CONSTRUCTION, LLC').aliases).toEqual(['VICTOR TORRES CONSTRUCTION']);
    expect(byName(entries, 'MOCKHOLD TRADING LTD')).toMatchObject({ kind: 'organization', state: null });
  });

  it('accepts the legacy V1 (DUNS) header', async () => {
    const { entries, report } = await parseWith('sam_exclusions', join(FIXTURES, 'sam', 'SAM_Exclusions_Public_Extract_V1.CSV'));
    expect(report.badRowCount).toBe(0);
    expect(entries.map((e) => e.name)).toEqual(['CASEY M. BERZUNZA LARA', 'MOCKRIDGE MEDICAL SUPPLY LLC']);
    expect(byName(entries, 'CASEY M. BERZUNZA LARA').lastName).toBe('BERZUNZA LARA');
  });
});

describe('SAM.gov cross-references: `(also NAME[, NAME2…])`', () => {
  it('reads an inverted LAST, FIRST pair as one name, not two one-word aliases', () => {
    expect(parseCrossReference('(also MICHAEL SMITH, WAGNER, MICHAEL)')).toEqual(['MICHAEL SMITH', 'WAGNER, MICHAEL']);
    expect(parseCrossReference('(also WAGNER, MICHAEL J.)')).toEqual(['WAGNER, MICHAEL J.']);
    expect(parseCrossReference('(also SMITH, JOHN, JONES, MARY)')).toEqual(['SMITH, JOHN', 'JONES, MARY']);
  });
  it('keeps a comma before a legal form inside the name, and splits DBA text out', () => {
    expect(parseCrossReference('(also VMC CONSTRUCTION, LLC, VMC CONSTRUCTION, LLC  DBA VICTOR TORRES CONSTRUCTION)')).toEqual([
      'VMC CONSTRUCTION, LLC',
      'VICTOR TORRES CONSTRUCTION',
    ]);
    expect(parseCrossReference('(also ACME, INC, WAGNER, MICHAEL)')).toEqual(['ACME, INC', 'WAGNER, MICHAEL']);
  });
  it('keeps a dotted legal form at the end of the list with its name', () => {
    expect(parseCrossReference('(also ROSA J MILLER MD, P.C.)')).toEqual(['ROSA J MILLER MD, P.C.']);
    expect(parseCrossReference('(also DONALD ROBICHAUD LCSW, L.L.C., WAGNER, MICHAEL)')).toEqual([
      'DONALD ROBICHAUD LCSW, L.L.C.',
      'WAGNER, MICHAEL',
    ]);
  });
  it('leaves a one-word piece it cannot pair as a fragment alias (the matcher reads it as a bare name)', () => {
    expect(parseCrossReference('(also MICHAEL SMITH, WAGNER)')).toEqual(['MICHAEL SMITH', 'WAGNER']);
    expect(parseCrossReference('(also KING)')).toEqual(['KING']);
  });
});
