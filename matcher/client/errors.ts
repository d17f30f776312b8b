/**
 * Thrown when the matcher cannot answer: unreachable, timed out, or still loading its
 * lists (503). Callers map it to a retryable 5xx; it never means "clear".
 */
export class MatcherUnavailableError extends Error {
  override readonly name = 'MatcherUnavailableError';
  /**
   * @param replicaDown this replica refused the connection or is still loading, so another
   * replica may answer; a timeout or a failure inside a screening is not retried elsewhere.
   */
  constructor(
    message: string,
    cause?: unknown,
    readonly replicaDown = false,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

/**
 * The code (`code` of the JSON body) with which the matcher refuses a subject it cannot screen: a
 * blank name, a field of the wrong type. The same subject is refused every time.
 */
export const SUBJECT_REFUSED = 'subject_refused';

/** Any other non-2xx answer (a bad request body, a matcher bug): not retryable as is. */
export class MatcherRequestError extends Error {
  override readonly name = 'MatcherRequestError';
  /** The matcher's `code` for the refusal; null when the body names none. */
  readonly code: string | null;
  constructor(
    message: string,
    readonly statusCode: number,
    readonly body: string,
  ) {
    super(message);
    this.code = refusalCode(body);
  }
}

function refusalCode(body: string): string | null {
  try {
    const code = (JSON.parse(body) as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

/**
 * Whether a matcher call failed for the subjects it carried, so that the same subjects would be
 * refused again: one the matcher refuses by code, or a body over its limit (413; a smaller share
 * of the subjects may pass). Anything else (a 408 from the matcher's own request time-out, a 400
 * for a request this client should not have sent, a route missing on an older replica) says
 * nothing about the subjects: the call is retried, never taken for a refusal.
 */
export function refusesSubjects(err: unknown): err is MatcherRequestError {
  return err instanceof MatcherRequestError && (err.code === SUBJECT_REFUSED || err.statusCode === 413);
}
