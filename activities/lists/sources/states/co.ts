import type { StateListMapping } from './mapping';

/**
 * HCPF provider termination list (XLSX). Only the `Termination List` sheet is read: the
 * `Reinstated Providers` sheet lists parties that are no longer terminated.
 */
export const co: StateListMapping = {
  state: 'CO',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/co/med_exclusions/crawler.py',
  layouts: [
    {
      sheet: 'Termination List',
      headerKeys: ['provider_name', 'npi'],
      action: 'Terminated',
      fields: {
        fullName: 'provider_name',
        aliases: 'doing_business_as_name',
        npi: 'npi',
        startDate: 'termination_effective_date',
        endDate: 'reinstatement_effective_date',
      },
    },
  ],
};
