/** One normalized name, the unit the index and the scorer work on. */
export type TokenRole = 'given' | 'middle' | 'surname' | 'any';

export interface NormalizedName {
  /** The written name this came from, for evidence. */
  display: string;
  /** Comparison tokens in written order (given names first for persons). */
  tokens: string[];
  roles: TokenRole[];
  /**
   * Tokens cheap to leave unmatched: words that may be credentials rather than names (DO, PA...),
   * surname particles (DE LA CRUZ) and Vietnamese sex-marking middle names (THI, VAN).
   */
  soft: boolean[];
  /**
   * The word that may hold a compound surname's first part, or -1: the last middle name before
   * the surname when it is no known given name ("JOSE GARCIA LOPEZ" may be Jose with the
   * surnames GARCIA LOPEZ; "JOHN ARTHUR MICHAELS" is John Arthur). See compoundSurname.ts.
   */
  compoundLead: number;
  /** Exact-match key: two names with the same key score 1. */
  key: string;
}
