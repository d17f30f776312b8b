import type { StateListMapping } from './mapping';

/**
 * Kentucky Medicaid terminated and excluded providers (XLSX): a varying number of note rows above
 * the header, extra empty sheets. Practices have first name `N/A` and may carry `Owner: NAME`
 * and `dba` in the name; NPIs are `N/A` or several joined by `; `.
 */
export const ky: StateListMapping = {
  state: 'KY',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/ky/med_exclusions/crawler.py',
  layouts: [
    {
      headerKeys: ['first_name', 'last_name_or_practice_name', 'npi'],
      action: 'Terminated or excluded',
      fields: {
        lastName: 'last_name_or_practice_name',
        firstName: 'first_name',
        npi: 'npi',
        startDate: 'effective_date',
        endDate: 'timeframe_of_term_exclusion',
      },
    },
  ],
};
