import type { StateListMapping } from './mapping';

/**
 * Iowa HHS Medicaid Sanctions List (XLSX, one title row above the header), linked from the
 * "Excluded Individuals and Entities" page. One row per sanction; the enrollment type says
 * Individual (also misspelt) or Organization. An organization row may also name the individual
 * behind it: that name becomes an alias of the organization, not an entry. The end-date column mixes dates with `Indefinite`,
 * `Federal Authority`, `On Payment Plan` and `1 year` (only dates and Indefinite are kept).
 */
export const ia: StateListMapping = {
  state: 'IA',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/tree/main/datasets/us/ia/med_exclusions',
  layouts: [
    {
      headerKeys: ['enrollment_type', 'legal_business_name', 'type_of_sanction'],
      kindColumn: { column: 'enrollment_type', organization: ['Organization'] },
      fields: {
        lastName: 'last_name',
        firstName: 'first_name',
        orgName: 'legal_business_name',
        npi: 'npi',
        providerType: 'specialty',
        action: 'type_of_sanction',
        startDate: 'effective_date',
        endDate: 'sanction_end_date',
      },
    },
  ],
};
