import type { StateListMapping } from './mapping';

/**
 * Montana DPHHS excluded or terminated providers (XLSX, header on the first row), linked as
 * "Download Excluded or Terminated Provider list in Excel". People are written `LAST, FIRST`,
 * businesses without a comma; another name of a provider sits on its own row under it,
 * `a.k.a. NAME` in the name column.
 */
export const mt: StateListMapping = {
  state: 'MT',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/tree/main/datasets/us/mt/med_exclusions',
  layouts: [
    {
      headerKeys: ['terminated_excluded_provider_s', 'npi'],
      action: 'Excluded or terminated',
      aliasRowPrefix: 'a\\.k\\.a\\.?\\s+',
      fields: {
        fullName: 'terminated_excluded_provider_s',
        npi: 'npi',
        providerType: 'healthcare_profession',
        startDate: 'effective_date',
      },
    },
  ],
};
