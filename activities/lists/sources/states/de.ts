import type { StateListMapping } from './mapping';

/**
 * Delaware Medicaid sanctioned providers (PDF, header on every page): credentials after the
 * name (`, DO`, `(PCA)`), aka / d.b.a., `-` for no DEA, licences with `PROMISe#` ids over
 * several lines, a reinstated date that may be text (`Reinstated effective 5/11/2020`, `N/A`).
 */
export const de: StateListMapping = {
  state: 'DE',
  format: 'pdf',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/de/med_exclusions/crawler.py',
  pdf: { continuationWhenEmpty: 'effective_date', ignoreLines: [/^Page \d+( of \d+)?$/i] },
  layouts: [
    {
      headerKeys: ['sanctioned_provider_name', 'npi', 'effective_date'],
      fields: {
        fullName: 'sanctioned_provider_name',
        fullNameOrder: 'first_last',
        fullNameNotes: 'credential',
        npi: 'npi',
        providerType: 'taxonomy',
        action: 'oig_medicaid_sanction',
        startDate: 'effective_date',
        endDate: 'reinstated_date',
      },
    },
  ],
};
