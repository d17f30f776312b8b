import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { openTextArtifact } from '../../../activities/lists/sources/artifact';
import { DEFAULT_PARSE_LIMITS } from '../../../activities/lists/sources/limits';
import { InflateBudget, readZipEntries } from '../../../activities/lists/sources/zipEntries';
import { scratchDir } from '../../fixtures/lists/builders';
import { writeZip } from '../../fixtures/lists/zipBomb';

/**
 * A ZIP bomb costs its refusal next to nothing: an honest directory is refused before a byte is
 * inflated, a lying one a megabyte or so in, never at the 256 MB an artifact may inflate to.
 */
const MB = 1024 * 1024;
const GB_IN_MB = 1024;
const dir = scratchDir();
const everything = () => () => true;

async function refusal(path: string): Promise<{ reason: string; inflated: number }> {
  const budget = new InflateBudget(DEFAULT_PARSE_LIMITS);
  const outcome = await readZipEntries(readFileSync(path), everything, budget, 'the XLSX artifact').then(
    () => 'read',
    (err: Error) => `${err.name}: ${err.message}`,
  );
  return { reason: outcome, inflated: budget.used };
}

describe('a ZIP entry inflates within its declared size and a plausible ratio', () => {
  it('refuses a 1 GB bomb whose directory declares its size, from the directory alone', async () => {
    const bomb = writeZip(join(dir, 'honest.zip'), [{ name: 'xl/worksheets/sheet1.xml', zeroMegabytes: GB_IN_MB }]);
    expect(await refusal(bomb)).toEqual({
      reason:
        'ArtifactFormatError: the XLSX artifact: xl/worksheets/sheet1.xml inflates from 1.0 MB to 1024 MB, more than 100 times: ' +
        'no list compresses so well (a ZIP bomb?)',
      inflated: 0,
    });
  });

  it('refuses a 1 GB bomb whose directory declares a plausible 50 MB, about a megabyte in', async () => {
    const bomb = writeZip(join(dir, 'lying.zip'), [{ name: 'xl/worksheets/sheet1.xml', zeroMegabytes: GB_IN_MB, declaredBytes: 50 * MB }]);
    const { reason, inflated } = await refusal(bomb);
    expect(reason).toMatch(
      /^ArtifactFormatError: the XLSX artifact: xl\/worksheets\/sheet1\.xml inflated 1\.\d MB out of its first \d+ bytes, more than 100 times: no list compresses so well \(a ZIP bomb\?\)$/,
    );
    expect(inflated).toBeLessThanOrEqual(2 * MB);
  });

  it('refuses a bomb whose directory declares a few kilobytes, at that size', async () => {
    const bomb = writeZip(join(dir, 'tiny.zip'), [{ name: 'xl/worksheets/sheet1.xml', zeroMegabytes: GB_IN_MB, declaredBytes: 10_000 }]);
    expect(await refusal(bomb)).toEqual({
      reason:
        'ArtifactFormatError: the XLSX artifact: xl/worksheets/sheet1.xml inflates past the 10000 bytes its directory declares (a ZIP bomb?)',
      inflated: 0,
    });
  });

  it('reads an entry that inflates as much as its directory says, within the ratio, byte for byte', async () => {
    const sheet = Buffer.from(
      Array.from({ length: 40_000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>${i * 7}</v></c></row>`).join(''),
    );
    const zip = writeZip(join(dir, 'plain.zip'), [{ name: 'xl/worksheets/sheet1.xml', content: sheet }]);
    const budget = new InflateBudget(DEFAULT_PARSE_LIMITS);
    const parts = await readZipEntries(readFileSync(zip), everything, budget, 'the XLSX artifact');
    expect(sheet.length).toBeGreaterThan(2 * MB);
    expect(parts.get('xl/worksheets/sheet1.xml')?.equals(sheet)).toBe(true);
    expect(budget.used).toBe(sheet.length);
  });

  it('refuses a zipped CSV that lies about its size while it streams, about a megabyte in', async () => {
    const bomb = writeZip(join(dir, 'SAM.zip'), [{ name: 'SAM.csv', zeroMegabytes: GB_IN_MB, declaredBytes: 50 * MB }]);
    let streamed = 0;
    const artifact = await openTextArtifact(bomb, (bytes) => (streamed = bytes));
    await expect(text(artifact.text)).rejects.toThrow(
      /^SAM\.csv inflated 1\.\d MB out of its first \d+ bytes, more than 100 times: no list compresses so well \(a ZIP bomb\?\)$/,
    );
    expect(streamed).toBeLessThanOrEqual(2 * MB);
  });
});
