/**
 * Waits until the matcher answers /readyz serving every version in `expected` (source key ->
 * list version id): ready with older versions (a load started before the last publication) is
 * not ready yet.
 */
export async function waitForMatcherVersions(
  matcherUrl: string,
  expected: ReadonlyMap<string, string>,
  timeoutMs: number,
  isAlive: () => boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`a stack process exited while waiting for ${matcherUrl}/readyz`);
    try {
      const res = await fetch(`${matcherUrl}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) {
        const body = (await res.json()) as { versions: { source: string; listVersionId: string }[] };
        const serving = new Map(body.versions.map((v) => [v.source, v.listVersionId]));
        const behind = [...expected].filter(([source, versionId]) => serving.get(source) !== versionId).map(([source]) => source);
        if (behind.length === 0) return;
        last = `not yet serving the current version of ${behind.join(', ')}`;
      } else last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${matcherUrl}/readyz not ready after ${timeoutMs / 1000} s: ${last}`);
}
