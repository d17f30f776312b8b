import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { nppesHeader, nppesLine, nppesSampleRows, scratchDir, writeNppes } from '../../fixtures/lists/builders';
import type { RegistryOrganization } from '../../../activities/lists/sources/types';
import { parseWith } from './parse';

describe('NPPES adapter (organizations of the NPI file)', () => {
  const dir = scratchDir();

  it('keeps entity type 2 rows only; individuals and deactivated stubs are skipped, <UNAVAIL> is ignored', async () => {
    const path = writeNppes(join(dir, 'npidata_pfile_20050523-20260510.csv'), nppesSampleRows());
    const { entries, report } = await parseWith<RegistryOrganization>('nppes', path);
    expect(entries.map((o) => [o.npi, o.legalName, o.otherNames, o.state])).toEqual([
      ['1555666779', 'EXAMPLE VALLEY HOME HEALTH, LLC', ['EXAMPLE VALLEY CARE'], 'IL'],
      ['1666777887', 'FICTIONAL GENERAL HOSPITAL INC', [], 'FL'],
    ]);
    expect(report).toMatchObject({ rows: 4, skipped: 2, badRowCount: 0, periodEnd: '2026-05-10' });
  });

  it('accepts the older Provider Gender Code header and LF line ends', async () => {
    const path = writeNppes(join(dir, 'npidata_pfile_20050523-20230507.csv'), nppesSampleRows(), 'Provider Gender Code', '\n');
    const { entries } = await parseWith<RegistryOrganization>('nppes', path);
    expect(entries).toHaveLength(2);
  });

  it('decodes a stray Windows-1252 byte instead of rejecting the row', async () => {
    const header = nppesHeader();
    const line = nppesLine(header, {
      NPI: '1555666779',
      'Entity Type Code': '2',
      'Provider Organization Name (Legal Business Name)': 'CAFÉ CLINIC – NORTH',
      'Provider Business Practice Location Address State Name': 'IL',
    });
    const path = join(dir, 'cp1252.csv');
    writeFileSync(
      path,
      Buffer.concat([Buffer.from(header.map((h) => `"${h}"`).join(',') + '\r\n'), iconv.encode(line + '\r\n', 'win1252')]),
    );
    const { entries } = await parseWith<RegistryOrganization>('nppes', path);
    expect(entries[0].legalName).toBe('CAFÉ CLINIC – NORTH');
  });

  it('reports an organization with an invalid NPI as a bad row', async () => {
    const rows = [{ ...nppesSampleRows()[0], NPI: '1555666770' }];
    const { entries, report } = await parseWith<RegistryOrganization>('nppes', writeNppes(join(dir, 'bad.csv'), rows));
    expect(entries).toEqual([]);
    expect(report.badRows).toEqual([{ row: 2, reason: 'invalid NPI "1555666770"' }]);
  });

  it('refuses a file without the NPPES header', async () => {
    writeFileSync(join(dir, 'other.csv'), '"NPI","Name"\n"1555666779","X"\n');
    await expect(parseWith('nppes', join(dir, 'other.csv'))).rejects.toThrow(/not an NPPES NPI file/);
  });
});
