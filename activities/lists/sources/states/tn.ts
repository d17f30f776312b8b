import type { StateListMapping } from './mapping';

/** TennCare terminated provider list (PDF): an entity has its name in Last Name and no first name. */
export const tn: StateListMapping = {
  state: 'TN',
  format: 'pdf',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/tn/med_exclusions/crawler.py',
  pdf: { continuationWhenEmpty: 'effective_date', ignoreLines: [/^Page \d+( of \d+)?$/i] },
  layouts: [
    {
      headerKeys: ['last_name', 'first_name', 'npi', 'effective_date'],
      action: 'Terminated',
      fields: {
        lastName: 'last_name',
        firstName: 'first_name',
        npi: 'npi',
        startDate: 'effective_date',
      },
    },
  ],
};
