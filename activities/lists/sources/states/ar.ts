import type { StateListMapping } from './mapping';

/** Arkansas excluded providers (CSV): `LAST, FIRST` in one cell; facilities with `d/b/a` glued to the next word. */
export const ar: StateListMapping = {
  state: 'AR',
  format: 'csv',
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
