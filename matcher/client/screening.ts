import type { Entity, PublicLookupResponse, ScreeningResult } from '../types';
import type { KeyGroupSizes, MatcherCallOptions, MatcherClient, ScreenedWithHeadroom } from './contract';
import { MatcherUnavailableError } from './errors';
import { postJsonTo, postTo, RawJson } from './post';
import type { ReplicaSet } from './replicas';

// A batch chunk is screened in one call; allow roughly 2 ms per entity on top of the base.
const PER_ENTITY_MS = 2;

interface MatchManyAnswer {
  results: ScreeningResult[];
  headroom?: number[];
  rulesVersion?: number;
  entryKeys?: string[][];
}

type ScreeningMethods = Pick<
  MatcherClient,
  'match' | 'matchMany' | 'matchManyAnswer' | 'matchManyWithHeadroom' | 'lookup' | 'keyGroupSizes'
>;

/** The calls any one replica answers: each goes to the replica with the fewest calls in flight. */
export function screeningMethods(replicas: ReplicaSet, defaultTimeout: number): ScreeningMethods {
  const postJson = <T>(path: string, body: unknown, opts: MatcherCallOptions, timeoutMs: number): Promise<T> =>
    replicas.onSomeReplica((replica) => postJsonTo<T>(replica, path, body, opts, timeoutMs));
  const matchManyTimeout = (count: number): number => defaultTimeout + PER_ENTITY_MS * count;

  async function postMatchMany(entities: Entity[], opts: MatcherCallOptions): Promise<MatchManyAnswer> {
    if (entities.length === 0) return { results: [], headroom: [], entryKeys: [] };
    const out = await postJson<MatchManyAnswer>('/match-many', { entities }, opts, matchManyTimeout(entities.length));
    if (!Array.isArray(out.results) || out.results.length !== entities.length) {
      throw new MatcherUnavailableError(`matcher answered ${out.results?.length ?? 'no'} results for ${entities.length} entities`);
    }
    return out;
  }

  return {
    match(entity, opts) {
      return postJson<ScreeningResult>('/match', { entity }, opts, defaultTimeout);
    },
    async matchMany(entities, opts) {
      return (await postMatchMany(entities, opts)).results;
    },
    async matchManyAnswer(entities, opts) {
      const body = new RawJson(`{"entities":[${entities.join(',')}]}`);
      return replicas.onSomeReplica((replica) => postTo(replica, '/match-many', body, opts, matchManyTimeout(entities.length)));
    },
    async matchManyWithHeadroom(entities, opts) {
      return withHeadroom(entities, await postMatchMany(entities, opts));
    },
    lookup(req, opts) {
      return postJson<PublicLookupResponse>('/lookup', req, opts, defaultTimeout);
    },
    async keyGroupSizes(groups, opts) {
      const out = await postJson<KeyGroupSizes>('/key-groups', { groups }, opts, defaultTimeout);
      if (!Array.isArray(out.sizes) || out.sizes.length !== groups.length || !Array.isArray(out.versions)) {
        throw new MatcherUnavailableError('matcher answered key-group sizes that do not fit the question');
      }
      return { ...out, rulesVersion: typeof out.rulesVersion === 'number' ? out.rulesVersion : null };
    },
  };
}

function withHeadroom(entities: Entity[], out: MatchManyAnswer): ScreenedWithHeadroom {
  if (!Array.isArray(out.headroom) || out.headroom.length !== entities.length) {
    throw new MatcherUnavailableError('matcher answered no candidate headroom (a matcher older than this worker?)');
  }
  // A matcher older than the rules version answers none: unknown, which a rules re-screen refuses.
  const entryKeys =
    Array.isArray(out.entryKeys) &&
    out.entryKeys.length === entities.length &&
    out.entryKeys.every((k, i) => k.length === out.results[i].matches.length)
      ? out.entryKeys
      : null;
  return {
    results: out.results,
    headroom: out.headroom,
    rulesVersion: typeof out.rulesVersion === 'number' ? out.rulesVersion : null,
    entryKeys,
  };
}
