import type { IndexedEntry } from '../../../matcher/engine';
import type { Entity } from '../../../matcher/types';
import { RegistryStore } from '../../../matcher/registry';
import { createOrganizationFactory, createPersonFactory, createRng, type Rng } from '../../../infra/dev/synthetic/parties';

/**
 * The matcher benchmark's data set, generated at run time from a seed: list entries across five
 * sources and an NPPES-sized registry. A separate replica process regenerates the very same
 * data from the same seed instead of being sent a gigabyte of it.
 */
const ORG_SHARE = 0.12;
const RETRIEVED = '2026-11-01T00:00:00.000Z';

export function generateEntries(rng: Rng, n: number): IndexedEntry[] {
  const persons = createPersonFactory(rng);
  const orgs = createOrganizationFactory(rng);
  const sources = ['leie', 'sam', 'state_ca', 'state_ny', 'state_tx'];
  const out: IndexedEntry[] = [];
  for (let i = 0; i < n; i++) {
    const sourceKey = sources[i % sources.length];
    const base = {
      sourceKey,
      sourceName: sourceKey.toUpperCase(),
      listVersionId: `00000000-0000-4000-8000-00000000000${i % sources.length}`,
      retrievedAt: RETRIEVED,
      entryKey: String(i).padStart(8, '0'),
    };
    if (rng.next() < ORG_SHARE) {
      const o = orgs.next();
      out.push({
        ...base,
        kind: 'organization',
        name: o.legalName,
        lastName: null,
        firstName: null,
        middleName: null,
        suffix: null,
        aliases: o.dbaNames,
        npis: o.npi ? [o.npi] : [],
        dateOfBirth: null,
        state: o.state,
        providerType: null,
      });
    } else {
      const p = persons.next();
      const name = `${p.lastName}${p.suffix ? ` ${p.suffix}` : ''}, ${p.firstName}${p.middleName ? ` ${p.middleName}` : ''}`;
      out.push({
        ...base,
        kind: 'person',
        name,
        lastName: p.lastName,
        firstName: p.firstName,
        middleName: p.middleName,
        suffix: p.suffix,
        aliases: p.aliases,
        npis: p.npi ? [p.npi] : [],
        dateOfBirth: p.dateOfBirth,
        state: p.state,
        providerType: p.providerType,
      });
    }
  }
  return out;
}

function typo(rng: Rng, s: string): string {
  if (s.length < 4) return s;
  const i = 1 + rng.int(s.length - 2);
  return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
}

/** A warm-up's seed is the bench's plus this: far from the offsets generateQueries derives (+1, +1000, +2000), so no stream is shared. */
export const WARM_UP_SEED_OFFSET = 7919;

/**
 * The benchmark's screenings: half are listed parties (half of those with a transposed
 * letter), 40% persons on no list, 10% organizations on no list, a registry NPI on each
 * organization.
 */
export function generateQueries(seed: number, entries: readonly IndexedEntry[], n: number, registrySize: number): Entity[] {
  const rng = createRng(seed + 1);
  const fresh = createPersonFactory(createRng(seed + 1000));
  const freshOrgs = createOrganizationFactory(createRng(seed + 2000));
  const out: Entity[] = [];
  for (let i = 0; i < n; i++) {
    const r = rng.next();
    if (r < 0.5) {
      const e = entries[rng.int(entries.length)];
      if (e.kind === 'organization')
        out.push({
          type: 'organization',
          legalName: rng.chance(0.5) ? typo(rng, e.name) : e.name,
          npi: String(1000000000 + rng.int(registrySize) * 4),
        });
      else
        out.push({
          type: 'person',
          name: `${e.firstName} ${rng.chance(0.5) ? typo(rng, e.lastName ?? '') : e.lastName}`,
          dateOfBirth: e.dateOfBirth ?? undefined,
          state: e.state ?? undefined,
        });
    } else if (r < 0.9) {
      const p = fresh.next();
      out.push({
        type: 'person',
        name: `${p.firstName} ${p.middleName ?? ''} ${p.lastName}`.replace(/\s+/g, ' '),
        dateOfBirth: p.dateOfBirth,
        npi: p.npi ?? undefined,
      });
    } else {
      const o = freshOrgs.next();
      out.push({ type: 'organization', legalName: o.legalName, npi: o.npi ?? undefined });
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
    store.add({
      npi: String(1000000000 + i * 4),
      legalName: i < pool.length ? o.legalName : `${o.legalName} ${i}`,
      otherNames: o.dbaNames,
      state: o.state,
    });
  }
  store.seal();
  return store;
}
