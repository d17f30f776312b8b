import fs from 'node:fs';
import path from 'node:path';
import { venvDataFile } from './venvData';

/**
 * Nickname equivalence from the `nicknames` data set (PyPI nicknames==1.0.1, names.csv:
 * name1,relationship,name2), then the project's curated tables of the forms it lacks, beside
 * this file: hypocorisms.csv (Spanish) and shortForms.csv (English clipped forms). Two given
 * names are equivalent when one is a nickname of the other or both belong to the same canonical
 * name's family (BILL ~ WILLIAM ~ WILL), but two canonical names sharing a nickname are not
 * (ALBERT !~ ALFRED through AL).
 */
interface NicknameTable {
  /** Family ids a name belongs to (as the canonical name or one of its nicknames). */
  groupsOf(name: string): readonly number[] | undefined;
  /** Members of one family, uppercase. */
  members(group: number): readonly string[];
  equivalent(a: string, b: string): boolean;
}

function locateNicknamesCsv(): string {
  const fromEnv = process.env.NICKNAMES_CSV;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) throw new Error(`NICKNAMES_CSV points at ${fromEnv}, which does not exist`);
    return fromEnv;
  }
  const found = venvDataFile(path.join('nicknames', 'names.csv'));
  if (!found) {
    throw new Error(
      'nickname data set not found: set NICKNAMES_CSV or install PyPI nicknames==1.0.1 into .venv (npm start and npm test do: infra/dev/bootstrap.sh)',
    );
  }
  return found;
}

/** The curated tables read after the data set, in this order (see each one's header for its reference). */
const CURATED_NICKNAME_TABLES: readonly string[] = [path.join(__dirname, 'hypocorisms.csv'), path.join(__dirname, 'shortForms.csv')];

/**
 * Tables in the data set's format, read in order: a family keeps the id its canonical name got
 * first, so a table read later only adds names to families and appends new ones (stored
 * blocking keys name families by id).
 */
export function parseNicknames(...csvs: string[]): NicknameTable {
  const groupIndex = new Map<string, number>();
  const membersOf: string[][] = [];
  const groups = new Map<string, number[]>();
  const add = (name: string, g: number): void => {
    const list = groups.get(name);
    if (!list) groups.set(name, [g]);
    else if (!list.includes(g)) list.push(g);
    if (!membersOf[g].includes(name)) membersOf[g].push(name);
  };
  const lines = csvs.flatMap((csv) => csv.split(/\r?\n/));
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [rawA, rel, rawB] = line.split(',');
    if (rel !== 'has_nickname' || !rawA || !rawB) continue;
    const a = rawA
      .trim()
      .toUpperCase()
      .replace(/[^A-Z]/g, '');
    const b = rawB
      .trim()
      .toUpperCase()
      .replace(/[^A-Z]/g, '');
    if (!a || !b) continue;
    let g = groupIndex.get(a);
    if (g === undefined) {
      g = membersOf.length;
      groupIndex.set(a, g);
      membersOf.push([]);
      add(a, g);
    }
    add(b, g);
  }
  for (const list of groups.values()) list.sort((x, y) => x - y);
  return {
    groupsOf: (name) => groups.get(name),
    members: (g) => membersOf[g] ?? [],
    equivalent: (a, b) => a === b || sharesNicknameGroup(groups.get(a), groups.get(b)),
  };
}

/** Whether two names' family lists (as `groupsOf` gives them, sorted) have a family in common. */
export function sharesNicknameGroup(ga: readonly number[] | undefined, gb: readonly number[] | undefined): boolean {
  if (!ga || !gb) return false;
  let i = 0;
  let j = 0;
  while (i < ga.length && j < gb.length) {
    if (ga[i] === gb[j]) return true;
    if (ga[i] < gb[j]) i++;
    else j++;
  }
  return false;
}

let cached: NicknameTable | undefined;

/** The process-wide table, read once; throws loudly when the data set is missing. */
export function nicknames(): NicknameTable {
  cached ??= parseNicknames(...[locateNicknamesCsv(), ...CURATED_NICKNAME_TABLES].map((file) => fs.readFileSync(file, 'utf8')));
  return cached;
}
