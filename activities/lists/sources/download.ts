import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';

/** A download that ended with fewer (or other) bytes than the publisher announced. */
export class TruncatedDownloadError extends Error {
  override readonly name = 'TruncatedDownloadError';
}

export interface DownloadedArtifact {
  /** The publisher's `Last-Modified`, when it sends one. */
  lastModified: Date | null;
  bytes: number;
}

/**
 * The length the body must have: `Content-Length`, when the body is sent as is. A compressed
 * body is announced compressed and arrives decompressed, so its length cannot be compared.
 */
function announcedLength(headers: Headers): number | null {
  const encoding = (headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  const length = headers.get('content-length');
  if (encoding !== 'identity' || length === null || !/^\d+$/.test(length.trim())) return null;
  return Number(length);
}

/**
 * Downloads a list artifact into `path`, and refuses one that did not arrive whole: a file cut
 * at a row boundary parses cleanly, so the bytes received (and written) are held to the
 * `Content-Length` the publisher sent, whether or not the HTTP client noticed the cut.
 */
export async function downloadArtifact(
  url: string,
  path: string,
  options: { signal?: AbortSignal; onBytes?: (bytes: number) => void } = {},
): Promise<DownloadedArtifact> {
  const response = await fetch(url, { signal: options.signal });
  if (!response.ok || !response.body) throw new Error(`GET ${url} answered ${response.status}`);
  const lastModified = response.headers.get('last-modified');
  const announced = announcedLength(response.headers);
  let bytes = 0;
  const body = Readable.fromWeb(response.body as ReadableStream);
  body.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    options.onBytes?.(bytes);
  });
  const cut = (): TruncatedDownloadError =>
    new TruncatedDownloadError(
      `GET ${url} delivered ${bytes} bytes of the ${announced} its Content-Length announced; the artifact is incomplete`,
    );
  try {
    await pipeline(body, createWriteStream(path));
  } catch (err) {
    if (announced !== null && bytes < announced) throw Object.assign(cut(), { cause: err });
    throw err;
  }
  if (announced !== null && (bytes !== announced || (await stat(path)).size !== announced)) throw cut();
  return { lastModified: lastModified ? new Date(lastModified) : null, bytes };
}
