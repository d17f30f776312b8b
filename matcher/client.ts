import type { Entity } from './types';
import type { MatcherClient, MatcherClientOptions } from './client/contract';
import { MATCHER_MAX_BODY_BYTES } from './client/post';
import { replicaQueryMethods } from './client/replicaQueries';
import { createReplicaSet, parseMatcherUrls } from './client/replicas';
import { screeningMethods } from './client/screening';

export type { KeyGroupSizes, MatcherCallOptions, MatcherClient, MatcherClientOptions, ScreenedWithHeadroom } from './client/contract';
export { MatcherRequestError, MatcherUnavailableError, refusesSubjects, SUBJECT_REFUSED } from './client/errors';
export { MATCHER_MAX_BODY_BYTES } from './client/post';
export { parseMatcherUrls } from './client/replicas';

/**
 * The subjects' JSON bytes a caller packs into one matchMany call at most (alongside its count
 * bound): half the body limit, so that a chunk never reaches it whatever its subjects hold.
 */
export const MATCH_MANY_CHUNK_BYTES = MATCHER_MAX_BODY_BYTES / 2;

/** A subject's share of a matchMany body. */
export function entityBytes(entity: Entity): number {
  return Buffer.byteLength(JSON.stringify(entity), 'utf8') + 1;
}

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_MAX_SOCKETS = 64;

/**
 * A client for one matcher or several replicas. Each call goes to the replica with the fewest
 * calls in flight (ties in turn), so one slow screening does not hold up the calls queued
 * behind it when another replica is idle; a replica that is down or still loading is skipped
 * for the next one.
 */
export function createMatcherClient(baseUrls: string, options: MatcherClientOptions = {}): MatcherClient {
  const replicas = createReplicaSet(parseMatcherUrls(baseUrls), options.maxSockets ?? DEFAULT_MAX_SOCKETS);
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    ...screeningMethods(replicas, defaultTimeout),
    ...replicaQueryMethods(replicas, defaultTimeout),
    replicas: replicas.all.length,
    close: () => replicas.close(),
  };
}
