import type { StateListMapping } from './mapping';

/**
 * TennCare terminated provider list, read from the JSON feed behind the web table on TennCare's
 * program-integrity page (`…/parsys_terminated_providerlist/tn_complex_datatable.tablejson.json`):
 * `{ "data": [ { "Last Name", "First Name", "NPI", "Effective Date", "Reason" }, … ] }`, dates
 * `05-Mar-2024`, `N/A` for no NPI; an entity's name is in Last Name. Since March 2025 the state
 * publishes this feed, not a PDF: the same five columns as exact strings, without wrapped lines.
 */
export const tn: StateListMapping = {
  state: 'TN',
  format: 'json',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/tn/med_exclusions/crawler.py',
  json: { recordsAt: 'data' },
  layouts: [
    {
      headerKeys: ['last_name', 'first_name', 'npi', 'effective_date', 'reason'],
      action: 'Terminated',
      fields: {
        lastName: 'last_name',
        firstName: 'first_name',
        npi: 'npi',
        startDate: 'effective_date',
      },
    },
  ],
};
