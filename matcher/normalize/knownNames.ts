import fs from 'node:fs';
import path from 'node:path';
import { nicknames } from './nicknames';
import { venvDataFile } from './venvData';

/**
 * Names people are really called by (US census tables of PyPI names==0.3.0, and the nickname data
 * set's given names): a roster word among them that differs from the listed word is a name of its
 * own, not a typo (JENKNIS is a slip for JENKINS, ELKINS is a surname). Surnames rarer than 0.001%
 * (about 70,000 of 88,799) are left out: a typo of a short surname would land on one as often as not.
 */
const MIN_SURNAME_FREQUENCY = 0.001;

const CENSUS_FILES = ['dist.male.first', 'dist.female.first', 'dist.all.last'] as const;

/** The census tables' directory: CENSUS_NAMES_DIR, or the `names` package in .venv. */
function locateCensusNames(): string {
  const fromEnv = process.env.CENSUS_NAMES_DIR;
  if (fromEnv) {
    if (!fs.existsSync(path.join(fromEnv, CENSUS_FILES[2])))
      throw new Error(`CENSUS_NAMES_DIR points at ${fromEnv}, which holds no ${CENSUS_FILES[2]}`);
    return fromEnv;
  }
  const table = venvDataFile(path.join('names', CENSUS_FILES[2]));
  const found = table && path.dirname(table);
  if (!found)
    throw new Error(
      'census name tables not found: set CENSUS_NAMES_DIR or install PyPI names==0.3.0 into .venv (npm start and npm test do: infra/dev/bootstrap.sh)',
    );
  return found;
}

/** The names of census tables (`NAME  frequency  cumulative  rank` a line) printed at `minFrequency` or more. */
export function parseCensusNames(text: string, minFrequency: number): string[] {
  const names: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const [name, frequency] = line.trim().split(/\s+/);
    if (!name || frequency === undefined || !(Number(frequency) >= minFrequency)) continue;
    names.push(name.toUpperCase());
  }
  return names;
}

let cached: ReadonlySet<string> | undefined;

function knownNames(): ReadonlySet<string> {
  if (cached) return cached;
  const dir = locateCensusNames();
  const names = new Set<string>();
  for (const file of CENSUS_FILES) {
    const minFrequency = file === 'dist.all.last' ? MIN_SURNAME_FREQUENCY : 0;
    for (const name of parseCensusNames(fs.readFileSync(path.join(dir, file), 'utf8'), minFrequency)) names.add(name);
  }
  cached = names;
  return names;
}

/** Reads the census tables now: a matcher without them stops while it builds its index, not at a screening. */
export function loadKnownNames(): void {
  knownNames();
}

/** Whether a normalized word is a given name or surname people are called by (see above). */
export function isKnownName(word: string): boolean {
  return knownNames().has(word) || nicknames().groupsOf(word) !== undefined;
}
