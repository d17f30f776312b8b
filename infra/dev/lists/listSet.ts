import fs from 'node:fs';
import path from 'node:path';
import { generateLists, type Manifest } from '../synthetic/generate';
import { generatorVersion } from '../synthetic/generatorVersion';
import { isScaleName, type ScaleName } from '../synthetic/scales';

/**
 * The synthetic list set `npm start` publishes, generated once per scale and seed and kept under
 * `<DATA_DIR>/lists/<scale>` (seed 1) or `<scale>-seed<N>`. A set is reused while its manifest
 * says the same scale, seed and generator version and every file it lists is there; otherwise it
 * is written again into a folder beside it and swapped in, so an interrupted generation never
 * leaves a set that looks complete.
 */
export const DEFAULT_LIST_SEED = 1;

export interface ListSet {
  dir: string;
  manifest: Manifest;
  /** Seconds spent generating it, or null when the cached set was reused. */
  generatedSeconds: number | null;
}

export function listSetDir(dataDir: string, scale: ScaleName, seed: number = DEFAULT_LIST_SEED): string {
  return path.join(dataDir, 'lists', seed === DEFAULT_LIST_SEED ? scale : `${scale}-seed${seed}`);
}

/** Why the set in `dir` cannot be reused, or null when it can. */
export function staleReason(dir: string, scale: ScaleName, seed: number, version: string = generatorVersion()): string | null {
  const manifestPath = path.join(dir, 'manifest.json');
  if (!fs.existsSync(manifestPath)) return 'not generated yet';
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Partial<Manifest>;
  } catch {
    return 'its manifest is unreadable';
  }
  if (manifest.scale !== scale) return `its manifest says scale ${String(manifest.scale)}`;
  if (manifest.seed !== seed) return `its manifest says seed ${String(manifest.seed)}`;
  if (manifest.generatorVersion !== version) return 'the generator changed since';
  const missing = (manifest.files ?? []).find((file) => !fs.existsSync(path.join(dir, file.path)));
  if (missing) return `${missing.path} is missing`;
  if (!manifest.files?.length) return 'its manifest lists no file';
  return null;
}

export async function ensureListSet(options: {
  dataDir: string;
  scale: ScaleName;
  seed?: number;
  /** Told before a generation starts, with the reason. */
  onGenerate?: (reason: string, dir: string) => void;
  /** Told the generator's progress. */
  log?: (message: string) => void;
}): Promise<ListSet> {
  const seed = options.seed ?? DEFAULT_LIST_SEED;
  const dir = listSetDir(options.dataDir, options.scale, seed);
  const reason = staleReason(dir, options.scale, seed);
  if (reason === null) {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    return { dir, manifest, generatedSeconds: null };
  }
  options.onGenerate?.(reason, dir);
  const started = performance.now();
  const partial = `${dir}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  const manifest = await generateLists({ scale: options.scale, seed, outDir: partial, log: options.log });
  replaceWith(dir, partial);
  return { dir, manifest, generatedSeconds: (performance.now() - started) / 1000 };
}

/**
 * A set generated before, never generated here: `which` is a scale (its seed-1 folder under
 * `<dataDir>/lists`) or the path of a manifest.json.
 */
export function readListSet(dataDir: string, which: string): ListSet {
  const manifestPath = path.resolve(isScaleName(which) ? path.join(listSetDir(dataDir, which), 'manifest.json') : which);
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} not found: generate it first (npm run gen:lists -- --scale ${which})`);
  return {
    dir: path.dirname(manifestPath),
    manifest: JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest,
    generatedSeconds: null,
  };
}

/** The set's LEIE full file (UPDATED.csv; the monthly supplements are left out). */
export function leieFullFile(set: ListSet): string {
  const file = set.manifest.files.find((f) => f.source === 'oig_leie' && f.format === 'leie');
  if (!file) throw new Error('the list set has no LEIE full file');
  return path.resolve(set.dir, file.path);
}

/** Moves `partial` to `dir`. A `dir` that is a symbolic link is unlinked, never written through. */
function replaceWith(dir: string, partial: string): void {
  const existing = fs.lstatSync(dir, { throwIfNoEntry: false });
  if (existing?.isSymbolicLink()) fs.unlinkSync(dir);
  else if (existing) {
    const stale = `${dir}.stale-${process.pid}`;
    fs.renameSync(dir, stale);
    fs.rmSync(stale, { recursive: true, force: true });
  }
  fs.renameSync(partial, dir);
}
