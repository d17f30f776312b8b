import type { StateListMapping } from './mapping';

/**
 * Vermont DVHA excluded providers (XLSX export): one row per provider status, the name in one
 * cell (`LAST, FIRST M` or a business), status code and its description, and an end date of
 * `12/31/9999` while the exclusion stands.
 */
export const vt: StateListMapping = {
  state: 'VT',
  format: 'xlsx',
  layoutSource:
    'https://github.com/rommelpascualsv/exclusion-importer/blob/4acaefab9582e7161ae75c2c29f5681a04f7dc9f/app/Import/Lists/Vermont.php',
  layouts: [
    {
      headerKeys: ['provider_npi', 'full_name', 'status_effective_date'],
      fields: {
        fullName: 'full_name',
        npi: 'provider_npi',
        state: 'state',
        providerType: 'provider_type',
        action: 'status_code_desc',
        startDate: 'status_effective_date',
        endDate: 'status_end_date',
      },
    },
  ],
};
