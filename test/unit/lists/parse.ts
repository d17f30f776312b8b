import { join } from 'node:path';
import { requireSource } from '../../../activities/lists/sources/catalog';
import { ParseReport, type ListEntry, type RegistryOrganization } from '../../../activities/lists/sources/types';

export const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'lists');

/** Runs a catalog source's adapter over a file and collects everything it yields. */
export async function parseWith<T = ListEntry>(sourceKey: string, path: string): Promise<{ entries: T[]; report: ParseReport }> {
  const report = new ParseReport();
  const entries: T[] = [];
  const adapter = requireSource(sourceKey).adapter;
  for await (const entry of adapter.parse({ path, report }) as AsyncIterable<ListEntry | RegistryOrganization>) entries.push(entry as T);
  return { entries, report };
}

export function byName(entries: ListEntry[], name: string): ListEntry {
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new Error(`no entry named ${name}; have ${entries.map((e) => e.name).join(', ')}`);
  return entry;
}
