import type { KeyGroupSizes, MatcherClient } from './contract';
import { MatcherUnavailableError } from './errors';
import { postJsonTo, request } from './post';
import type { ReplicaSet } from './replicas';

type ReplicaQueryMethods = Pick<MatcherClient, 'agreedRulesVersion' | 'versionsOfEachReplica' | 'ready'>;

/** The questions put to every replica at once: which rules and versions each serves, and whether any is ready. */
export function replicaQueryMethods(replicas: ReplicaSet, defaultTimeout: number): Required<ReplicaQueryMethods> {
  return {
    async agreedRulesVersion(opts) {
      const answers = await replicas.askEach(async (replica) => {
        const out = await postJsonTo<{ rulesVersion?: unknown }>(replica, '/key-groups', { groups: [] }, opts, defaultTimeout);
        return typeof out.rulesVersion === 'number' ? out.rulesVersion : null;
      });
      const up = answers.filter((a) => a !== undefined);
      if (up.length === 0) throw new MatcherUnavailableError('no matcher replica answered');
      return up.every((a) => a !== null && a === up[0]) ? up[0] : null;
    },
    async versionsOfEachReplica(opts) {
      const answers = await replicas.askEach(async (replica) => {
        const out = await postJsonTo<{ versions?: unknown }>(replica, '/key-groups', { groups: [] }, opts, defaultTimeout);
        return Array.isArray(out.versions) ? (out.versions as KeyGroupSizes['versions']) : undefined;
      });
      return answers.filter((a) => a !== undefined);
    },
    /** Ready when any replica is: calls skip the ones that are not. */
    async ready() {
      const answers = await Promise.all(
        replicas.all.map(async (replica) => {
          try {
            return (await request(replica, 'GET', '/readyz', undefined, undefined, defaultTimeout)).status === 200;
          } catch {
            return false;
          }
        }),
      );
      return answers.includes(true);
    },
  };
}
