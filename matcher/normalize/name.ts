/** One normalized name, the unit the index and the scorer work on. */
export type TokenRole = 'given' | 'middle' | 'surname' | 'any';

export interface NormalizedName {
  /** The written name this came from, for evidence. */
  display: string;
  /** Comparison tokens in written order (given names first for persons). */
  tokens: string[];
  roles: TokenRole[];
  /** Tokens that may be credentials rather than names (DO, PA...): cheap to leave unmatched. */
  soft: boolean[];
  /** Exact-match key: two names with the same key score 1. */
  key: string;
}
