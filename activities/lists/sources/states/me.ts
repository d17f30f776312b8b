import type { StateListMapping } from './mapping';

/**
 * MaineCare monthly exclusion report `PI0008-PM Monthly Exclusion Report.xlsx` (26 report rows
 * above the header), one file per month in the MaineCare document library. A business has no
 * first name and its name in the last-name column; up to four alias first/last name pairs follow
 * (for a business they name the people behind it, kept as aliases too).
 */
export const me: StateListMapping = {
  state: 'ME',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/tree/main/datasets/us/me/med_exclusions',
  layouts: [
    {
      headerKeys: ['provider_last_name', 'provider_first_name', 'state_exclusion_start_date'],
      action: 'Excluded',
      fields: {
        lastName: 'provider_last_name',
        firstName: 'provider_first_name',
        middleName: 'provider_mi',
        aliasNames: [1, 2, 3, 4].map((n) => ({ firstName: `alias_first_name_${n}`, lastName: `alias_last_name_${n}` })),
        providerType: 'provider_type',
        startDate: 'state_exclusion_start_date',
      },
    },
  ],
};
