import type { StateListMapping } from './mapping';

/**
 * Alaska Medical Assistance Excluded Provider List (PDF): a cover page, then rows shaded in
 * turn; a long name wraps onto a line of its own with no date, and an entity has no first name.
 */
export const ak: StateListMapping = {
  state: 'AK',
  format: 'pdf',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/ak/med_exclusions/crawler.py',
  pdf: { skipPages: 1, continuationWhenEmpty: 'exclusion_date', ignoreLines: [/^Page \d+( of \d+)?$/i] },
  layouts: [
    {
      headerKeys: ['exclusion_date', 'last_name', 'first_name'],
      action: 'Excluded',
      fields: {
        lastName: 'last_name',
        firstName: 'first_name',
        providerType: 'provider_type',
        startDate: 'exclusion_date',
      },
    },
  ],
};
