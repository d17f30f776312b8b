import type { StateListMapping } from './mapping';

/**
 * Wyoming Medicaid Provider Exclusion List (PDF): a title above the header; a person, a
 * business, or both on one row (each an entry); a business cell starting `a.k.a.` holds another
 * name of the person instead (the engine reads a business cell holding only an alias marker as
 * the person's alias). The provider number is Wyoming Medicaid's own (kept raw, not an NPI).
 */
export const wy: StateListMapping = {
  state: 'WY',
  format: 'pdf',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/wy/med_exclusions/crawler.py',
  pdf: { continuationWhenEmpty: 'exclusion_date', ignoreLines: [/^Page \d+( of \d+)?$/i] },
  layouts: [
    {
      headerKeys: ['last_name', 'first_name', 'business_name', 'exclusion_date'],
      action: 'Excluded',
      fields: {
        lastName: 'last_name',
        firstName: 'first_name',
        orgName: 'business_name',
        providerType: 'provider_type',
        state: 'state',
        startDate: 'exclusion_date',
      },
    },
  ],
};
