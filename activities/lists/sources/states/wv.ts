import type { StateListMapping } from './mapping';

/**
 * West Virginia Medicaid exclusions and terminations (PDF): a title line above a header repeated
 * on every page, wrapped cells (names, addresses, several NPIs), `Deactivated` for an NPI, and
 * `M/D/YY` dates (two-digit years are 1977 or later).
 */
export const wv: StateListMapping = {
  state: 'WV',
  format: 'pdf',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/wv/med_exclusions/crawler.py',
  pdf: { continuationWhenEmpty: 'action_date', tokenColumns: ['zip', 'npi'], ignoreLines: [/^Page \d+( of \d+)?$/i] },
  layouts: [
    {
      headerKeys: ['last_name', 'first_name', 'npi', 'action_date'],
      fields: {
        lastName: 'last_name',
        firstName: 'first_name',
        npi: 'npi',
        state: 'state',
        action: 'excluded_terminated',
        startDate: 'action_date',
      },
    },
  ],
};
