/** CSV line builders for the quoting styles the real lists use. */

function escapeQuotes(value: string): string {
  return value.includes('"') ? value.replace(/"/g, '""') : value;
}

/** Every field quoted, empty ones as "" (LEIE UPDATED.csv, SAM, NPPES). */
export function quoteAllLine(fields: readonly string[]): string {
  let line = '"';
  for (let i = 0; i < fields.length; i++) {
    if (i > 0) line += '","';
    line += escapeQuotes(fields[i]);
  }
  return `${line}"`;
}

/** Older LEIE supplements: values quoted, empty fields left bare (so a trailing empty field ends the line with a comma). */
export function quoteNonEmptyLine(fields: readonly string[]): string {
  return fields.map((field) => (field === '' ? '' : `"${escapeQuotes(field)}"`)).join(',');
}

/** RFC 4180 minimal quoting, as spreadsheet exports write it. */
export function quoteMinimalLine(fields: readonly string[]): string {
  return fields.map((field) => (/[",\r\n]|^\s|\s$/.test(field) ? `"${escapeQuotes(field)}"` : field)).join(',');
}
