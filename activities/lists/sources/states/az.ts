import type { StateListMapping } from './mapping';

/**
 * AHCCCS provider suspensions and terminations (PDF, a title line above the header): a provider
 * with two NPIs stacks them in one cell over two lines; `NONE` / `No NPI` when there is none.
 */
export const az: StateListMapping = {
  state: 'AZ',
  format: 'pdf',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/az/med_exclusions/crawler.py',
  pdf: { continuationWhenEmpty: 'effective_date', ignoreLines: [/^Page \d+( of \d+)?$/i] },
  layouts: [
    {
      headerKeys: ['name_provider', 'npi', 'effective_date'],
      fields: {
        fullName: 'name_provider',
        fullNameOrder: 'first_last',
        npi: 'npi',
        action: 'action_type_suspend_terminate',
        startDate: 'effective_date',
      },
    },
  ],
};
