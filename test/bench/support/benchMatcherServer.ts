/**
 * A matcher server over a bench's index, apart from the data generation (matcherData.ts): a bench
 * that measures another checkout's engine imports the data without this checkout's engine.
 */
import type { MatcherIndex } from '../../../matcher/engine';
import type { RegistryStore } from '../../../matcher/registry';
import { staticLoader } from '../../../matcher/loader';
import { startMatcherServer, type MatcherServer } from '../../../matcher/server';
import { createLogger } from '../../../infra/base/log';

/** A matcher server on a free loopback port over an index built from the generated data. */
export function serveBenchIndex(
  index: MatcherIndex,
  entryCount: number,
  store: RegistryStore,
  buildMs: number,
  service: string,
): Promise<MatcherServer> {
  return startMatcherServer({
    port: 0,
    loader: staticLoader({
      index,
      versions: [...index.sources],
      registry: (npi) => store.get(npi),
      loadedAt: new Date().toISOString(),
      stats: { entries: entryCount, registryOrganizations: store.size, buildMs, loadMs: 0, warmUpMs: 0 },
    }),
    logger: createLogger(service, 'warn'),
  });
}
