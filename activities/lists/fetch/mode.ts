import { artifactLocation } from '../sources/descriptions';
import { isAutomatic, type AutomaticRecipe } from '../sources/recipe';
import { recipeFor } from '../sources/recipes';
import { fetchFromPublishers } from './settings';

/** The recipe that fetches a source unattended; null for a source fetched by hand (or without a recipe). */
export function automaticRecipe(sourceKey: string): AutomaticRecipe | null {
  const recipe = recipeFor(sourceKey);
  return recipe && isAutomatic(recipe) ? recipe : null;
}

/**
 * How a source's artifacts arrive under this configuration: `publisher` when the worker fetches
 * it on a schedule (`LIST_ARTIFACT_<KEY>`, or its recipe while `LIST_FETCH` is on), `by_hand`
 * when only `screenctl lists ingest` brings a new version.
 */
export function fetchedBy(sourceKey: string, env: NodeJS.ProcessEnv = process.env): 'publisher' | 'by_hand' {
  if (artifactLocation(sourceKey, env) !== null) return 'publisher';
  return fetchFromPublishers(env) && automaticRecipe(sourceKey) !== null ? 'publisher' : 'by_hand';
}
