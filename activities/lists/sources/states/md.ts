import type { StateListMapping } from './mapping';

/** Maryland Medicaid sanctioned providers (XLSX): a sanction-type legend follows the data, starting at `Sanction Type`. */
export const md: StateListMapping = {
  state: 'MD',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/md/med_exclusions/crawler.py',
  layouts: [
    {
      headerKeys: ['last_name_organization', 'first_name', 'npi'],
      stopAtFirstCell: 'Sanction Type',
      fields: {
        lastName: 'last_name_organization',
        firstName: 'first_name',
        npi: 'npi',
        providerType: 'type_of_entity_profession',
        state: 'city_state_zip',
        startDate: 'termination_sanction_date',
        action: 'sanction_type',
      },
    },
  ],
};
