import type { StateListMapping } from './mapping';

/**
 * New Hampshire Medicaid provider exclusion and sanction list (XLSX, a title row). A person's
 * business (often a d/b/a) is kept as their alias; a row with only a business lists the business.
 * NPI `N/A` or a FEIN; dates mix `YYYY-MM-DD` and `MM/DD/YYYY`, and a cell can hold several.
 */
export const nh: StateListMapping = {
  state: 'NH',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/nh/med_exclusions/crawler.py',
  layouts: [
    {
      headerKeys: ['provider_individual_last_name', 'business_name', 'national_provider_identifier_npi'],
      action: 'Excluded or sanctioned',
      fields: {
        lastName: 'provider_individual_last_name',
        firstName: 'provider_individual_first_name',
        affiliation: 'business_name',
        aliases: 'business_name',
        npi: 'national_provider_identifier_npi',
        providerType: 'provider_individual_type',
        startDates: ['exclusion_sanction_effective_date'],
      },
    },
  ],
};
