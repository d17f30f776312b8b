import type { StateListMapping } from './mapping';

/**
 * Michigan MDHHS sanctioned providers (XLSX, 1 title row). A row can name an entity and a person:
 * both are listed. Two sanction-date columns whose cells can hold several dates (the earliest
 * counts), each followed by a column headed `Sanction Source`. No state column: the state is MI.
 */
export const mi: StateListMapping = {
  state: 'MI',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/mi/med_exclusions/crawler.py',
  layouts: [
    {
      headerKeys: ['entity_name', 'last_name', 'first_name', 'npi'],
      action: 'Sanctioned',
      fields: {
        lastName: 'last_name',
        firstName: 'first_name',
        middleName: 'middle_name',
        orgName: 'entity_name',
        npi: 'npi',
        providerType: 'provider_category',
        startDates: ['sanction_date1', 'sanction_date2'],
      },
    },
  ],
};
