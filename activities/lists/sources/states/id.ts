import type { StateListMapping } from './mapping';

/**
 * Idaho Medicaid provider exclusion list (PDF): a header wrapped over three lines, names as
 * `LAST, FIRST M` or a business, wrapped names continued on lines with no start date, and a
 * reinstatement date that ends the exclusion (`Indefinite` eligibility stays in the raw row).
 */
export const id: StateListMapping = {
  state: 'ID',
  format: 'pdf',
  layoutSource:
    'https://github.com/rommelpascualsv/exclusion-importer/blob/fc712e8497117984a70b522ec54675d0771241e7/app/Import/Lists/Idaho.php',
  pdf: {
    continuationWhenEmpty: 'exclusion_start_date',
    tokenColumns: ['exclusion_start_date', 'date_eligible_for_reinstatement', 'date_reinstated'],
    ignoreLines: [/^Page \d+( of \d+)?$/i],
  },
  layouts: [
    {
      headerKeys: ['name', 'exclusion_start_date'],
      action: 'Excluded',
      fields: {
        fullName: 'name',
        startDate: 'exclusion_start_date',
        endDate: 'date_reinstated',
      },
    },
  ],
};
