/**
 * The version of the matching rules: name normalisation and its tables, candidate generation,
 * scoring, and how list entries are read into the index. Raise it with every change that can
 * change a screening's result for the same subject and the same list versions: monitoring then
 * screens every monitored record again once the matcher serving it reports the new version
 * (activities/monitoring/rules.ts), so that better recall reaches the records enrolled before.
 * test/unit/matcher/rulesVersion.test.ts holds the fingerprint of the rule files for this
 * version: a rule change cannot land without raising it.
 * 1: the rules as first versioned. 2: one shared word is no potential match (a one-word listed
 * name needs the date of birth, the NPI or one more name word; two names of several words need
 * two words that agree closely); a compound surname given in part costs its listed middle name
 * no more than the part alone. 3: a given name that meets the listed one only as a variant (a
 * nickname, another given name, a looser likeness) beside a surname that is not the listed one
 * needs a middle name or initial, the date of birth, the NPI or the state to agree; candidates are found
 * through bitsets, with the same results. 4: two letters off are a typo only of a listed word of
 * seven letters or more; a given name and a surname both misspelt, one of them by more than a
 * letter (or by a letter in a word of three), and a name whose words meet the listed ones only in
 * another order with one of them not as listed, need a middle name or initial, the date of birth,
 * the NPI or the state to agree. 5: a roster word that is another name people are called by (a
 * census given name or surname, or a name of the nickname data set: matcher/normalize/knownNames.ts),
 * one letter off a listed word of three or four letters or two off one of seven or more, and not
 * its nickname, with every other word as listed or a name too, needs a middle name or initial,
 * the date of birth, the NPI or the state to agree. With the same results: a reload builds the
 * index over the one it replaces; the similarity table holds one-byte codes; the index shares the
 * listed names' token strings and role arrays; a person query word with far the most postings is
 * checked in the names the others reach rather than marked; the similarity table keeps the rows
 * of recent query words from one screening to the next.
 */
export const MATCHING_RULES_VERSION = 5;
