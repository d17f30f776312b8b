import type { StateListMapping } from './mapping';

/**
 * North Dakota HHS Medicaid provider exclusion list (XLSX, 10 title rows above the header),
 * linked as "ND Medicaid Provider Exclusion List". The name cell may carry `(aka …)` and a
 * trailing `Owner:`/`Owners:` part; the date cell is sometimes prefixed (`Termination 9/19/2024`,
 * `Denial …`); NPI is `N/A` for providers without one.
 */
export const nd: StateListMapping = {
  state: 'ND',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/tree/main/datasets/us/nd/med_exclusions',
  layouts: [
    {
      headerKeys: ['provider_name', 'npi', 'exclusion_date'],
      action: 'Excluded',
      fields: {
        fullName: 'provider_name',
        npi: 'npi',
        state: 'state',
        providerType: 'provider_type',
        startDate: 'exclusion_date',
      },
    },
  ],
};
