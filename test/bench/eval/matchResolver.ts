import type { Match } from '../../../matcher/types';
import type { EvalListEntry } from './evalList';
import type { RankedMatch } from './metrics';

/**
 * A Match names its list entry only through provenance.sourceList and the name evidence's
 * listValue ("NAME" or "ALIAS (listed as NAME)"). This maps that pair back to entry keys; two
 * entries of one source printed identically are namesakes, and either counts as the target.
 */
export class MatchResolver {
  private readonly bySourceAndName = new Map<string, string[]>();

  constructor(entries: readonly EvalListEntry[]) {
    for (const entry of entries) {
      const key = `${entry.sourceKey}|${entry.name}`;
      const keys = this.bySourceAndName.get(key);
      if (keys) keys.push(entry.entryKey);
      else this.bySourceAndName.set(key, [entry.entryKey]);
    }
  }

  resolve(match: Match): RankedMatch {
    const listValue = match.fields.find((field) => field.field === 'name')?.listValue ?? '';
    const listedAs = /\(listed as (.*)\)$/.exec(listValue);
    const printed = listedAs ? listedAs[1] : listValue;
    return { entryKeys: this.bySourceAndName.get(`${match.provenance.sourceList}|${printed}`) ?? [], score: match.score };
  }

  /** Printed list name of a match, for failure examples. */
  static listedName(match: Match): string {
    return match.fields.find((field) => field.field === 'name')?.listValue ?? '?';
  }
}
