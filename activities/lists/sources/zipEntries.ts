import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { formatBytes, type ParseLimits } from './limits';
import { ArtifactFormatError } from './types';
import { declaredRefusal, openBoundedEntry } from './zipInflate';

/**
 * What one artifact may still inflate, shared by every archive read out of it (a bundle and the
 * workbooks inside it), so nesting archives does not multiply the bound.
 */
export class InflateBudget {
  private inflated = 0;

  constructor(readonly limits: ParseLimits) {}

  /** Bytes inflated so far, all archives together. */
  get used(): number {
    return this.inflated;
  }

  get remaining(): number {
    return this.limits.maxInflatedBytes - this.inflated;
  }

  take(bytes: number, what: string): void {
    this.inflated += bytes;
    if (this.inflated > this.limits.maxInflatedBytes) throw this.exceeded(what);
  }

  exceeded(what: string): ArtifactFormatError {
    return new ArtifactFormatError(
      `${what} inflates to more than the ${formatBytes(this.limits.maxInflatedBytes)} a list artifact may expand to (a ZIP bomb?)`,
    );
  }
}

/** Whether bytes start like a ZIP archive (a local file header, or the end record of an empty archive). */
export function looksLikeZip(head: Buffer): boolean {
  return head.length >= 4 && (head.readUInt32LE(0) === 0x04034b50 || head.readUInt32LE(0) === 0x06054b50);
}

function openZip(source: string | Buffer, what: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, zip?: yauzl.ZipFile): void => {
      if (err || !zip) reject(new ArtifactFormatError(`${what} is not a readable ZIP archive: ${err?.message ?? 'no archive'}`));
      else resolve(zip);
    };
    const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true };
    if (typeof source === 'string') yauzl.open(source, options, done);
    else yauzl.fromBuffer(source, options, done);
  });
}

/** The archive's file entries, from its central directory alone: nothing is inflated. */
function listEntries(zip: yauzl.ZipFile, what: string): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/')) entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (err: Error) => reject(new ArtifactFormatError(`${what} is not a readable ZIP archive: ${err.message}`)));
    zip.readEntry();
  });
}

/** Inflates one entry within its declared size and ratio, counting every byte against the budget as it comes. */
async function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: InflateBudget, what: string): Promise<Buffer> {
  let stream: Readable;
  try {
    stream = await openBoundedEntry(zip, entry, budget.limits.maxInflateRatio);
  } catch (err) {
    throw new ArtifactFormatError(`${what}: cannot read ${entry.fileName}: ${(err as Error).message}`);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => {
      try {
        budget.take(chunk.length, what);
        chunks.push(chunk);
      } catch (exceeded) {
        stream.destroy();
        reject(exceeded);
      }
    });
    stream.once('error', (streamErr: Error) =>
      reject(
        streamErr instanceof ArtifactFormatError
          ? new ArtifactFormatError(`${what}: ${streamErr.message}`)
          : new ArtifactFormatError(`${what}: cannot inflate ${entry.fileName}: ${streamErr.message}`),
      ),
    );
    stream.once('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * Inflates only the entries `choose` picks out of a ZIP archive (a file or bytes), by name, once it
 * has seen every name. The archive is refused, before anything is inflated, when it holds more
 * entries than `maxZipEntries`, a wanted entry declares more than `maxInflateRatio` times its
 * compressed size, or the wanted entries declare more than the budget left; inflating is checked
 * too, so an entry whose directory lies stops at its declared size or the ratio, whichever
 * comes first.
 */
export async function readZipEntries(
  source: string | Buffer,
  choose: (names: string[]) => (name: string) => boolean,
  budget: InflateBudget,
  what: string,
): Promise<Map<string, Buffer>> {
  const zip = await openZip(source, what);
  try {
    if (zip.entryCount > budget.limits.maxZipEntries) {
      throw new ArtifactFormatError(
        `${what} holds ${zip.entryCount} entries, more than the ${budget.limits.maxZipEntries} a list archive may hold`,
      );
    }
    const entries = await listEntries(zip, what);
    const wanted = choose(entries.map((entry) => entry.fileName));
    const chosen = entries.filter((entry) => wanted(entry.fileName));
    for (const entry of chosen) {
      const refusal = declaredRefusal(entry, budget.limits.maxInflateRatio);
      if (refusal) throw new ArtifactFormatError(`${what}: ${refusal.message}`);
    }
    const declared = chosen.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > budget.remaining) throw budget.exceeded(what);
    const contents = new Map<string, Buffer>();
    for (const entry of chosen) contents.set(entry.fileName, await inflate(zip, entry, budget, what));
    return contents;
  } finally {
    zip.close();
  }
}
