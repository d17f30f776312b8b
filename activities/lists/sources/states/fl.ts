import type { StateListMapping } from './mapping';

/**
 * Florida AHCA Medicaid Program Integrity final orders (legacy `.xls` report): one row per final
 * order, most of them fines. Only a suspension or a termination bars a provider, so only those
 * rows become entries; fines and other orders are read and skipped.
 */
export const fl: StateListMapping = {
  state: 'FL',
  format: 'xls',
  layoutSource:
    'https://github.com/rommelpascualsv/exclusion-importer/blob/812efa613ac9e4a4970f5bc722cc5a2447f765f8/app/Import/Lists/Florida.php',
  layouts: [
    {
      headerKeys: ['provider', 'sanction_type', 'sanction_date'],
      keepRowsWhere: { column: 'sanction_type', matching: '^(suspension|termination)\\b' },
      fields: {
        fullName: 'provider',
        npi: 'npi_number',
        providerType: 'provider_type',
        action: 'sanction_type',
        startDate: 'sanction_date',
      },
    },
  ],
};
