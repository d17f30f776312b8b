/** NPI check digit: Luhn over "80840" + the 10 digits (ISO 7812 card-issuer prefix). */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = '80840' + npi;
  let total = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d > 4 ? d * 2 - 9 : d * 2;
    total += d;
  }
  return total % 10 === 0;
}

// Ten digits not glued to other letters/digits, so ProviderOne ids like P1000123456 are not read as NPIs.
const NPI_TOKEN = /(?<![0-9A-Za-z])\d{10}(?![0-9A-Za-z])/g;

interface NpiExtraction {
  npis: string[];
  invalid: string[];
}

/**
 * Every NPI in a cell that may hold several (separated by `;`, `,`, `/`, `&`, `and`, newlines or
 * spaces) mixed with other ids and placeholders. Placeholders (`0000000000`, N/A, NONE, NRF…) yield
 * nothing; ten-digit tokens that fail the check digit are returned as `invalid` and never as NPIs.
 */
export function extractNpis(cell: string | null | undefined): NpiExtraction {
  const npis: string[] = [];
  const invalid: string[] = [];
  if (!cell) return { npis, invalid };
  for (const match of cell.matchAll(NPI_TOKEN)) {
    const token = match[0];
    if (token === '0000000000') continue;
    if (!isValidNpi(token)) invalid.push(token);
    else if (!npis.includes(token)) npis.push(token);
  }
  return { npis, invalid };
}
