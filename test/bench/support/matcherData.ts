import type { ListEntry, MatcherIndex } from '../../../matcher/engine';
import { staticLoader } from '../../../matcher/loader';
import { RegistryStore } from '../../../matcher/registry';
import { startMatcherServer, type MatcherServer } from '../../../matcher/server';
import { createLogger } from '../../../infra/log';
import { createOrganizationFactory, createPersonFactory, createRng, type Rng } from '../../../infra/dev/synthetic/parties';

/**
 * The matcher benchmark's data set, generated at run time from a seed: list entries across five
 * sources and an NPPES-sized registry. A separate replica process regenerates the very same
 * data from the same seed instead of being sent a gigabyte of it.
 */
const ORG_SHARE = 0.12;
const RETRIEVED = '2026-11-01T00:00:00.000Z';

export function generateEntries(rng: Rng, n: number): ListEntry[] {
  const persons = createPersonFactory(rng);
  const orgs = createOrganizationFactory(rng);
  const sources = ['leie', 'sam', 'state_ca', 'state_ny', 'state_tx'];
  const out: ListEntry[] = [];
  for (let i = 0; i < n; i++) {
    const sourceKey = sources[i % sources.length];
    const base = { sourceKey, sourceName: sourceKey.toUpperCase(), listVersionId: `00000000-0000-4000-8000-00000000000${i % sources.length}`, retrievedAt: RETRIEVED, entryKey: String(i).padStart(8, '0') };
    if (rng.next() < ORG_SHARE) {
      const o = orgs.next();
      out.push({ ...base, kind: 'organization', name: o.legalName, lastName: null, firstName: null, middleName: null, suffix: null, aliases: o.dbaNames, npis: o.npi ? [o.npi] : [], dateOfBirth: null, state: o.state, providerType: null });
    } else {
      const p = persons.next();
      const name = `${p.lastName}${p.suffix ? ` ${p.suffix}` : ''}, ${p.firstName}${p.middleName ? ` ${p.middleName}` : ''}`;
      out.push({ ...base, kind: 'person', name, lastName: p.lastName, firstName: p.firstName, middleName: p.middleName, suffix: p.suffix, aliases: p.aliases, npis: p.npi ? [p.npi] : [], dateOfBirth: p.dateOfBirth, state: p.state, providerType: p.providerType });
    }
  }
  return out;
}


export function generateRegistry(seed: number, size: number): RegistryStore {
  const store = new RegistryStore();
  // A pool of generated organizations recombined with a serial keeps 2M rows quick to make.
  const orgFactory = createOrganizationFactory(createRng(seed + 3));
  const pool = Array.from({ length: Math.min(size, 20_000) }, () => orgFactory.next());
  for (let i = 0; i < size; i++) {
    const o = pool[i % pool.length];
    store.add({ npi: String(1000000000 + i * 4), legalName: i < pool.length ? o.legalName : `${o.legalName} ${i}`, otherNames: o.dbaNames, state: o.state });
  }
  store.seal();
  return store;
}

/** A matcher server on a free loopback port over an index built from the generated data. */
export function serveBenchIndex(index: MatcherIndex, entryCount: number, store: RegistryStore, buildMs: number, service: string): Promise<MatcherServer> {
  return startMatcherServer({
    port: 0,
    loader: staticLoader({
      index, versions: [...index.sources], registry: (npi) => store.get(npi), loadedAt: new Date().toISOString(),
      stats: { entries: entryCount, registryOrganizations: store.size, buildMs, loadMs: 0 },
    }),
    logger: createLogger(service, 'warn'),
  });
}
