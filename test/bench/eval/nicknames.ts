import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Nickname pairs from PyPI `nicknames==1.0.1` (names.csv: name1,relationship,name2). Located through
 * NICKNAMES_CSV, else the project's .venv; never typed in by hand.
 */
export interface NicknameTable {
  /** Formal name → its nicknames (uppercase). */
  nicknamesOf(formal: string): readonly string[];
  /** Nickname → the formal names it shortens (uppercase). */
  formalsOf(nickname: string): readonly string[];
  /** True when one name is a nickname of the other, or both shorten the same formal name. */
  related(a: string, b: string): boolean;
}

const repoRoot = resolve(__dirname, '..', '..', '..');

export function locateNicknameCsv(): string {
  const fromEnv = process.env.NICKNAMES_CSV;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const libDir = join(repoRoot, '.venv', 'lib');
  if (existsSync(libDir)) {
    for (const python of readdirSync(libDir)
      .filter((entry) => entry.startsWith('python3'))
      .sort()) {
      const candidate = join(libDir, python, 'site-packages', 'nicknames', 'names.csv');
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error('nicknames names.csv not found: set NICKNAMES_CSV or pip install nicknames==1.0.1 into .venv');
}

export function parseNicknameCsv(text: string): NicknameTable {
  const byFormal = new Map<string, string[]>();
  const byNickname = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, value: string): void => {
    const list = map.get(key);
    if (!list) map.set(key, [value]);
    else if (!list.includes(value)) list.push(value);
  };
  for (const line of text.split(/\r?\n/).slice(1)) {
    const [formalRaw, relationship, nicknameRaw] = line.split(',');
    if (relationship?.trim() !== 'has_nickname' || !formalRaw || !nicknameRaw) continue;
    const formal = formalRaw.trim().toUpperCase();
    const nickname = nicknameRaw.trim().toUpperCase();
    if (!formal || !nickname || formal === nickname) continue;
    add(byFormal, formal, nickname);
    add(byNickname, nickname, formal);
  }
  const empty: readonly string[] = [];
  const nicknamesOf = (formal: string): readonly string[] => byFormal.get(formal) ?? empty;
  const formalsOf = (nickname: string): readonly string[] => byNickname.get(nickname) ?? empty;
  return {
    nicknamesOf,
    formalsOf,
    related(a, b) {
      if (a === b) return true;
      if (nicknamesOf(a).includes(b) || nicknamesOf(b).includes(a)) return true;
      const formalsOfB = formalsOf(b);
      return formalsOf(a).some((formal) => formalsOfB.includes(formal));
    },
  };
}

let cached: NicknameTable | null = null;

export function loadNicknameTable(): NicknameTable {
  cached ??= parseNicknameCsv(readFileSync(locateNicknameCsv(), 'utf8'));
  return cached;
}

/**
 * One of the project's curated given-name tables (matcher/normalize/hypocorisms.csv,
 * shortForms.csv): data files in the data set's format, read as the data set is, never the
 * matcher's code.
 */
export function loadCuratedNicknameTable(file: 'hypocorisms.csv' | 'shortForms.csv'): NicknameTable {
  return parseNicknameCsv(readFileSync(join(repoRoot, 'matcher', 'normalize', file), 'utf8'));
}
