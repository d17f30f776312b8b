import type { ListEntry, ParseReport, RegistryOrganization } from '../sources/types';

/**
 * Keeps the first of several rows with one entry key. Exact duplicates (SAM repeats rows) are
 * dropped; a different row under the same key gets the content hash appended so both stay listed.
 */
export async function* uniqueEntries(entries: AsyncIterable<ListEntry>, report: ParseReport): AsyncGenerator<ListEntry> {
  const seen = new Map<string, string>();
  for await (const entry of entries) {
    const prior = seen.get(entry.entryKey);
    if (prior === undefined) {
      seen.set(entry.entryKey, entry.contentHash);
      yield entry;
    } else if (prior === entry.contentHash) {
      report.duplicates += 1;
    } else {
      const entryKey = `${entry.entryKey}#${entry.contentHash.slice(0, 12)}`;
      if (seen.has(entryKey)) report.duplicates += 1;
      else {
        seen.set(entryKey, entry.contentHash);
        yield { ...entry, entryKey };
      }
    }
  }
}

export async function* uniqueOrganizations(
  orgs: AsyncIterable<RegistryOrganization>,
  report: ParseReport,
): AsyncGenerator<RegistryOrganization> {
  const seen = new Set<string>();
  for await (const org of orgs) {
    if (seen.has(org.npi)) report.duplicates += 1;
    else {
      seen.add(org.npi);
      yield org;
    }
  }
}
