import { leieAdapter } from './leie';
import { nppesAdapter } from './nppes';
import { samAdapter } from './sam';
import { stateAdapter } from './states/engine';
import { STATE_MAPPINGS } from './states';
import { SOURCE_DESCRIPTIONS, type SourceDescription } from './descriptions';
import type { SourceAdapter } from './types';

export { artifactLocation, isSourceEnabled } from './descriptions';

/** A list source and the adapter that parses its artifacts (ingestion's catalog). */
export interface SourceDefinition extends SourceDescription {
  adapter: SourceAdapter;
}

function adapterFor(source: SourceDescription): SourceAdapter {
  if (source.kind === 'state' && source.state) return stateAdapter(STATE_MAPPINGS[source.state]);
  switch (source.key) {
    case 'oig_leie':
      return leieAdapter;
    case 'sam_exclusions':
      return samAdapter;
    case 'nppes':
      return nppesAdapter;
    default:
      throw new Error(`no adapter for list source "${source.key}"`);
  }
}

export const SOURCE_CATALOG: readonly SourceDefinition[] = SOURCE_DESCRIPTIONS.map((source) => ({
  ...source,
  adapter: adapterFor(source),
}));

export function requireSource(key: string): SourceDefinition {
  const source = SOURCE_CATALOG.find((s) => s.key === key);
  if (!source) throw new Error(`unknown list source "${key}"; known: ${SOURCE_CATALOG.map((s) => s.key).join(', ')}`);
  return source;
}
