import type { StateListMapping } from './mapping';

/**
 * Indiana FSSA (OMPP) list of providers terminated from Medicaid and CHIP (XLSX, one title row),
 * linked as "Terminated providers". One free-form name cell for people and businesses; the
 * service-location address is one multi-line cell ending in `CITY, ST 12345`. Note rows among
 * the data ("For purposes of …") are skipped.
 */
export const inState: StateListMapping = {
  state: 'IN',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/tree/main/datasets/us/in/med_exclusions',
  layouts: [
    {
      headerKeys: ['provider_name', 'national_provider_identification_npi'],
      action: 'Terminated',
      skipRowsMatching: '\\bfor purposes of\\b',
      fields: {
        fullName: 'provider_name',
        npi: 'national_provider_identification_npi',
        state: 'service_location_address',
        startDate: 'termination_effective_date',
      },
    },
  ],
};
