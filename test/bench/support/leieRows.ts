import { readFileSync } from 'node:fs';
import { LEIE_HEADER } from '../../../infra/dev/synthetic/leie';

/**
 * LEIE rows as the monitoring benchmark edits them between versions: the 18 cells of each row
 * (LEIE_HEADER's order), written back with every field quoted, as the OIG writes UPDATED.csv.
 */
export type LeieCells = string[];

const LAST = LEIE_HEADER.indexOf('LASTNAME');
const FIRST = LEIE_HEADER.indexOf('FIRSTNAME');
const DOB = LEIE_HEADER.indexOf('DOB');

export interface LeiePerson {
  last: string;
  first: string;
  middle: string;
  dob: string;
  npi: string;
}

/** A person row as the benchmark lists one: a nurse's aide excluded under 1128(b)(4). */
export function personCells(p: LeiePerson): LeieCells {
  return [
    p.last,
    p.first,
    p.middle,
    '',
    'IND- LIC HC SERV PRO',
    'NURSE/NURSES AIDE',
    '',
    p.npi,
    p.dob,
    '1 MAIN ST',
    'SPRINGFIELD',
    'IL',
    '62701',
    '1128b4',
    '20230101',
    '00000000',
    '00000000',
    '',
  ];
}

export function leieFile(rows: readonly LeieCells[]): string {
  const line = (cells: LeieCells) => cells.map((v) => `"${v.replace(/"/g, '""')}"`).join(',');
  return [LEIE_HEADER.join(','), ...rows.map(line)].join('\r\n') + '\r\n';
}

/** The rows of an UPDATED.csv whose every field is quoted (the generator's and the OIG's layout). */
export function readLeieRows(path: string): LeieCells[] {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/);
  const header = lines[0].split(',').map((c) => c.replace(/^"|"$/g, ''));
  if (header.join(',') !== LEIE_HEADER.join(',')) throw new Error(`${path}: not the LEIE layout (${lines[0]})`);
  return lines
    .slice(1)
    .filter((l) => l.length > 0)
    .map(quotedCells);
}

function quotedCells(line: string): LeieCells {
  const cells: string[] = [];
  let i = 0;
  while (i < line.length) {
    if (line[i] !== '"') throw new Error(`expected a quoted field at ${i}: ${line}`);
    let value = '';
    i++;
    for (;;) {
      const quote = line.indexOf('"', i);
      if (quote < 0) throw new Error(`unterminated field: ${line}`);
      value += line.slice(i, quote);
      if (line[quote + 1] === '"') {
        value += '"';
        i = quote + 2;
      } else {
        i = quote + 1;
        break;
      }
    }
    cells.push(value);
    if (i < line.length && line[i] !== ',') throw new Error(`expected a comma at ${i}: ${line}`);
    i++;
  }
  if (line.endsWith(',')) cells.push('');
  return cells;
}

/** A row naming a person (the rest name a business). */
export const isPersonRow = (cells: LeieCells): boolean => cells[LAST] !== '' && cells[FIRST] !== '';

export const personName = (cells: LeieCells): string => `${cells[FIRST]} ${cells[LAST]}`;

/** The row's date of birth as YYYY-MM-DD, or undefined when it has none. */
export function dateOfBirth(cells: LeieCells): string | undefined {
  const dob = cells[DOB];
  return /^\d{8}$/.test(dob) ? `${dob.slice(0, 4)}-${dob.slice(4, 6)}-${dob.slice(6)}` : undefined;
}

/** The same row with its date of birth a year earlier. */
export function withEarlierBirth(cells: LeieCells): LeieCells {
  const next = [...cells];
  next[DOB] = `${Number(cells[DOB].slice(0, 4)) - 1}${cells[DOB].slice(4)}`;
  return next;
}
