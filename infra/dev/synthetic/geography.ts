import { Rng, WeightedTable, createRng, hashString } from './rng';

/** USPS codes with a rough population weight, two cities and a 3-digit ZIP prefix (for addresses). */
interface StateInfo {
  code: string;
  weight: number;
  cities: readonly [string, string];
  zip3: string;
}

const STATES: readonly StateInfo[] = [
  { code: 'AL', weight: 5, cities: ['BIRMINGHAM', 'MONTGOMERY'], zip3: '352' },
  { code: 'AK', weight: 0.7, cities: ['ANCHORAGE', 'FAIRBANKS'], zip3: '995' },
  { code: 'AZ', weight: 7, cities: ['PHOENIX', 'TUCSON'], zip3: '850' },
  { code: 'AR', weight: 3, cities: ['LITTLE ROCK', 'FORT SMITH'], zip3: '722' },
  { code: 'CA', weight: 39, cities: ['LOS ANGELES', 'FRESNO'], zip3: '900' },
  { code: 'CO', weight: 6, cities: ['DENVER', 'COLORADO SPRINGS'], zip3: '802' },
  { code: 'CT', weight: 3.6, cities: ['HARTFORD', 'NEW HAVEN'], zip3: '061' },
  { code: 'DE', weight: 1, cities: ['WILMINGTON', 'DOVER'], zip3: '198' },
  { code: 'DC', weight: 0.7, cities: ['WASHINGTON', 'WASHINGTON'], zip3: '200' },
  { code: 'FL', weight: 22, cities: ['MIAMI', 'TAMPA'], zip3: '331' },
  { code: 'GA', weight: 11, cities: ['ATLANTA', 'MACON'], zip3: '303' },
  { code: 'HI', weight: 1.4, cities: ['HONOLULU', 'HILO'], zip3: '968' },
  { code: 'ID', weight: 1.9, cities: ['BOISE', 'NAMPA'], zip3: '837' },
  { code: 'IL', weight: 12.5, cities: ['CHICAGO', 'SPRINGFIELD'], zip3: '606' },
  { code: 'IN', weight: 6.8, cities: ['INDIANAPOLIS', 'FORT WAYNE'], zip3: '462' },
  { code: 'IA', weight: 3.2, cities: ['DES MOINES', 'CEDAR RAPIDS'], zip3: '503' },
  { code: 'KS', weight: 2.9, cities: ['WICHITA', 'TOPEKA'], zip3: '672' },
  { code: 'KY', weight: 4.5, cities: ['LOUISVILLE', 'LEXINGTON'], zip3: '402' },
  { code: 'LA', weight: 4.6, cities: ['NEW ORLEANS', 'BATON ROUGE'], zip3: '701' },
  { code: 'ME', weight: 1.4, cities: ['PORTLAND', 'BANGOR'], zip3: '041' },
  { code: 'MD', weight: 6.2, cities: ['BALTIMORE', 'SILVER SPRING'], zip3: '212' },
  { code: 'MA', weight: 7, cities: ['BOSTON', 'WORCESTER'], zip3: '021' },
  { code: 'MI', weight: 10, cities: ['DETROIT', 'GRAND RAPIDS'], zip3: '482' },
  { code: 'MN', weight: 5.7, cities: ['MINNEAPOLIS', 'SAINT PAUL'], zip3: '554' },
  { code: 'MS', weight: 2.9, cities: ['JACKSON', 'GULFPORT'], zip3: '392' },
  { code: 'MO', weight: 6.2, cities: ['SAINT LOUIS', 'KANSAS CITY'], zip3: '631' },
  { code: 'MT', weight: 1.1, cities: ['BILLINGS', 'MISSOULA'], zip3: '591' },
  { code: 'NE', weight: 2, cities: ['OMAHA', 'LINCOLN'], zip3: '681' },
  { code: 'NV', weight: 3.2, cities: ['LAS VEGAS', 'RENO'], zip3: '891' },
  { code: 'NH', weight: 1.4, cities: ['MANCHESTER', 'NASHUA'], zip3: '031' },
  { code: 'NJ', weight: 9.3, cities: ['NEWARK', 'JERSEY CITY'], zip3: '071' },
  { code: 'NM', weight: 2.1, cities: ['ALBUQUERQUE', 'LAS CRUCES'], zip3: '871' },
  { code: 'NY', weight: 19.6, cities: ['NEW YORK', 'BROOKLYN'], zip3: '100' },
  { code: 'NC', weight: 10.7, cities: ['CHARLOTTE', 'RALEIGH'], zip3: '282' },
  { code: 'ND', weight: 0.8, cities: ['FARGO', 'BISMARCK'], zip3: '581' },
  { code: 'OH', weight: 11.8, cities: ['COLUMBUS', 'CLEVELAND'], zip3: '432' },
  { code: 'OK', weight: 4, cities: ['OKLAHOMA CITY', 'TULSA'], zip3: '731' },
  { code: 'OR', weight: 4.2, cities: ['PORTLAND', 'SALEM'], zip3: '972' },
  { code: 'PA', weight: 13, cities: ['PHILADELPHIA', 'PITTSBURGH'], zip3: '191' },
  { code: 'RI', weight: 1.1, cities: ['PROVIDENCE', 'WARWICK'], zip3: '029' },
  { code: 'SC', weight: 5.2, cities: ['COLUMBIA', 'CHARLESTON'], zip3: '292' },
  { code: 'SD', weight: 0.9, cities: ['SIOUX FALLS', 'RAPID CITY'], zip3: '571' },
  { code: 'TN', weight: 7, cities: ['NASHVILLE', 'MEMPHIS'], zip3: '372' },
  { code: 'TX', weight: 30, cities: ['HOUSTON', 'SAN ANTONIO'], zip3: '770' },
  { code: 'UT', weight: 3.4, cities: ['SALT LAKE CITY', 'PROVO'], zip3: '841' },
  { code: 'VT', weight: 0.6, cities: ['BURLINGTON', 'MONTPELIER'], zip3: '054' },
  { code: 'VA', weight: 8.6, cities: ['RICHMOND', 'NORFOLK'], zip3: '232' },
  { code: 'WA', weight: 7.8, cities: ['SEATTLE', 'SPOKANE'], zip3: '981' },
  { code: 'WV', weight: 1.8, cities: ['CHARLESTON', 'MORGANTOWN'], zip3: '253' },
  { code: 'WI', weight: 5.9, cities: ['MILWAUKEE', 'MADISON'], zip3: '532' },
  { code: 'WY', weight: 0.6, cities: ['CHEYENNE', 'CASPER'], zip3: '820' },
  { code: 'PR', weight: 1.2, cities: ['SAN JUAN', 'PONCE'], zip3: '009' },
  { code: 'VI', weight: 0.05, cities: ['CHARLOTTE AMALIE', 'CHRISTIANSTED'], zip3: '008' },
  { code: 'GU', weight: 0.05, cities: ['HAGATNA', 'DEDEDO'], zip3: '969' },
  { code: 'MP', weight: 0.02, cities: ['SAIPAN', 'SAIPAN'], zip3: '969' },
  { code: 'AS', weight: 0.02, cities: ['PAGO PAGO', 'PAGO PAGO'], zip3: '967' },
];

