import type { Entity, KeyGroup, PublicLookupRequest, PublicLookupResponse, ScreeningResult } from '../types';

export interface KeyGroupSizes {
  sizes: number[];
  versions: Array<{ source: string; listVersionId: string }>;
  /** The matching rules the answering matcher screens with (matcher/rulesVersion.ts); null from a matcher older than them. */
  rulesVersion: number | null;
}

/** matchMany with each screening's candidate headroom, and the rules they were screened with (null: nothing was screened, or a matcher older than the rules version). */
export interface ScreenedWithHeadroom {
  results: ScreeningResult[];
  headroom: number[];
  rulesVersion: number | null;
  /** The entry key behind each match of each result; null from a matcher older than this worker. */
  entryKeys: string[][] | null;
}

export interface MatcherCallOptions {
  requestId: string;
  /** Milliseconds before the call is abandoned with MatcherUnavailableError. */
  timeoutMs?: number;
}

export interface MatcherClient {
  match(entity: Entity, opts: MatcherCallOptions): Promise<ScreeningResult>;
  matchMany(entities: Entity[], opts: MatcherCallOptions): Promise<ScreeningResult[]>;
  /**
   * matchMany for a caller that stores the screenings as they come: the subjects as JSON texts,
   * and the matcher's answer (`{"results": [...], ...}`, results[i] for entities[i]) as the text
   * it sent, neither parsed nor serialized here. The caller checks the answer's results.
   */
  matchManyAnswer(entities: readonly string[], opts: MatcherCallOptions): Promise<string>;
  /**
   * matchMany, with each screening's candidate headroom: how many more viable candidates its
   * fullest query name can take before the candidate limit caps it (negative when capped).
   */
  matchManyWithHeadroom(entities: Entity[], opts: MatcherCallOptions): Promise<ScreenedWithHeadroom>;
  lookup(req: PublicLookupRequest, opts: MatcherCallOptions): Promise<PublicLookupResponse>;
  /**
   * How many spellings share each sound or OCR key, or how many names hold each word, in the lists
   * the answering replica holds, and which versions those are (monitoring's fan-out; with no
   * groups, which versions it holds).
   */
  keyGroupSizes(groups: KeyGroup[], opts: MatcherCallOptions): Promise<KeyGroupSizes>;
  /**
   * The matching rules every replica that answers screens with; null while they differ (a rolling
   * release) or one is older than the rules version.
   */
  agreedRulesVersion(opts: MatcherCallOptions): Promise<number | null>;
  /**
   * The versions each replica that answers serves (one array per replica, none for a replica down
   * or still loading): work spread over every replica waits until each serves what it needs.
   */
  versionsOfEachReplica?(opts: MatcherCallOptions): Promise<Array<KeyGroupSizes['versions']>>;
  /** How many replicas calls are spread over (MATCHER_URL's count). */
  readonly replicas?: number;
  ready(): Promise<boolean>;
  close(): void;
}

export interface MatcherClientOptions {
  /** Default per-call timeout for match and lookup (ms). */
  timeoutMs?: number;
  /** Upper bound on pooled sockets to one matcher. */
  maxSockets?: number;
}
