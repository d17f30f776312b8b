import type { StateListMapping } from './mapping';

/** Arkansas excluded providers (CSV): `LAST, FIRST` in one cell; facilities with `d/b/a` glued to the next word. */
export const ar: StateListMapping = {
  state: 'AR',
  format: 'csv',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/ar/med_exclusions/crawler.py',
  layouts: [
    {
      headerKeys: ['provider_name', 'facility_name'],
      action: 'Excluded',
      fields: {
        fullName: 'provider_name',
        fullNameOrder: 'first_last',
        orgName: 'facility_name',
        state: 'state',
      },
    },
  ],
};
