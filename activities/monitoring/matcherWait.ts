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
 * `serves` accepts the versions it answers from, and returns them. A matcher that does not
 * answer a poll (restarting, loading its first index) is polled again; one still not serving
 * what is asked when the wait is over fails the activity as retryable, naming `what`.
 */
export async function untilMatcherServes(
  matcher: Pick<MatcherClient, 'keyGroupSizes'>,
  serves: (versions: KeyGroupSizes['versions']) => boolean,
  wait: MatcherWait,
  what: { requestId: string; waitingFor: string },
): Promise<KeyGroupSizes['versions']> {
  const deadline = Date.now() + wait.timeoutMs;
  for (;;) {
    if (wait.signal?.aborted) throw new Error(`no longer waiting for the matcher to serve ${what.waitingFor}`);
    const polled = await matcher.keyGroupSizes([], { requestId: what.requestId, timeoutMs: 60_000 }).catch((err: unknown) => {
      if (err instanceof MatcherUnavailableError) return null;
      throw err;
    });
    if (polled && serves(polled.versions)) return polled.versions;
    if (Date.now() > deadline) {
      throw ApplicationFailure.retryable(`the matcher does not serve ${what.waitingFor} yet`, 'MatcherBehindListVersion');
    }
    wait.onWait?.();
    await new Promise((resolve) => setTimeout(resolve, wait.pollMs));
  }
}
