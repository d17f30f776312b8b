/** Values publishers put in a cell to mean "nothing here" (data-sources.md §5.4). */
const PLACEHOLDERS = new Set([
  '',
  '-',
  '--',
  '---',
  'n/a',
  'na',
  'n.a.',
  'none',
  'no npi',
  'nrf',
  'not found',
  'null',
  'unknown',
  '<unavail>',
  '0000000000',
  '00000000',
]);

function isPlaceholder(value: string): boolean {
  return PLACEHOLDERS.has(value.trim().toLowerCase());
}

/** Trims and collapses inner whitespace; returns null for empty cells and placeholders. */
export function clean(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const collapsed = value.replace(/\s+/g, ' ').trim();
  return isPlaceholder(collapsed) ? null : collapsed;
}

/** A two-letter USPS code or null. */
export function cleanState(value: string | null | undefined): string | null {
  const state = clean(value)?.toUpperCase() ?? null;
  return state && /^[A-Z]{2}$/.test(state) ? state : null;
}
