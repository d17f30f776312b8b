import { createReadStream } from 'node:fs';
import { open as openFile, stat } from 'node:fs/promises';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import iconv from 'iconv-lite';
import yauzl from 'yauzl';
import { DEFAULT_PARSE_LIMITS, formatBytes, type ParseLimits } from './limits';
import { ArtifactFormatError } from './types';
import { declaredRefusal, openBoundedEntry } from './zipInflate';

/** No list has a line anywhere near this long: past it the artifact is no list (1 GB of zeros has no newline). */
const MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * Decodes bytes to text: UTF-8 where valid, otherwise the offending line is decoded as
 * Windows-1252 (NPPES and the LEIE carry stray cp1252 bytes that strict UTF-8 rejects).
 * Works on whole lines so a multi-byte character is never split across chunks.
 */
class Utf8OrCp1252Decoder extends Transform {
  private pending: Buffer = Buffer.alloc(0);
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  replacedLines = 0;

  constructor() {
    super({ readableObjectMode: false, decodeStrings: true, encoding: 'utf8' });
  }

  private decodeLines(block: Buffer): string {
    try {
      return this.utf8.decode(block);
    } catch {
      const lines: string[] = [];
      let start = 0;
      while (start < block.length) {
        let end = block.indexOf(0x0a, start);
        end = end < 0 ? block.length : end + 1;
        const line = block.subarray(start, end);
        try {
          lines.push(this.utf8.decode(line));
        } catch {
          this.replacedLines += 1;
          lines.push(iconv.decode(line, 'win1252'));
        }
        start = end;
      }
      return lines.join('');
    }
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const lastNewline = data.lastIndexOf(0x0a);
    if (lastNewline < 0) {
      if (data.length > MAX_LINE_BYTES) {
        callback(new ArtifactFormatError(`the artifact has a line longer than ${formatBytes(MAX_LINE_BYTES)}; no list does`));
        return;
      }
      this.pending = data;
      callback();
      return;
    }
    this.pending = Buffer.from(data.subarray(lastNewline + 1));
    callback(null, this.decodeLines(data.subarray(0, lastNewline + 1)));
  }

  override _flush(callback: TransformCallback): void {
    callback(null, this.pending.length ? this.decodeLines(this.pending) : '');
  }
}

/** Counts bytes flowing through, for progress reporting. */
class ByteCounter extends Transform {
  bytes = 0;
  constructor(private readonly onBytes?: (bytes: number) => void) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    this.onBytes?.(this.bytes);
    callback(null, chunk);
  }
}

async function isZip(path: string): Promise<boolean> {
  const handle = await openFile(path, 'r');
  try {
    const magic = Buffer.alloc(4);
    const { bytesRead } = await handle.read(magic, 0, 4, 0);
    return bytesRead === 4 && magic.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}

/** Opens the single CSV inside a ZIP (the largest `.csv` entry when there are several). */
function openCsvInZip(path: string, limits: ParseLimits): Promise<{ stream: Readable; size: number; name: string }> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(new ArtifactFormatError(`not a readable ZIP archive: ${err?.message ?? 'cannot open it'}`));
      if (zip.entryCount > limits.maxZipEntries) {
        zip.close();
        return reject(
          new ArtifactFormatError(`the ZIP holds ${zip.entryCount} entries, more than the ${limits.maxZipEntries} a list archive may hold`),
        );
      }
      let best: yauzl.Entry | null = null;
      zip.on('entry', (entry: yauzl.Entry) => {
        if (/\.csv$/i.test(entry.fileName) && (!best || entry.uncompressedSize > best.uncompressedSize)) best = entry;
        zip.readEntry();
      });
      zip.on('end', () => {
        const chosen = best as yauzl.Entry | null;
        if (!chosen) {
          zip.close();
          return reject(new ArtifactFormatError('the ZIP holds no .csv file'));
        }
        // Judged from the directory first, then again as it inflates (zipInflate.ts).
        const refusal = declaredRefusal(chosen, limits.maxInflateRatio);
        if (refusal) {
          zip.close();
          return reject(refusal);
        }
        openBoundedEntry(zip, chosen, limits.maxInflateRatio).then(
          (stream) => {
            // 'close' follows 'end', 'error' and a reader that stops early (destroy) alike.
            stream.once('close', () => zip.close());
            resolve({ stream, size: chosen.uncompressedSize, name: chosen.fileName });
          },
          (streamErr: unknown) => {
            zip.close();
            reject(streamErr instanceof Error ? streamErr : new Error('cannot read zip entry'));
          },
        );
      });
      zip.on('error', (zipErr: Error) => reject(new ArtifactFormatError(`not a readable ZIP archive: ${zipErr.message}`)));
      zip.readEntry();
    });
  });
}

interface TextArtifact {
  text: Readable;
  totalBytes: number;
  innerName: string | null;
}

/** A text stream over a CSV artifact, whether it is the bare CSV or a ZIP holding one. */
export async function openTextArtifact(
  path: string,
  onBytes?: (bytes: number) => void,
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
): Promise<TextArtifact> {
  let source: Readable;
  let totalBytes: number;
  let innerName: string | null = null;
  if (await isZip(path)) {
    const inner = await openCsvInZip(path, limits);
    source = inner.stream;
    totalBytes = inner.size;
    innerName = inner.name;
  } else {
    source = createReadStream(path, { highWaterMark: 1 << 20 });
    totalBytes = (await stat(path)).size;
  }
  const counter = new ByteCounter(onBytes);
  const decoder = new Utf8OrCp1252Decoder();
  source.on('error', (err) => decoder.destroy(err));
  counter.on('error', (err) => decoder.destroy(err));
  // A reader that stops (a refusal, a consumer done early) closes the file or entry behind it too.
  decoder.once('close', () => {
    counter.destroy();
    source.destroy();
  });
  source.pipe(counter).pipe(decoder);
  return { text: decoder, totalBytes, innerName };
}
