import { ApplicationFailure } from '@temporalio/common';
import { MatcherUnavailableError, type KeyGroupSizes, type MatcherClient } from '../../matcher/client';

/**
 * How long monitoring polls for the matcher to serve what it waits for (a list version: one that
 * holds the NPPES registry reloads for longer; the lists as switched), and how often, before the
 * activity fails, to be retried.
 */
export const MATCHER_WAIT: Pick<MatcherWait, 'timeoutMs' | 'pollMs'> = { timeoutMs: 5 * 60_000, pollMs: 200 };

export interface MatcherWait {
  timeoutMs: number;
  pollMs: number;
  /** Called between polls (the activity heartbeats). */
  onWait?: () => void;
  /** Stops the polling (the fan-out failed or ended meanwhile). */
  signal?: AbortSignal;
}

/**
 * Polls the matcher (POST /key-groups with no group: it names the versions it serves) until
 * `serves` accepts the versions it answers from, and returns them. With replicas, every replica
 * that answers must serve them (a re-screen spreads its screenings over all of them, and a result
 * from one still on the previous version would be refused as stale). A matcher that does not
 * answer a poll (restarting, loading its first index) is polled again; one still not serving
 * what is asked when the wait is over fails the activity as retryable, naming `what`.
 */
export async function untilMatcherServes(
  matcher: Pick<MatcherClient, 'keyGroupSizes' | 'versionsOfEachReplica'>,
  serves: (versions: KeyGroupSizes['versions']) => boolean,
  wait: MatcherWait,
  what: { requestId: string; waitingFor: string },
): Promise<KeyGroupSizes['versions']> {
  const deadline = Date.now() + wait.timeoutMs;
  for (;;) {
    if (wait.signal?.aborted) throw new Error(`no longer waiting for the matcher to serve ${what.waitingFor}`);
    const polled = await servedVersions(matcher, what.requestId).catch((err: unknown) => {
      if (err instanceof MatcherUnavailableError) return null;
      throw err;
    });
    if (polled && polled.length > 0 && polled.every(serves)) return polled[0];
    if (Date.now() > deadline) {
      throw ApplicationFailure.retryable(`the matcher does not serve ${what.waitingFor} yet`, 'MatcherBehindListVersion');
    }
    wait.onWait?.();
    await new Promise((resolve) => setTimeout(resolve, wait.pollMs));
  }
}

/** The versions each replica serves, or the one answering replica's where the client cannot ask each. */
async function servedVersions(
  matcher: Pick<MatcherClient, 'keyGroupSizes' | 'versionsOfEachReplica'>,
  requestId: string,
): Promise<Array<KeyGroupSizes['versions']>> {
  if (matcher.versionsOfEachReplica) return matcher.versionsOfEachReplica({ requestId, timeoutMs: 60_000 });
  return [(await matcher.keyGroupSizes([], { requestId, timeoutMs: 60_000 })).versions];
}
