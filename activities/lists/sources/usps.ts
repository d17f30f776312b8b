/** The 50 states, DC and the territories, as USPS codes. */
const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD',
  'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC',
  'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;
export const MEDICAID_JURISDICTIONS: readonly string[] = [...US_STATES, 'DC'];
const USPS = new Set<string>([...MEDICAID_JURISDICTIONS, 'PR', 'GU', 'VI', 'AS', 'MP']);

export const STATE_NAMES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa',
  KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan',
  MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire',
  NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio',
  OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota',
  TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia',
  WI: 'Wisconsin', WY: 'Wyoming', DC: 'District of Columbia',
};

/** A USPS code from a state cell, or from a combined `CITY, ST 12345` / `ST 12345` cell. */
export function extractState(value: string | null | undefined): string | null {
  const text = (value ?? '').trim().toUpperCase();
  if (!text) return null;
  if (USPS.has(text)) return text;
  const beforeZip = /\b([A-Z]{2})\s+\d{5}(?:-?\d{4})?\b/.exec(text);
  if (beforeZip && USPS.has(beforeZip[1])) return beforeZip[1];
  const leading = /^([A-Z]{2})\b/.exec(text);
  if (leading && USPS.has(leading[1])) return leading[1];
  return null;
}
