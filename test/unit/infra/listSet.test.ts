import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InvalidArgumentError } from 'commander';
import { ensureListSet, leieFullFile, listSetDir, readListSet, staleReason } from '../../../infra/dev/lists/listSet';
import { listScaleFrom } from '../../../infra/dev/listScale';
import { scaleOption } from '../../../infra/dev/synthetic/scales';

let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'list-set-'));
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the cached synthetic list set', () => {
  it('is generated once, then reused while its manifest and files are intact', async () => {
    const reasons: string[] = [];
    const first = await ensureListSet({ dataDir, scale: 'small', onGenerate: (reason) => reasons.push(reason) });
    expect(first.dir).toBe(path.join(dataDir, 'lists', 'small'));
    expect(first.generatedSeconds).not.toBeNull();
    expect(reasons).toEqual(['not generated yet']);

    const again = await ensureListSet({ dataDir, scale: 'small', onGenerate: (reason) => reasons.push(reason) });
    expect(again.generatedSeconds).toBeNull();
    expect(again.manifest).toEqual(first.manifest);
    expect(reasons).toHaveLength(1);
    expect(fs.readdirSync(path.join(dataDir, 'lists'))).toEqual(['small']);
  });

  it('is written again when a file is missing, and the new set replaces the old folder', async () => {
    const dir = listSetDir(dataDir, 'small');
    const nppes = (await ensureListSet({ dataDir, scale: 'small' })).manifest.files.find((f) => f.source === 'nppes')!;
    fs.rmSync(path.join(dir, nppes.path));
    expect(staleReason(dir, 'small', 1)).toBe(`${nppes.path} is missing`);
    const regenerated = await ensureListSet({ dataDir, scale: 'small' });
    expect(regenerated.generatedSeconds).not.toBeNull();
    expect(fs.existsSync(path.join(dir, nppes.path))).toBe(true);
    expect(staleReason(dir, 'small', 1)).toBeNull();
  });

  it('is stale for another generator version, seed or scale', () => {
    const dir = listSetDir(dataDir, 'small');
    expect(staleReason(dir, 'small', 1, 'another-generator')).toBe('the generator changed since');
    expect(staleReason(dir, 'small', 2)).toBe('its manifest says seed 1');
    expect(staleReason(dir, 'demo', 1)).toBe('its manifest says scale small');
    expect(staleReason(listSetDir(dataDir, 'full'), 'full', 1)).toBe('not generated yet');
  });

  it('keeps a seed other than 1 in a folder of its own', async () => {
    const other = await ensureListSet({ dataDir, scale: 'small', seed: 2 });
    expect(other.dir).toBe(path.join(dataDir, 'lists', 'small-seed2'));
    expect(other.manifest.seed).toBe(2);
    expect(staleReason(listSetDir(dataDir, 'small'), 'small', 1)).toBeNull();
  });

  it('replaces a symbolic link to a stale set without writing through it', async () => {
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'list-set-target-'));
    try {
      fs.writeFileSync(path.join(target, 'manifest.json'), JSON.stringify({ scale: 'demo', seed: 1, files: [] }));
      const linkedData = path.join(dataDir, 'linked');
      fs.mkdirSync(path.join(linkedData, 'lists'), { recursive: true });
      fs.symlinkSync(target, listSetDir(linkedData, 'small'));
      const set = await ensureListSet({ dataDir: linkedData, scale: 'small' });
      expect(fs.lstatSync(set.dir).isSymbolicLink()).toBe(false);
      expect(fs.readdirSync(target)).toEqual(['manifest.json']);
    } finally {
      fs.rmSync(target, { recursive: true, force: true });
    }
  });
});

describe('a list set generated before', () => {
  it('is read by its scale or its manifest path, and names its LEIE full file', async () => {
    const generated = await ensureListSet({ dataDir, scale: 'small' });
    const byScale = readListSet(dataDir, 'small');
    expect(byScale).toEqual({ dir: generated.dir, manifest: generated.manifest, generatedSeconds: null });
    expect(readListSet(dataDir, path.join(generated.dir, 'manifest.json'))).toEqual(byScale);
    const leie = leieFullFile(byScale);
    expect(path.relative(generated.dir, leie)).toBe(path.join('leie', 'UPDATED.csv'));
    expect(fs.existsSync(leie)).toBe(true);
  });

  it('is never generated on reading: a missing one names the command that writes it', () => {
    expect(() => readListSet(dataDir, 'demo')).toThrow(
      `${path.join(dataDir, 'lists', 'demo', 'manifest.json')} not found: generate it first (npm run gen:lists -- --scale demo)`,
    );
    expect(fs.existsSync(listSetDir(dataDir, 'demo'))).toBe(false);
  });
});

describe('the --scale option of the list scripts', () => {
  it('takes a scale name and refuses any other word', () => {
    expect(scaleOption('full')).toBe('full');
    expect(() => scaleOption('Full')).toThrow(new InvalidArgumentError('expected small, demo or full'));
  });
});

describe('the list scale of npm start', () => {
  it('is --scale, else LIST_SCALE, else demo', () => {
    expect(listScaleFrom([], {})).toBe('demo');
    expect(listScaleFrom([], { LIST_SCALE: 'full' })).toBe('full');
    expect(listScaleFrom(['--scale', 'full'], { LIST_SCALE: 'demo' })).toBe('full');
    expect(listScaleFrom(['--scale=small'], {})).toBe('small');
  });

  it('refuses an unknown scale', () => {
    expect(() => listScaleFrom(['--scale', 'huge'], {})).toThrow('unknown list scale "huge" (from --scale)');
    expect(() => listScaleFrom(['--scale'], {})).toThrow('unknown list scale ""');
    expect(() => listScaleFrom([], { LIST_SCALE: 'Full' })).toThrow('(from LIST_SCALE)');
  });
});
