import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WeightedTable } from './rng';

/**
 * Frequency-weighted US census first/last names (PyPI `names`, dist.* files) and nickname pairs
 * (PyPI `nicknames`). Both live in the project's .venv; env vars override the location.
 */
const repoRoot = resolve(__dirname, '..', '..', '..');

function findInVenv(relative: string): string | null {
  const libDir = join(repoRoot, '.venv', 'lib');
  if (!existsSync(libDir)) return null;
  for (const python of readdirSync(libDir)
    .filter((entry) => entry.startsWith('python3'))
    .sort()) {
    const candidate = join(libDir, python, 'site-packages', relative);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

function locate(envVar: string, relative: string, hint: string): string {
  const fromEnv = process.env[envVar];
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const found = findInVenv(relative);
  if (found) return found;
  throw new Error(`${relative} not found: set ${envVar} or install ${hint} into .venv`);
}

// Names below the census file's 0.001% print precision still occur; give them a small share each.
const TAIL_FREQUENCY = 0.00012;

function loadCensusTable(path: string): WeightedTable<string> {
  const names: string[] = [];
  const weights: number[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const [name, frequency] = line.trim().split(/\s+/);
    if (!name || frequency === undefined) continue;
    names.push(name);
    weights.push(Math.max(Number(frequency), TAIL_FREQUENCY));
  }
  return new WeightedTable(names, weights);
}

export interface NameData {
  maleFirst: WeightedTable<string>;
  femaleFirst: WeightedTable<string>;
  last: WeightedTable<string>;
  femaleFirstNames: ReadonlySet<string>;
  /** Formal first name → shorter nickname forms, uppercase. */
  nicknames: ReadonlyMap<string, readonly string[]>;
}

let cached: NameData | null = null;

export function loadNameData(): NameData {
  if (cached) return cached;
  const namesDir = locate('SYNTH_NAMES_DIR', 'names', 'names==0.3.0');
  const nicknameCsv = locate('SYNTH_NICKNAMES_CSV', join('nicknames', 'names.csv'), 'nicknames==1.0.1');
  const femalePath = join(namesDir, 'dist.female.first');
  const nicknames = new Map<string, string[]>();
  for (const line of readFileSync(nicknameCsv, 'utf8').split('\n').slice(1)) {
    const [formal, relation, nickname] = line.trim().split(',');
    if (relation !== 'has_nickname' || !nickname || nickname.length >= formal.length) continue;
    const key = formal.toUpperCase();
    const list = nicknames.get(key) ?? [];
    list.push(nickname.toUpperCase());
    nicknames.set(key, list);
  }
  const femaleFirstNames = new Set(
    readFileSync(femalePath, 'utf8')
      .split('\n')
      .map((line) => line.trim().split(/\s+/)[0])
      .filter(Boolean),
  );
  cached = {
    maleFirst: loadCensusTable(join(namesDir, 'dist.male.first')),
    femaleFirst: loadCensusTable(femalePath),
    last: loadCensusTable(join(namesDir, 'dist.all.last')),
    femaleFirstNames,
    nicknames,
  };
  return cached;
}
