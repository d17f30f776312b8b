/**
 * The screening contract's data shapes (screening-api-v1 "Resources and their fields"),
 * shared by the gateway, the matcher and the workflows. The OpenAPI document in
 * gateway/openapi is the source of truth for validation; these types mirror it.
 */
export interface PersonEntity {
  type: 'person';
  name: string;
  aliases?: string[];
  dateOfBirth?: string;
  npi?: string;
  state?: string;
  providerType?: string;
}

export interface OrganizationEntity {
  type: 'organization';
  legalName: string;
  aliases?: string[];
  npi?: string;
  state?: string;
}

export type Entity = PersonEntity | OrganizationEntity;

export type EntryKind = 'person' | 'organization';

/** The listed party as the matcher screens it: the fields shared by ingestion and matching. */
export interface ListedParty {
  entryKey: string;
  kind: EntryKind;
  name: string;
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  suffix: string | null;
  aliases: string[];
  npis: string[];
  dateOfBirth: string | null;
  state: string | null;
  providerType: string | null;
}

export type ScreeningStatus = 'clear' | 'potential_match';
export type EvidenceField = 'name' | 'npi' | 'state' | 'providerType' | 'dateOfBirth';
export type EvidenceState = 'matched' | 'not_matched' | 'unknown';

export interface FieldEvidence {
  field: EvidenceField;
  state: EvidenceState;
  rosterValue: string | null;
  listValue: string | null;
  strong: boolean;
}

export interface Provenance {
  sourceList: string;
  listVersionId: string;
  retrievedAt: string;
}

export interface Match {
  label: string;
  fields: FieldEvidence[];
  provenance: Provenance;
  score: number;
}

export interface SourceRef {
  source: string;
  listVersionId: string;
  retrievedAt: string;
}

export interface ScreeningResult {
  status: ScreeningStatus;
  matches: Match[];
  sources: SourceRef[];
  checkedAt: string;
  recallCapped: boolean;
}

export const POTENTIAL_MATCH_LABEL = 'Potential match — verification required';

/**
 * A sound or OCR key of one kind of name (how many spellings share it decides whether it fetches
 * variants), or a word (whether any name holds it decides whether it is a split half).
 */
export interface KeyGroup {
  kind: EntryKind;
  type: 'sound' | 'ocr' | 'word';
  key: string;
}

/** POST /v1/public/lookup: a name-only query; results never carry a date of birth or an address. */
export interface PublicLookupRequest {
  name: string;
  type?: 'person' | 'organization';
}

export interface PublicLookupResult {
  name: string;
  type: 'person' | 'organization';
  label: string;
  score: number;
  source: string;
  sourceName: string;
  listVersionId: string;
  retrievedAt: string;
}

export interface PublicLookupResponse {
  results: PublicLookupResult[];
  notice: string;
}
