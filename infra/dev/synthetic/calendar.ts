import { pad2 } from './text';

/** Dates as days since 1970-01-01 (UTC), so nothing depends on the machine's time zone. */
// Pure arithmetic (Hinnant's civil-date algorithms): Date parsing/formatting was the hot spot of the 2M-row NPPES file.
export function dayOf(iso: string): number {
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7));
  const dayOfMonth = Number(iso.slice(8, 10));
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + dayOfMonth - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

export function isoOf(day: number): string {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const dayOfMonth = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${pad2(month)}-${pad2(dayOfMonth)}`;
}

/** "2025-03-01" → "20250301" (LEIE). */
export function compactDate(iso: string): string {
  return iso.replace(/-/g, '');
}

/** "2025-03-01" → "03/01/2025" (SAM, NPPES, most states). */
export function usDate(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

/** "2025-03-01" → "25060": two-digit year plus day of the year, as in SAM extract names. */
export function julianStamp(iso: string): string {
  const year = Number(iso.slice(0, 4));
  const dayOfYear = dayOf(iso) - dayOf(`${year}-01-01`) + 1;
  return `${String(year).slice(2)}${String(dayOfYear).padStart(3, '0')}`;
}

/** The as-of date of a generated set: fixed by the seed so reruns are byte-identical. */
export function asOfDateForSeed(seed: number): string {
  return isoOf(dayOf('2025-01-01') + (Math.abs(seed) % 365));
}

export function previousMonthStart(iso: string): string {
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7));
  return month === 1 ? `${year - 1}-12-01` : `${year}-${pad2(month - 1)}-01`;
}

export function addYears(iso: string, years: number): string {
  const shifted = `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`;
  return shifted.endsWith('02-29') ? shifted.replace('02-29', '02-28') : shifted;
}

/** The Sunday on or before the date (NPPES cut-off). */
export function sundayOnOrBefore(iso: string): string {
  const day = dayOf(iso);
  const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
  return isoOf(day - weekday);
}
