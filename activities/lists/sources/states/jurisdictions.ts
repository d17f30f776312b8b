/**
 * Every Medicaid jurisdiction (the 50 states and DC): whether it keeps its own exclusion list,
 * who publishes it, where, in what format, how often, with which columns, and the public page
 * each fact was read from. Data only: the source descriptions (cadence, schedule, name), the
 * coverage report's gaps and the list in docs/lists.md are all derived from it.
 *
 * Research, November 2026. "Crawler" sources are the OpenSanctions crawlers that download and
 * parse each list (their metadata names the publisher and URL, their code the format and
 * columns); vendor sources are compliance vendors' state guides. Where no crawler reads a list
 * (CT, FL, ID, VT), the address comes from OpenSanctions' crawler-planning request issues and the
 * format and columns from an older public importer (rommelpascualsv/exclusion-importer). No
 * publisher page was read directly, so a cadence is `published: true` only where a source states it.
 */
import type { Cadence } from '../cadence';

/** `json feed`: a web table the page fills from a JSON document, which is the file to read (TN). */
/** `sharepoint xml`: a SharePoint list whose items are read from the site's list service (`Lists.asmx`, SOAP) (OR). */
export type ListFormat =
  'csv' | 'xlsx' | 'xls' | 'pdf' | 'html table' | 'json feed' | 'sharepoint xml' | 'search portal only' | 'none' | 'unconfirmed';

/**
 * - `separate_list`: a list of its own, published as a file or a web table (format known).
 * - `search_portal_only`: a list of its own that can only be searched name by name.
 * - `leie_reliant`: no list of its own; the state relies on the HHS-OIG LEIE.
 * - `unconfirmed`: a vendor says a list exists, but no public source we found gives its format.
 */
export type ListKind = 'separate_list' | 'search_portal_only' | 'leie_reliant' | 'unconfirmed';

export interface JurisdictionCadence {
  /** The cadence the schedule and the stale rule use. */
  period: Cadence;
  /** True when a source states the cadence; false when `period` is our assumption. */
  published: boolean;
  /** What the source says, or what we assume and why. */
  statement: string;
}

export interface Jurisdiction {
  /** USPS code. */
  state: string;
  kind: ListKind;
  /** The list's own name; null when the state keeps none. */
  listName: string | null;
  agency: string;
  /** The page or file where the list is published; null when there is none. */
  listUrl: string | null;
  format: ListFormat;
  cadence: JurisdictionCadence;
  /** Columns as the crawler reads them (normalized header keys), or as a vendor describes them. */
  columns: readonly string[];
  /** The public pages that told us (at least one). */
  sources: readonly string[];
  /** What a compliance officer does while this service has no adapter for the state. Follows the state's name. */
  gapReason: string;
}

const crawler = (st: string, dir = 'med_exclusions'): string =>
  `https://github.com/opensanctions/opensanctions/tree/main/datasets/us/${st}/${dir}`;
const VENDOR_STATE_GRID = 'https://www.exclusionscreening.com/tag/sam/';
const VENDOR_NO_LIST = 'https://www.exclusionscreening.com/state-exclusion-databases-medicaid-exclusion/';
const VENDOR_NO_LIST_WITH_VA = 'https://healthprovidersdb.com/wp/state-exclusion-list-faqs';
const PROVIDERTRUST_GUIDE = 'https://www.providertrust.com/blog/state-medicaid-exclusion-lists/';

const UNPUBLISHED: JurisdictionCadence = {
  period: 'irregular',
  published: false,
  statement: 'not published; assumed to change as actions occur',
};
const LEIE_CADENCE: JurisdictionCadence = {
  period: 'monthly',
  published: true,
  statement: 'no list of its own; the LEIE it relies on is published monthly',
};

function leieReliant(state: string, agency: string, sources: readonly string[]): Jurisdiction {
  return {
    state,
    kind: 'leie_reliant',
    listName: null,
    agency,
    listUrl: null,
    format: 'none',
    cadence: LEIE_CADENCE,
    columns: [],
    sources,
    gapReason: 'keeps no separate Medicaid exclusion list and relies on the HHS-OIG LEIE; screening the LEIE covers it',
  };
}