const stateTable = WeightedTable.of(STATES.map((state) => [state, state.weight] as const));
const byCode = new Map(STATES.map((state) => [state.code, state]));

export function pickState(rng: Rng): string {
  return stateTable.pick(rng).code;
}

const STREET_NAMES = [
  'MAIN',
  'OAK',
  'MAPLE',
  'PARK',
  'ELM',
  'WASHINGTON',
  'LAKE',
  'HILL',
  'CEDAR',
  'PINE',
  'MARKET',
  'CHURCH',
  'HIGH',
  'RIVER',
  'SPRING',
  'CENTER',
  'FRANKLIN',
  'LINCOLN',
  'JACKSON',
  'MADISON',
  'SUNSET',
  'WALNUT',
  'MLK JR',
  '191ST',
  '5TH',
  '2ND',
];
const STREET_TYPES = ['ST', 'AVE', 'RD', 'BLVD', 'DR', 'LN', 'CT', 'WAY', 'PKWY', 'HWY'];

export interface Address {
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip5: string;
  zip4: string;
  phone: string;
}

/** Deterministic per key, so the same party carries the same address in every list that names it. */
export function addressFor(key: string, state: string): Address {
  const rng = createRng(hashString(key));
  const info = byCode.get(state) ?? STATES[0];
  const number = 1 + rng.int(rng.chance(0.7) ? 9999 : 199);
  const street = `${number} ${rng.chance(0.15) ? rng.pick(['N', 'S', 'E', 'W']) + ' ' : ''}${rng.pick(STREET_NAMES)} ${rng.pick(STREET_TYPES)}`;
  const line2 = rng.chance(0.25) ? `${rng.pick(['APT', 'STE', 'UNIT', '#'])} ${1 + rng.int(400)}` : '';
  const pad = (value: number, width: number): string => String(value).padStart(width, '0');
  return {
    line1: rng.chance(0.04) ? `C/O ${street}` : street,
    line2,
    city: rng.pick(info.cities),
    state: info.code,
    zip5: info.zip3 + pad(rng.int(100), 2),
    zip4: pad(rng.int(10000), 4),
    phone: `${2 + rng.int(8)}${pad(rng.int(100), 2)}555${pad(rng.int(10000), 4)}`,
  };
}
