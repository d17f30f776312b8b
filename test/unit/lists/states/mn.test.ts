import JSZip from 'jszip';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir, writeXlsx } from '../../../fixtures/lists/builders';
import { ArtifactFormatError } from '../../../../activities/lists/sources/types';
import { byName, parseWith } from '../parse';

const address = ['Address Line1', 'Address Line2', 'City', 'State', 'Zip Code'];
const tail = ['Effective Date of Exclusion', 'Exclusion Status'];

async function workbooks(dir: string): Promise<{ group: string; individual: string }> {
  const group = await writeXlsx(join(dir, 'MHCP Excluded Group Providers.xlsx'), [
    {
      name: 'Group',
      rows: [
        ['Practice Name', 'Provider Type Description', ...address, ...tail],
        ['Mockridge Home Care LLC', 'PCA Agency', '1 Main St', 'Suite 2', 'Duluth', 'MN', '55802', '03/26/2025', 'Excluded'],
      ],
    },
  ]);
  const individual = await writeXlsx(join(dir, 'MHCP Excluded Individual Providers.xlsx'), [
    {
      name: 'Individual',
      rows: [
        ['First Name', 'Middle Name', 'Last Name', 'Provider Type Description', ...address, ...tail],
        ['Jordan', 'Q', 'Exampleson', 'Physician', '2 Oak Ave', '', 'Fargo', 'ND', '58102', '08/15/2023', 'Excluded'],
        ['Dana', '', 'Samplefield', 'PCA', '', '', 'St Paul', 'MN', '55101', new Date(Date.UTC(2024, 0, 2)), 'Suspended'],
      ],
    },
  ]);
  return { group, individual };
}

async function zipOf(path: string, files: string[]): Promise<string> {
  const zip = new JSZip();
  for (const file of files) zip.file(file.split('/').pop() ?? file, readFileSync(file));
  writeFileSync(path, await zip.generateAsync({ type: 'nodebuffer' }));
  return path;
}

describe('MN: MHCP excluded providers, two published workbooks in one ZIP', () => {
  it('reads the group and the individual workbook', async () => {
    const dir = scratchDir();
    const { group, individual } = await workbooks(dir);
    const { entries, report } = await parseWith('state_mn', await zipOf(join(dir, 'mn.zip'), [group, individual]));
    expect(report.badRowCount).toBe(0);
    expect(entries.map((e) => `${e.kind}:${e.name}`)).toEqual([
      'organization:Mockridge Home Care LLC',
      'person:Jordan Q Exampleson',
      'person:Dana Samplefield',
    ]);
    expect(byName(entries, 'Mockridge Home Care LLC')).toMatchObject({ providerType: 'PCA Agency', state: 'MN', action: 'Excluded' });
    expect(byName(entries, 'Jordan Q Exampleson')).toMatchObject({ state: 'ND', startDate: '2023-08-15' });
    expect(byName(entries, 'Dana Samplefield')).toMatchObject({ startDate: '2024-01-02', action: 'Suspended' });
  });

  it('refuses a bundle missing one workbook, and a single workbook, so half the list is never published as the whole', async () => {
    const dir = scratchDir();
    const { group, individual } = await workbooks(dir);
    await expect(parseWith('state_mn', await zipOf(join(dir, 'group-only.zip'), [group]))).rejects.toThrow(
      /lacks a workbook with the header last_name, first_name/,
    );
    await expect(parseWith('state_mn', individual)).rejects.toBeInstanceOf(ArtifactFormatError);
  });
});