export const JURISDICTIONS: readonly Jurisdiction[] = [
  {
    state: 'AK',
    kind: 'separate_list',
    listName: 'Alaska Medical Assistance Excluded Provider List',
    agency: 'Alaska Department of Health, Medicaid Program Integrity',
    listUrl: 'https://health.alaska.gov/en/office-of-the-commissioner/medicaid-program-integrity/',
    format: 'pdf',
    cadence: UNPUBLISHED,
    columns: ['exclusion_date', 'last_name', 'first_name', 'provider_type', 'exclusion_authority', 'exclusion_reason'],
    sources: [crawler('ak')],
    gapReason:
      'publishes a PDF list (a cover page, then a table whose names wrap onto the next line) that no adapter reads yet; screen by hand at https://health.alaska.gov/en/office-of-the-commissioner/medicaid-program-integrity/',
  },
  {
    state: 'AL',
    kind: 'separate_list',
    listName: 'Alabama Medicaid Suspended Providers',
    agency: 'Alabama Medicaid Agency',
    listUrl: 'https://medicaid.alabama.gov/content/8.0_Fraud/8.7_Suspended_Providers.aspx',
    format: 'xlsx',
    cadence: { period: 'monthly', published: true, statement: 'monthly, as the ProviderTrust state guide reports' },
    columns: ['column_0 (the provider, with category heading rows mixed in)', 'effective_date'],
    sources: [
      crawler('al'),
      'https://github.com/opensanctions/opensanctions/commit/6ed13e268833d6fd90fc7d71e2cc70f1c4bf02c8',
      PROVIDERTRUST_GUIDE,
    ],
    gapReason:
      'publishes an Excel list (also as PDF) with category heading rows between the providers; screen by hand at https://medicaid.alabama.gov/content/8.0_Fraud/8.7_Suspended_Providers.aspx',
  },
  {
    state: 'AR',
    kind: 'separate_list',
    listName: 'Arkansas DHS Excluded Provider List',
    agency: 'Arkansas Department of Human Services',
    listUrl: 'https://dhs.arkansas.gov/dhs/portal/Exclusions/PublicSearch/',
    format: 'csv',
    cadence: UNPUBLISHED,
    columns: ['Division', 'Provider Name', 'Facility Name', 'City', 'State', 'Zip'],
    sources: [crawler('ar')],
    gapReason:
      'publishes a CSV download beside its search page; screen by hand at https://dhs.arkansas.gov/dhs/portal/Exclusions/PublicSearch/',
  },
  {
    state: 'AZ',
    kind: 'separate_list',
    listName: 'AHCCCS Provider Suspensions and Terminations',
    agency: 'Arizona Health Care Cost Containment System (AHCCCS), Office of Inspector General',
    listUrl: 'https://www.azahcccs.gov/Fraud/Downloads/ProviderSuspensionsTerminations.pdf',
    format: 'pdf',
    cadence: UNPUBLISHED,
    columns: ['name_provider', 'npi', 'action_type_suspend_terminate', 'effective_date'],
    sources: [crawler('az')],
    gapReason:
      'publishes a PDF table (multi-line cells split rows) that no adapter reads yet; screen by hand at https://www.azahcccs.gov/Fraud/Providers/actions.html',
  },
  {
    state: 'CA',
    kind: 'separate_list',
    listName: 'California Medi-Cal Suspended and Ineligible Provider List',
    agency: 'California Department of Health Care Services (DHCS)',
    listUrl: 'https://mcweb.apps.prd.cammis.medi-cal.ca.gov/references/sandi',
    format: 'csv',
    cadence: UNPUBLISHED,
    columns: [
      'last_name',
      'first_name',
      'middle_name',
      'a_k_a_d_b_a',
      'addresses',
      'provider_type',
      'license_number',
      'provider_number',
      'date_of_suspension',
      'active_period',
    ],
    sources: [crawler('ca')],
    gapReason: 'publishes a CSV list; screen by hand at https://mcweb.apps.prd.cammis.medi-cal.ca.gov/references/sandi',
  },
  {
    state: 'CO',
    kind: 'separate_list',
    listName: 'Colorado HCPF Provider Termination List',
    agency: 'Colorado Department of Health Care Policy & Financing (HCPF)',
    listUrl: 'https://hcpf.colorado.gov/provider-termination',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: [
      'provider_name',
      'npi',
      'doing_business_as_name',
      'termination_effective_date',
      'termination_authority',
      'reinstatement_effective_date',
    ],
    sources: [crawler('co')],
    gapReason: 'publishes an Excel list; screen by hand at https://hcpf.colorado.gov/provider-termination',
  },
  {
    state: 'CT',
    kind: 'separate_list',
    listName: 'Connecticut DSS Quality Assurance Administrative Actions List',
    agency: 'Connecticut Department of Social Services (DSS), Office of Quality Assurance',
    listUrl: 'https://portal.ct.gov/dss/quality-assurance/quality-assurance-administrative-actions-list?language=en_US',
    format: 'html table',
    cadence: UNPUBLISHED,
    columns: ['name', 'business', 'specialty', 'address', 'effective_date', 'period', 'action'],
    sources: [
      'https://github.com/opensanctions/crawler-planning/issues/407',
      'https://github.com/rommelpascualsv/exclusion-importer/blob/9c228f0a1040b8195d6a8678c2cd5758d7406561/app/Import/Lists/Connecticut.php',
      VENDOR_STATE_GRID,
    ],
    gapReason:
      'publishes an administrative actions table behind a bot wall; screen by hand at https://portal.ct.gov/dss/quality-assurance/quality-assurance-administrative-actions-list',
  },
  {
    state: 'DC',
    kind: 'separate_list',
    listName: 'District of Columbia Excluded Parties List (government-wide procurement exclusions)',
    agency: 'DC Office of Contracting and Procurement',
    listUrl: 'https://ocp.dc.gov/page/excluded-parties-list',
    format: 'html table',
    cadence: UNPUBLISHED,
    columns: [
      'name_of_company',
      'name_of_individual',
      'principals',
      'principal_address',
      'action_date',
      'expiration_date',
      'termination_date',
      'agency_instituting_the_action',
      'reason_for_the_action',
    ],
    sources: [crawler('dc', 'exclusions'), VENDOR_STATE_GRID],
    gapReason:
      'publishes a government-wide excluded parties web table (not Medicaid-specific; no separate DC Medicaid list was found) that no adapter reads yet; screen by hand at https://ocp.dc.gov/page/excluded-parties-list',
  },
  {
    state: 'DE',
    kind: 'separate_list',
    listName: 'Delaware Medicaid Sanctioned Providers',
    agency: 'Delaware Health and Social Services, Division of Medicaid and Medical Assistance',
    listUrl: 'https://medicaidpublications.dhss.delaware.gov/docs/Search?Command=Core_Download&EntryId=1671',
    format: 'pdf',
    cadence: UNPUBLISHED,
    columns: [
      'sanctioned_provider_name',
      'npi',
      'taxonomy',
      'dea',
      'license',
      'oig_medicaid_sanction',
      'effective_date',
      'reinstated_date',
      'comments',
      'year',
    ],
    sources: [crawler('de')],
    gapReason:
      'publishes a PDF list (header repeated on every page) that no adapter reads yet; screen by hand at https://medicaid.dhss.delaware.gov/provider/Home/ProgramIntegrityLanding/tabid/2102/Default.aspx',
  },
  {
    state: 'FL',
    kind: 'separate_list',
    listName: 'Florida AHCA Medicaid Sanctioned Providers (final orders)',
    agency: 'Florida Agency for Health Care Administration (AHCA), Medicaid Program Integrity',
    listUrl: 'https://ahca.myflorida.com',
    format: 'xls',
    cadence: UNPUBLISHED,
    columns: [
      'provider',
      'medicaid_provider_number',
      'license_number',
      'npi_number',
      'provider_type',
      'date_rendered',
      'sanction_type',
      'violation_code',
      'fine_amount',
      'sanction_date',
      'ahca_case_number',
      'formal_informal_case_number',
      'document_type',
    ],
    sources: [
      'https://github.com/rommelpascualsv/exclusion-importer/blob/812efa613ac9e4a4970f5bc722cc5a2447f765f8/app/Import/Lists/Florida.php',
      'https://github.com/opensanctions/crawler-planning/issues/640',
      VENDOR_STATE_GRID,
    ],
    gapReason:
      'publishes one row per sanction final order (most are fines, not exclusions; only suspensions and terminations bar a provider); screen by hand through AHCA Medicaid Program Integrity (https://ahca.myflorida.com)',
  },
  {
    state: 'GA',
    kind: 'separate_list',
    listName: 'Georgia Medicaid OIG Exclusions List',
    agency: 'Georgia Department of Community Health, Office of Inspector General',
    listUrl: 'https://dch.georgia.gov/office-inspector-general/georgia-oig-exclusions-list',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: ['last_name', 'first_name', 'middle_name', 'business_name', 'general', 'state', 'npi', 'sancdate'],
    sources: [crawler('ga')],
    gapReason: 'publishes an Excel list; screen by hand at https://dch.georgia.gov/office-inspector-general/georgia-oig-exclusions-list',
  },
  {
    state: 'HI',
    kind: 'separate_list',
    listName: 'Hawaii Medicaid Provider Exclusion and Reinstatement List',
    agency: "Hawai'i Department of Human Services, Med-QUEST Division",
    listUrl: 'https://medquest.hawaii.gov/en/plans-providers/provider-exclusion-reinstatement-list.html',
    format: 'pdf',
    cadence: UNPUBLISHED,
    columns: [
      'last_name_or_business_name',
      'first_name',
      'middle_initial',
      'medicaid_provider_id',
      'last_known_program_or_provider_type',
      'exclusion_date',
      'reinstatement_date',
    ],
    sources: [crawler('hi')],
    gapReason:
      'publishes a PDF list (exclusions and reinstatements together) that no adapter reads yet; screen by hand at https://medquest.hawaii.gov/en/plans-providers/provider-exclusion-reinstatement-list.html',
  },
  {
    state: 'IA',
    kind: 'separate_list',
    listName: 'Iowa Medicaid Sanctions List',
    agency: 'Iowa Health and Human Services',
    listUrl: 'https://hhs.iowa.gov/programs/welcome-iowa-medicaid/provider-services/excluded-individuals-and-entities',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: [
      'enrollment_type',
      'first_name',
      'last_name',
      'legal_business_name',
      'npi',
      'affiliated_npi',
      'specialty',
      'state_license_type',
      'state_license_number',
      'type_of_sanction',
      'effective_date',
      'sanction_end_date',
      'authority',
      'eligible_to_reapply_date',
    ],
    sources: [crawler('ia')],
    gapReason:
      'publishes an Excel list that no adapter reads yet; screen by hand at https://hhs.iowa.gov/programs/welcome-iowa-medicaid/provider-services/excluded-individuals-and-entities',
  },
  {
    state: 'ID',
    kind: 'separate_list',
    listName: 'Idaho Medicaid Provider Exclusion List',
    agency: 'Idaho Department of Health and Welfare, Medicaid Program Integrity',
    listUrl: 'https://publicdocuments.dhw.idaho.gov/WebLink/DocView.aspx?id=6158&dbid=0&repo=PUBLIC-DOCUMENTS&cr=1',
    format: 'pdf',
    cadence: UNPUBLISHED,
    columns: ['name', 'exclusion_start_date', 'date_eligible_for_reinstatement', 'date_reinstated', 'additional_information'],
    sources: [
      'https://github.com/opensanctions/crawler-planning/issues/584',
      'https://github.com/opensanctions/crawler-planning/issues/408',
      'https://github.com/rommelpascualsv/exclusion-importer/blob/fc712e8497117984a70b522ec54675d0771241e7/app/Import/Lists/Idaho.php',
    ],
    gapReason:
      'publishes a PDF list in its public documents repository; screen by hand at https://publicdocuments.dhw.idaho.gov/WebLink/DocView.aspx?id=6158&dbid=0&repo=PUBLIC-DOCUMENTS&cr=1',
  },
  {
    state: 'IL',
    kind: 'separate_list',
    listName: 'Illinois HFS OIG Provider Sanctions List',
    agency: 'Illinois Department of Healthcare and Family Services, Office of Inspector General',
    listUrl: 'https://hfs.illinois.gov/oig/sanctionslist.html',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: [
      'provider_name',
      'license',
      'npi',
      'provider_type',
      'affiliation',
      'action_date',
      'action_type',
      'address',
      'address_2',
      'city',
      'state',
      'zip_code',
    ],
    // The only crawler is an unmerged pull request (opensanctions#1682); the link names its last commit.
    sources: [
      'https://github.com/opensanctions/opensanctions/pull/1682',
      'https://github.com/opensanctions/opensanctions/tree/5037e872443a01be475e18c5087d520eacf326ba/datasets/us/il/med_exclusions',
    ],
    gapReason:
      'publishes an Excel export from a Dynamics portal (names as LAST FIRST without a comma); screen by hand at https://hfs.illinois.gov/oig/sanctionslist.html',
  },
  {
    state: 'IN',
    kind: 'separate_list',
    listName: 'Indiana Medicaid Terminated Providers',
    agency: 'Indiana Family and Social Services Administration, Office of Medicaid Policy and Planning',
    listUrl: 'https://www.in.gov/fssa/ompp/provider-information/termination-of-provider-participation-in-medicaid-and-chip/',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: ['provider_name', 'national_provider_identification_npi', 'service_location_address', 'termination_effective_date'],
    sources: [crawler('in')],
    gapReason:
      'publishes an Excel list of terminated providers that no adapter reads yet; screen by hand at https://www.in.gov/fssa/ompp/provider-information/termination-of-provider-participation-in-medicaid-and-chip/',
  },
  {
    state: 'KS',
    kind: 'separate_list',
    listName: 'Kansas Medicaid Termination List',
    agency: 'Kansas Department of Health and Environment, Division of Health Care Finance',
    listUrl: 'https://www.kdhe.ks.gov/172/Medicaid',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: ['name', 'npi', 'kmap_provider', 'd_b_a_business_name', 'provider_type', 'termination_date', 'comments'],
    sources: [crawler('ks')],
    gapReason: 'publishes an Excel termination list that no adapter reads yet; screen by hand at https://www.kdhe.ks.gov/172/Medicaid',
  },
  {
    state: 'KY',
    kind: 'separate_list',
    listName: 'Kentucky Medicaid Terminated and Excluded Providers',
    agency: 'Kentucky Cabinet for Health and Family Services, Department for Medicaid Services',
    listUrl: 'https://www.chfs.ky.gov/agencies/dms/dpi/pe/Documents/KYMedicaidTerminationList.xlsx',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: [
      'last_name_or_practice_name',
      'first_name',
      'npi',
      'license',
      'effective_date',
      'reason_for_term_exclusion',
      'timeframe_of_term_exclusion',
    ],
    sources: [crawler('ky')],
    gapReason:
      'publishes an Excel list that no adapter reads yet; screen by hand at https://www.chfs.ky.gov/agencies/dms/dpi/pe/Pages/terminated.aspx',
  },
  {
    state: 'LA',
    kind: 'separate_list',
    listName: 'Louisiana LDH Exclusion Database (Adverse Actions List)',
    agency: 'Louisiana Department of Health',
    listUrl: 'https://adverseactions.ldh.la.gov/SelSearch/',
    format: 'csv',
    cadence: UNPUBLISHED,
    columns: [
      'First Name',
      'Last Name or Entity Name',
      'Birthdate',
      'Affiliated Entity',
      'Title or Provider Type',
      'NPI#',
      'State and Zip',
      'Type of Exclusion',
      'Reason for Exclusion',
      'Reason for Termination',
      'Period of Exclusion',
      'Period of Enrollment Prohibition',
      'Effective Date',
      'Reinstate',
      'Program Office',
    ],
    sources: [crawler('la')],
    gapReason: 'publishes a CSV export of its search database; screen by hand at https://adverseactions.ldh.la.gov/SelSearch/',
  },
  {
    state: 'MA',
    kind: 'separate_list',
    listName: 'MassHealth Suspended or Excluded Providers',
    agency: 'MassHealth (Executive Office of Health and Human Services)',
    listUrl: 'https://www.mass.gov/info-details/learn-about-suspended-or-excluded-masshealth-providers',
    format: 'xlsx',
    cadence: { period: 'monthly', published: true, statement: 'updated monthly, as the publisher says (quoted in the crawler metadata)' },
    columns: [
      'provider_name',
      'national_provider_identifier_npi',
      'provider_type',
      'unique_id',
      'suspension_exclusion_effective_date',
      'suspension_exclusion_reason',
    ],
    sources: [crawler('ma')],
    gapReason:
      'publishes an Excel list that no adapter reads yet; screen by hand at https://www.mass.gov/info-details/learn-about-suspended-or-excluded-masshealth-providers',
  },
  {
    state: 'MD',
    kind: 'separate_list',
    listName: 'Maryland Medicaid Sanctioned Provider List',
    agency: 'Maryland Department of Health, Medicaid',
    listUrl: 'https://health.maryland.gov/mmcp/provider/Pages/sanctioned_list.aspx',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: [
      'last_name_organization',
      'first_name',
      'npi',
      'type_of_entity_profession',
      'license_no',
      'address',
      'city_state_zip',
      'termination_sanction_date',
      'sanction_type',
    ],
    sources: [crawler('md')],
    gapReason: 'publishes an Excel list; screen by hand at https://health.maryland.gov/mmcp/provider/Pages/sanctioned_list.aspx',
  },
  {
    state: 'ME',
    kind: 'separate_list',
    listName: 'MaineCare Monthly Exclusion Report',
    agency: 'Maine Department of Health and Human Services, MaineCare Program Integrity',
    listUrl: 'https://mainecare.maine.gov/PrvExclRpt/Forms/AllItems.aspx',
    format: 'xlsx',
    cadence: { period: 'monthly', published: true, statement: 'monthly: the file is published as a monthly exclusion report' },
    columns: ['provider_last_name', 'provider_first_name', 'provider_mi', 'provider_type', 'state_exclusion_start_date'],
    sources: [crawler('me')],
    gapReason:
      'publishes a monthly Excel report (about 26 lines of notes above the table) that no adapter reads yet; screen by hand at https://mainecare.maine.gov/mhpviewer.aspx?FID=MEEX',
  },
  {
    state: 'MI',
    kind: 'separate_list',
    listName: 'Michigan List of Sanctioned Providers',
    agency: 'Michigan Department of Health and Human Services',
    listUrl: 'https://www.michigan.gov/mdhhs/doing-business/providers/providers/billingreimbursement/list-of-sanctioned-providers',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: [
      'entity_name',
      'last_name',
      'first_name',
      'middle_name',
      'provider_category',
      'npi',
      'license',
      'city',
      'sanction_date1',
      'sanction_date2',
      'reason',
      'sanction_source1',
      'sanction_source2',
    ],
    sources: [crawler('mi')],
    gapReason:
      'publishes an Excel list that no adapter reads yet; screen by hand at https://www.michigan.gov/mdhhs/doing-business/providers/providers/billingreimbursement/list-of-sanctioned-providers',
  },
  {
    state: 'MN',
    kind: 'separate_list',
    listName: 'Minnesota Health Care Programs Excluded Providers (group and individual lists)',
    agency: 'Minnesota Department of Human Services, Minnesota Health Care Programs',
    listUrl:
      'http://www.dhs.state.mn.us/main/idcplg?IdcService=GET_DYNAMIC_CONVERSION&RevisionSelectionMethod=LatestReleased&dDocName=DHS-295094',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: [
      'practice_name (group file)',
      'first_name, middle_name, last_name (individual file)',
      'provider_type_description',
      'address_line1',
      'address_line2',
      'city',
      'state',
      'zip_code',
      'effective_date_of_exclusion',
      'exclusion_status',
    ],
    sources: [crawler('mn')],
    gapReason:
      'publishes two Excel lists (groups and individuals, different layouts) that no adapter reads yet; screen both by hand from https://mn.gov/dhs/partners-and-providers/program-overviews/mhcp/',
  },
  {
    state: 'MO',
    kind: 'separate_list',
    listName: 'Missouri Medicaid Provider Sanctions / Terminations List',
    agency: 'Missouri Medicaid Audit & Compliance (MMAC)',
    listUrl: 'https://mmac.mo.gov/providers/provider-sanctions/',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: ['provider_name', 'npi', 'prov_type_specialty', 'license', 'term_date', 'letter_date', 'termination_reason'],
    sources: [crawler('mo')],
    gapReason:
      'publishes an Excel sanction list that no adapter reads yet; screen by hand at https://mmac.mo.gov/providers/provider-sanctions/',
  },
  {
    state: 'MS',
    kind: 'separate_list',
    listName: 'Mississippi Medicaid Sanctioned Provider List',
    agency: 'Mississippi Division of Medicaid',
    listUrl: 'https://medicaid.ms.gov/providers/provider-terminations/',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: [
      'entity_type',
      'organization_name',
      'last_name',
      'first_name',
      'middle_name',
      'suffix',
      'date_of_birth',
      'npi',
      'medicaid_id',
      'provider_type',
      'speciality',
      'address_line_1',
      'address_line_2',
      'city',
      'state',
      'zipcode',
      'sanction_type',
      'termination_effective_date',
      'termination_end_date',
      'termination_reason',
      'additional_notes',
    ],
    sources: [crawler('ms')],
    gapReason:
      'publishes an Excel list (about 8 title rows above the header) that no adapter reads yet; screen by hand at https://medicaid.ms.gov/providers/provider-terminations/',
  },
  {
    state: 'MT',
    kind: 'separate_list',
    listName: 'Montana Healthcare Programs Terminated and Excluded Providers',
    agency: 'Montana Department of Public Health and Human Services',
    listUrl: 'https://dphhs.mt.gov/montanahealthcareprograms/terminatedexcludedproviders',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: ['terminated_excluded_provider_s (a.k.a. rows follow their provider)', 'healthcare_profession', 'npi', 'effective_date'],
    sources: [crawler('mt')],
    gapReason:
      'publishes an Excel list (aliases on rows of their own under each provider) that no adapter reads yet; screen by hand at https://dphhs.mt.gov/montanahealthcareprograms/terminatedexcludedproviders',
  },
  {
    state: 'NC',
    kind: 'separate_list',
    listName: 'North Carolina Medicaid State Excluded Provider List',
    agency: 'NC Department of Health and Human Services, NC Medicaid (Division of Health Benefits)',
    listUrl: 'https://medicaid.ncdhhs.gov/providers/excluded-providers',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: [
      'excluded_entity',
      'npi_atypical_id_excluded',
      'ownership',
      'city',
      'state',
      'zip_code',
      'effective_date',
      'reason_for_exclusion',
    ],
    sources: [crawler('nc')],
    gapReason: 'publishes an Excel list; screen by hand at https://medicaid.ncdhhs.gov/providers/excluded-providers',
  },
  {
    state: 'ND',
    kind: 'separate_list',
    listName: 'North Dakota Medicaid Provider Exclusion List',
    agency: 'North Dakota Health and Human Services',
    listUrl: 'https://www.hhs.nd.gov/healthcare/medicaid/provider/compliance/fraud-and-abuse',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: [
      'provider_name',
      'provider_type',
      'npi',
      'license_number',
      'street_address',
      'city',
      'state',
      'zip',
      'exclusion_date',
      'reason_for_exclusion',
    ],
    sources: [crawler('nd')],
    gapReason:
      'publishes an Excel list that no adapter reads yet; screen by hand at https://www.hhs.nd.gov/healthcare/medicaid/provider/compliance/fraud-and-abuse',
  },
  {
    state: 'NE',
    kind: 'separate_list',
    listName: 'Nebraska Medicaid Excluded Providers (NMEP)',
    agency: 'Nebraska Department of Health and Human Services, Program Integrity',
    listUrl: 'https://dhhs.ne.gov/Documents/Medicaid%20Excluded%20Providers.pdf',
    format: 'pdf',
    cadence: UNPUBLISHED,
    columns: [
      'provider_name',
      'organization_name',
      'provider_npi',
      'provider_type_code',
      'reason_for_action_code',
      'sanction_code',
      'sanction_type_code',
      'effective_date',
      'date_added_to_nmep',
    ],
    sources: [crawler('ne')],
    gapReason:
      'publishes a PDF list of coded values that no adapter reads yet; screen by hand at https://dhhs.ne.gov/Pages/Program-Integrity-Sanctioned-Providers.aspx',
  },
  {
    state: 'NH',
    kind: 'separate_list',
    listName: 'New Hampshire Medicaid Provider Exclusion and Sanction List',
    agency: 'New Hampshire Department of Health and Human Services',
    listUrl: 'https://www.dhhs.nh.gov/programs-services/medicaid/medicaid-provider-relations',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: [
      'provider_individual_first_name',
      'provider_individual_last_name',
      'business_name',
      'national_provider_identifier_npi',
      'provider_individual_type',
      'exclusion_sanction_reason',
      'exclusion_sanction_effective_date',
    ],
    sources: [crawler('nh')],
    gapReason:
      'publishes an Excel list that no adapter reads yet; screen by hand at https://www.dhhs.nh.gov/programs-services/medicaid/medicaid-provider-relations',
  },
  {
    state: 'NJ',
    kind: 'separate_list',
    listName: 'New Jersey Consolidated Debarment Report (ineligible Medicaid providers)',
    agency: 'New Jersey Office of the State Comptroller, Medicaid Fraud Division',
    listUrl: 'https://www.nj.gov/comptroller/doc/nj_debarment_list.pdf',
    format: 'pdf',
    cadence: UNPUBLISHED,
    columns: ['provider_name', 'title', 'npi_number', 'street', 'city', 'state', 'zip', 'action', 'effective_date', 'expiration_date'],
    sources: [crawler('nj')],
    gapReason:
      'publishes a PDF debarment report (a cover page, names wrapping across lines) that no adapter reads yet; screen by hand at https://www.nj.gov/comptroller/doc/nj_debarment_list.pdf',
  },
  leieReliant('NM', 'New Mexico Health Care Authority', [VENDOR_NO_LIST, VENDOR_NO_LIST_WITH_VA]),
  {
    state: 'NV',
    kind: 'separate_list',
    listName: 'Nevada Medicaid Provider Exclusions and Sanctions',
    agency: 'Nevada Department of Health and Human Services, Division of Health Care Financing and Policy',
    listUrl: 'https://www.omig.nv.gov/provider-enrollment--termination/provider-exclusions-sanctions-and-press-releases/',
    format: 'pdf',
    cadence: UNPUBLISHED,
    columns: [
      'excluded_providers_entities_and_or_individuals',
      'sanctioned_excluded_npi',
      'medicaid_provider',
      'provider_type',
      'associated_legal_entity',
      'persons_with_controlling_interest_of_5_or_more',
      'contract_termination_date',
      'nevada_medicaid_sanction_tier',
      'nevada_medicaid_sanction_period',
      'nevada_medicaid_sanction_period_end_date',
      'oig_exclusion_date',
      'oig_reinstate_date',
    ],
    sources: [crawler('nv')],
    gapReason:
      'publishes a PDF list that no adapter reads yet; screen by hand at https://www.omig.nv.gov/provider-enrollment--termination/provider-exclusions-sanctions-and-press-releases/',
  },
  {
    state: 'NY',
    kind: 'separate_list',
    listName: 'New York OMIG Exclusion List',
    agency: 'New York State Office of the Medicaid Inspector General (OMIG)',
    listUrl: 'https://apps.omig.ny.gov/exclusions/exporttoexcel.aspx',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: ['provider_name', 'npi_num', 'provider_type', 'license_num', 'exclusion_effective_date'],
    sources: [crawler('ny')],
    gapReason: 'publishes an Excel export; screen by hand at https://omig.ny.gov/medicaid-fraud/medicaid-exclusions',
  },
  {
    state: 'OH',
    kind: 'separate_list',
    listName: 'Ohio Medicaid Provider Exclusion and Suspension List',
    agency: 'Ohio Department of Medicaid',
    listUrl:
      'https://medicaid.ohio.gov/wps/portal/gov/medicaid/resources-for-providers/enrollment-and-support/provider-enrollment/provider-exclusion-and-suspension-list',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: [
      'last_name / organization_name',
      'first_name',
      'dob',
      'address_1',
      'address_2',
      'city',
      'state',
      'zip_code',
      'npi',
      'provider_type',
      'provider_id',
      'action_date',
      'status',
      'date_added',
    ],
    sources: [crawler('oh')],
    gapReason:
      'publishes an Excel list (individuals and organizations on separate sheets); screen by hand at https://medicaid.ohio.gov/wps/portal/gov/medicaid/resources-for-providers/enrollment-and-support/provider-enrollment/provider-exclusion-and-suspension-list',
  },
  leieReliant('OK', 'Oklahoma Health Care Authority', [VENDOR_NO_LIST, VENDOR_NO_LIST_WITH_VA]),
  {
    state: 'OR',
    kind: 'separate_list',
    listName: 'Oregon Medicaid Fraud Convictions',
    agency: 'Oregon Health Authority, Program Integrity Audit Unit',
    listUrl: 'https://www.oregon.gov/oha/FOD/PIAU/Pages/Convictions.aspx',
    // The page's list is a SharePoint document library; the crawler reads it from the site's list service.
    format: 'sharepoint xml',
    cadence: UNPUBLISHED,
    columns: ['ows_URL (document link, last name, first name)'],
    sources: [
      crawler('or'),
      'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/or/med_exclusions/us_or_med_exclusions.yml',
      'https://streamlineverify.com/breaking-news-oregons-innovative-medicaid-program-recent-program-integrity-developments/',
    ],
    gapReason:
      'publishes only the names of people convicted of Medicaid fraud, each linked to its court document; screen by hand at https://www.oregon.gov/oha/FOD/PIAU/Pages/Convictions.aspx',
  },
  {
    state: 'PA',
    kind: 'separate_list',
    listName: 'Pennsylvania DHS Medicheck Precluded Providers List',
    agency: 'Pennsylvania Department of Human Services',
    listUrl: 'https://www.humanservices.dhs.pa.gov/Medchk/MedchkSearch/Medchk',
    format: 'csv',
    cadence: UNPUBLISHED,
    columns: [
      'NAM_LAST_PROVR',
      'NAM_FIRST_PROVR',
      'NAM_MIDDLE_PROVR',
      'NAM_SUFFIX_PROVR',
      'NAM_TITLE_PROVR',
      'NAM_BUSNS_MP',
      'NAM_PROVR_ALT',
      'IDN_NPI',
      'NBR_FEIN',
      'LicenseNumber',
      'CAO',
      'Status',
      'BeginDate',
      'EndDate',
      'ListDate',
      'IND_CHGD',
      'DTE_CHANGE_LAST',
      'ProviderName',
    ],
    sources: [crawler('pa')],
    gapReason:
      'publishes a CSV download beside its Medicheck search; screen by hand at https://www.pa.gov/agencies/dhs/report-fraud/medicheck-list',
  },
  leieReliant('RI', 'Rhode Island Executive Office of Health and Human Services', [VENDOR_NO_LIST, VENDOR_NO_LIST_WITH_VA]),
  {
    state: 'SC',
    kind: 'separate_list',
    listName: 'South Carolina SCDHHS Excluded Providers List',
    agency: 'South Carolina Department of Health and Human Services',
    listUrl: 'https://www.scdhhs.gov/fraud',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: ['individual_entity', 'npi', 'last_known_profession_provider_type', 'city', 'state', 'zip', 'date_excluded'],
    sources: [crawler('sc')],
    gapReason: 'publishes an Excel list; screen by hand at https://www.scdhhs.gov/fraud',
  },
  leieReliant('SD', 'South Dakota Department of Social Services', [VENDOR_NO_LIST, VENDOR_NO_LIST_WITH_VA]),
  {
    state: 'TN',
    kind: 'separate_list',
    listName: 'TennCare Terminated Provider List',
    agency: 'TennCare, Office of Program Integrity',
    listUrl: 'https://www.tn.gov/tenncare/fraud-and-abuse/program-integrity.html',
    // The page's web table is filled from `…/parsys_terminated_providerlist/tn_complex_datatable.tablejson.json`
    // (`{ "data": [ … ] }`, dates `05-Mar-2024`); until March 2025 the list was a PDF.
    format: 'json feed',
    cadence: UNPUBLISHED,
    columns: ['Last Name', 'First Name', 'NPI', 'Effective Date', 'Reason'],
    sources: [
      crawler('tn'),
      'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/tn/med_exclusions/crawler.py',
      'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/tn/med_exclusions/us_tn_med_exclusions.yml',
    ],
    gapReason:
      'publishes a web table filled from a JSON feed; screen by hand at https://www.tn.gov/tenncare/fraud-and-abuse/program-integrity.html',
  },
  {
    state: 'TX',
    kind: 'separate_list',
    listName: 'Texas HHSC OIG Medicaid Provider Exclusions',
    agency: 'Texas Health and Human Services Commission, Office of Inspector General',
    listUrl: 'https://oig.hhsc.state.tx.us/oigportal2/Exclusions/ctl/DOW/mid/384',
    format: 'xls',
    cadence: UNPUBLISHED,
    columns: [
      'lastname',
      'firstname',
      'midinitial',
      'companyname',
      'occupation',
      'licensenumber',
      'npi',
      'startdate',
      'adddate',
      'reinstateddate',
      'webcomments',
      'waiver',
      'eligibletoreapplydate',
    ],
    sources: [
      crawler('tx'),
      'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/tx/med_exclusions/us_tx_med_exclusions.yml',
    ],
    gapReason:
      'publishes a legacy .xls behind a download form that answers US visitors only; screen by hand at https://oig.hhsc.state.tx.us/oigportal2/Exclusions',
  },
  leieReliant('UT', 'Utah Department of Health and Human Services', [VENDOR_NO_LIST, VENDOR_NO_LIST_WITH_VA]),
  leieReliant('VA', 'Virginia Department of Medical Assistance Services', [VENDOR_NO_LIST_WITH_VA]),
  {
    state: 'VT',
    kind: 'separate_list',
    listName: 'DVHA Medicaid Excluded Providers',
    agency: 'Department of Vermont Health Access (DVHA)',
    listUrl: 'https://www.vtmedicaid.com/#/provEnrollExcluded',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: [
      'provider_id',
      'provider_npi',
      'full_name',
      'city',
      'state',
      'status_code',
      'status_code_desc',
      'status_effective_date',
      'status_end_date',
      'provider_type',
    ],
    sources: [
      'https://github.com/opensanctions/crawler-planning/issues/409',
      'https://github.com/opensanctions/crawler-planning/issues/588',
      'https://github.com/rommelpascualsv/exclusion-importer/blob/4acaefab9582e7161ae75c2c29f5681a04f7dc9f/app/Import/Lists/Vermont.php',
      'https://exclusionscreening.com/vermont-medicaid-exclusion-list/',
    ],
    gapReason:
      'publishes its list in a JavaScript application with an Excel export; screen by hand at https://www.vtmedicaid.com/#/provEnrollExcluded',
  },
  {
    state: 'WA',
    kind: 'separate_list',
    listName: 'Washington HCA Provider Termination and Exclusion List',
    agency: 'Washington State Health Care Authority',
    listUrl: 'https://www.hca.wa.gov/billers-providers-partners/become-apple-health-provider/provider-termination-and-exclusion-list',
    format: 'xlsx',
    cadence: UNPUBLISHED,
    columns: ['name', 'npi_or_p1', 'license', 'date_of_exclusion', 'action'],
    sources: [crawler('wa')],
    gapReason:
      'publishes an Excel list; screen by hand at https://www.hca.wa.gov/billers-providers-partners/become-apple-health-provider/provider-termination-and-exclusion-list',
  },
  leieReliant('WI', 'Wisconsin Department of Health Services', [VENDOR_NO_LIST, VENDOR_NO_LIST_WITH_VA]),
  {
    state: 'WV',
    kind: 'separate_list',
    listName: 'West Virginia Medicaid Provider Exclusions and Terminations',
    agency: 'West Virginia Bureau for Medical Services (published through the WV MMIS site)',
    listUrl: 'https://www.wvmmis.com/SitePages/Medicaid%20Provider%20SanctionedExclusion',
    format: 'pdf',
    cadence: UNPUBLISHED,
    columns: [
      'last_name',
      'first_name',
      'npi',
      'address_1',
      'address_2',
      'city',
      'state',
      'zip',
      'action_date',
      'excluded_terminated',
      'reason_for_exclusion_termination',
    ],
    sources: [crawler('wv')],
    gapReason:
      'publishes a PDF list (header repeated on every page, two-digit years) that no adapter reads yet; screen by hand at https://www.wvmmis.com/SitePages/Medicaid%20Provider%20SanctionedExclusion',
  },
  {
    state: 'WY',
    kind: 'separate_list',
    listName: 'Wyoming Medicaid Provider Exclusion List',
    agency: 'Wyoming Department of Health, Division of Healthcare Financing',
    listUrl: 'https://health.wyo.gov/healthcarefin/medicaid/',
    format: 'pdf',
    cadence: UNPUBLISHED,
    columns: ['last_name', 'first_name', 'business_name', 'provider_type', 'provider_number', 'city', 'state', 'exclusion_date'],
    sources: [crawler('wy')],
    gapReason: 'publishes a PDF list that no adapter reads yet; screen by hand at https://health.wyo.gov/healthcarefin/medicaid/',
  },
];

const BY_STATE = new Map(JURISDICTIONS.map((j) => [j.state, j]));

/** The researched entry of a USPS code; throws for a code the table lacks (the table covers all 51). */
export function jurisdiction(state: string): Jurisdiction {
  const found = BY_STATE.get(state);
  if (!found) throw new Error(`no jurisdiction entry for ${state}`);
  return found;
}

/** The states that keep no list of their own and rely on the LEIE. */
export const LEIE_RELIANT_STATES: readonly string[] = JURISDICTIONS.filter((j) => j.kind === 'leie_reliant').map((j) => j.state);
