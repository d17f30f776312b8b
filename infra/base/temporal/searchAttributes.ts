/**
 * Custom search attributes the workflows set, so operators can filter in the Temporal UI
 * (e.g. `ListSourceKey = "oig_leie"`). The dev server registers them at start-up; on a real
 * cluster, `temporal operator search-attribute create` registers them once (see README).
 */
export const SEARCH_ATTRIBUTES = {
  ListSourceKey: 'Keyword',
  OrganizationId: 'Keyword',
} as const;
