import type { EndDateKind } from './types';

function iso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1800 || year > 9999) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// Two-digit years (WV): 77..99 are 19xx, the rest 20xx.
function fullYear(year: string): number {
  const n = Number(year);
  if (year.length === 4) return n;
  return n >= 77 ? 1900 + n : 2000 + n;
}

// Excel stores dates as days since 1899-12-30; a bare number in a date column is one of those.
function fromExcelSerial(serial: number): string | null {
  if (serial < 1000 || serial > 2958465) return null;
  const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86400000);
  return iso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** `March 15, 2024`, `Mar. 5 2024` (MS, DC). */
const MONTH_NAME_DATE =
  /\b(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?\s+(\d{1,2}),?\s+(\d{4})\b/i;

/** `05-Mar-2024` (TennCare's feed, Oracle's `DD-MON-YYYY`). */
const DAY_MONTH_ABBREVIATION_DATE = /(?:^|\s)(\d{1,2})-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-(\d{4})(?:\s|$)/i;

/**
 * Parses the date formats the lists use: `YYYYMMDD` (LEIE, `00000000` = none), `MM/DD/YYYY`,
 * `M/D/YY`, `MM.DD.YY`, `Month D, YYYY`, `DD-Mon-YYYY`, `YYYY-MM-DD`, `MM-DD-YYYY`, Excel serials. Returns null when there is no valid date.
 * When a cell holds several dates, the first one counts.
 */
export function parseDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  if (!text || /^0+$/.test(text)) return null;
  let m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /(?:^|\s)(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s]|$)/.exec(text);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /(?:^|\s)(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})(?:\s|$)/.exec(text);
  if (m) return iso(fullYear(m[3]), Number(m[1]), Number(m[2]));
  m = /(?:^|\s)(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?:\s|$)/.exec(text);
  if (m) return iso(fullYear(m[3]), Number(m[1]), Number(m[2]));
  m = DAY_MONTH_ABBREVIATION_DATE.exec(text);
  if (m) return iso(Number(m[3]), MONTHS.indexOf(m[2].toLowerCase()) + 1, Number(m[1]));
  m = MONTH_NAME_DATE.exec(text);
  if (m) return iso(Number(m[3]), MONTHS.indexOf(m[1].slice(0, 3).toLowerCase()) + 1, Number(m[2]));
  if (/^\d+(\.\d+)?$/.test(text)) return fromExcelSerial(Number(text));
  return null;
}

interface EndDate {
  endDate: string | null;
  endDateKind: EndDateKind | null;
}

/** End of an exclusion: a date, or a sentinel (`Indefinite`, `PERMANENT`, `DECEASED`, a 9999 year). */
export function parseEndDate(value: string | null | undefined): EndDate {
  const text = (value ?? '').trim();
  if (!text) return { endDate: null, endDateKind: null };
  const lower = text.toLowerCase();
  if (lower.startsWith('indefinite')) return { endDate: null, endDateKind: 'indefinite' };
  if (lower.startsWith('permanent')) return { endDate: null, endDateKind: 'permanent' };
  if (lower.startsWith('deceased')) return { endDate: null, endDateKind: 'deceased' };
  if (/9999/.test(text)) return { endDate: null, endDateKind: 'indefinite' };
  const endDate = parseDate(text);
  return endDate ? { endDate, endDateKind: 'date' } : { endDate: null, endDateKind: null };
}
