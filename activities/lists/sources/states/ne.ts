import type { StateListMapping } from './mapping';

/**
 * Nebraska Medicaid Excluded Providers, NMEP (PDF, header on the first page only): coded
 * provider type, reason and sanction columns; header texts carry suffixes, so those keys match
 * by prefix; dates are `YYYY-MM-DD` written with a typographic dash.
 */
export const ne: StateListMapping = {
  state: 'NE',
  format: 'pdf',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/ne/med_exclusions/crawler.py',
  pdf: { continuationWhenEmpty: 'effective_date*', ignoreLines: [/^Page \d+( of \d+)?$/i] },
  layouts: [
    {
      headerKeys: ['provider_name*', 'organization_name', 'provider_npi', 'effective_date*'],
      fields: {
        fullName: 'provider_name*',
        fullNameOrder: 'first_last',
        orgName: 'organization_name',
        npi: 'provider_npi',
        providerType: 'provider_type_code',
        action: 'sanction_code',
        startDate: 'effective_date*',
      },
    },
  ],
};
