import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { createInflateRaw, type InflateRaw } from 'node:zlib';
import type yauzl from 'yauzl';
import { formatBytes } from './limits';
import { ArtifactFormatError } from './types';

/**
 * Below this an entry's ratio is not judged: a small part (styles, relationships) may compress
 * any amount and costs nothing to inflate, while a bomb has to pass it to do harm.
 */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

const STORED = 0;
const DEFLATED = 8;

function tooCompressed(inflated: number, compressed: number, maxRatio: number): boolean {
  return inflated > RATIO_FLOOR_BYTES && inflated > Math.max(1, compressed) * maxRatio;
}

/**
 * Why an entry is refused from what the archive's central directory declares, before a byte of
 * it is inflated, or null: a compression method no list archive uses, encryption, or a declared
 * size more than `maxRatio` times the compressed one.
 */
export function declaredRefusal(entry: yauzl.Entry, maxRatio: number): ArtifactFormatError | null {
  if (entry.isEncrypted()) return new ArtifactFormatError(`${entry.fileName} is encrypted; no list archive is`);
  if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
    return new ArtifactFormatError(`${entry.fileName} uses compression method ${entry.compressionMethod}; list archives store or deflate`);
  }
  if (tooCompressed(entry.uncompressedSize, entry.compressedSize, maxRatio)) {
    return new ArtifactFormatError(
      `${entry.fileName} inflates from ${formatBytes(entry.compressedSize)} to ${formatBytes(entry.uncompressedSize)}, ` +
        `more than ${maxRatio} times: no list compresses so well (a ZIP bomb?)`,
    );
  }
  return null;
}

/**
 * Passes an entry's inflated bytes on while they stay within what its directory declares and
 * within `maxRatio` times the compressed bytes consumed so far, so a bomb whose directory lies
 * stops a megabyte or so in, not at the artifact's inflate bound.
 */
class InflateGuard extends Transform {
  private inflated = 0;

  constructor(
    private readonly entry: yauzl.Entry,
    private readonly maxRatio: number,
    private readonly compressedRead: () => number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.inflated += chunk.length;
    const { fileName, uncompressedSize } = this.entry;
    if (this.inflated > uncompressedSize) {
      callback(
        new ArtifactFormatError(`${fileName} inflates past the ${formatBytes(uncompressedSize)} its directory declares (a ZIP bomb?)`),
      );
      return;
    }
    const compressed = this.compressedRead();
    if (tooCompressed(this.inflated, compressed, this.maxRatio)) {
      callback(
        new ArtifactFormatError(
          `${fileName} inflated ${formatBytes(this.inflated)} out of its first ${formatBytes(compressed)}, ` +
            `more than ${this.maxRatio} times: no list compresses so well (a ZIP bomb?)`,
        ),
      );
      return;
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    const { fileName, uncompressedSize } = this.entry;
    if (this.inflated !== uncompressedSize) {
      callback(
        new ArtifactFormatError(`${fileName} inflates to ${this.inflated} bytes, not the ${uncompressedSize} its directory declares`),
      );
      return;
    }
    callback();
  }
}

/**
 * The inflated bytes of one entry, refused (the stream errors with an ArtifactFormatError) as soon
 * as they pass its declared size or `maxRatio` times the compressed bytes read. The entry must
 * have passed declaredRefusal. Destroying the stream closes the entry's reading and inflating.
 */
export function openBoundedEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, maxRatio: number): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, { decodeFileData: false }, (err, raw) => {
      if (err || !raw) return reject(err ?? new Error(`cannot read ${entry.fileName}`));
      let inflater: InflateRaw | null = null;
      let guard: InflateGuard;
      if (entry.compressionMethod === DEFLATED) {
        const zlib = createInflateRaw();
        inflater = zlib;
        // zlib counts the compressed bytes it has consumed, not those merely handed to it.
        guard = new InflateGuard(entry, maxRatio, () => zlib.bytesWritten);
      } else {
        let stored = 0;
        raw.on('data', (chunk: Buffer) => (stored += chunk.length));
        guard = new InflateGuard(entry, maxRatio, () => stored);
      }
      // pipeline destroys every stage when one fails or the reader stops early.
      pipeline(inflater ? [raw, inflater, guard] : [raw, guard], () => undefined);
      resolve(guard);
    });
  });
}
