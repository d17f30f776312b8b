import type { StateListMapping } from './mapping';

/**
 * TennCare terminated provider list, read from the JSON feed behind the web table on TennCare's
 * program-integrity page (`…/parsys_terminated_providerlist/tn_complex_datatable.tablejson.json`):
 * `{ "data": [ { "Last Name", "First Name", "NPI", "Effective Date", "Reason" }, … ] }`, dates
 * written `05-Mar-2024`, `N/A` for no NPI. An entity has its name in Last Name and no first name.
 *
 * Until March 2025 TennCare published a PDF, which this mapping read first; the page now shows a
 * web table filled from this feed and the PDF is no longer what the state publishes. The feed
 * gives the same five columns as exact strings, with none of the PDF's wrapped lines.
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
