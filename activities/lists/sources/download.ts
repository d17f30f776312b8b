import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';

/** A download that ended with fewer (or other) bytes than the publisher announced. */
export class TruncatedDownloadError extends Error {
  override readonly name = 'TruncatedDownloadError';
}

/** A download larger than the source's byte cap: refused before or while it streams, never finished. */
export class OversizedDownloadError extends Error {
  override readonly name = 'OversizedDownloadError';
}

/** A publisher that stopped sending for longer than the idle timeout. */
export class StalledDownloadError extends Error {
  override readonly name = 'StalledDownloadError';
}

export interface DownloadedArtifact {
  /** The publisher's `Last-Modified`, when it sends one. */
  lastModified: Date | null;
  /** The validators as sent, for the next conditional request. */
  validators: { etag: string | null; lastModified: string | null };
  bytes: number;
}

export interface BodyLimits {
  /** Bytes the body may hold once decoded (a gzip body is counted decompressed). */
  maxBytes?: number;
  /** Longest pause between two chunks. */
  idleTimeoutMs?: number;
  onBytes?: (bytes: number) => void;
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

/** Counts the bytes flowing to disk, refuses more than the cap, and gives up on a body that stalls. */
class BoundedCounter extends Transform {
  bytes = 0;
  private idle: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly limits: BodyLimits,
  ) {
    super();
    this.arm();
  }

  private arm(): void {
    if (!this.limits.idleTimeoutMs) return;
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(
      () =>
        this.destroy(
          new StalledDownloadError(`GET ${this.url} sent nothing for ${this.limits.idleTimeoutMs} ms after ${this.bytes} bytes`),
        ),
      this.limits.idleTimeoutMs,
    );
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.limits.maxBytes !== undefined && this.bytes > this.limits.maxBytes) {
      callback(
        new OversizedDownloadError(
          `GET ${this.url} passed the source's byte cap of ${this.limits.maxBytes} bytes; the download was stopped`,
        ),
      );
      return;
    }
    this.arm();
    this.limits.onBytes?.(this.bytes);
    callback(null, chunk);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.stop();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.stop();
    callback(error);
  }

  private stop(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
  }
}

/**
 * Streams a response's body into `path` (never held in memory), and refuses one that did not
 * arrive whole: a file cut at a row boundary parses cleanly, so the bytes received (and written)
 * are held to the `Content-Length` the publisher sent, whether or not the HTTP client noticed the
 * cut. A body announced or found larger than `maxBytes` is refused as it streams.
 */
export async function saveResponseBody(
  response: Response,
  url: string,
  path: string,
  limits: BodyLimits = {},
): Promise<DownloadedArtifact> {
  if (!response.body) throw new Error(`GET ${url} answered ${response.status} without a body`);
  const lastModified = response.headers.get('last-modified');
  const etag = response.headers.get('etag');
  const announced = announcedLength(response.headers);
  if (announced !== null && limits.maxBytes !== undefined && announced > limits.maxBytes) {
    await response.body.cancel().catch(() => undefined);
    throw new OversizedDownloadError(
      `GET ${url} announced ${announced} bytes, over the source's byte cap of ${limits.maxBytes}; not downloaded`,
    );
  }
  const counter = new BoundedCounter(url, limits);
  const cut = (): TruncatedDownloadError =>
    new TruncatedDownloadError(
      `GET ${url} delivered ${counter.bytes} bytes of the ${announced} its Content-Length announced; the artifact is incomplete`,
    );
  try {
    await pipeline(Readable.fromWeb(response.body as ReadableStream), counter, createWriteStream(path));
  } catch (err) {
    if (err instanceof OversizedDownloadError || err instanceof StalledDownloadError) throw err;
    if (announced !== null && counter.bytes < announced) throw Object.assign(cut(), { cause: err });
    throw err;
  }
  if (announced !== null && (counter.bytes !== announced || (await stat(path)).size !== announced)) throw cut();
  const parsed = lastModified ? new Date(lastModified) : null;
  return {
    lastModified: parsed && !Number.isNaN(parsed.getTime()) ? parsed : null,
    validators: { etag, lastModified },
    bytes: counter.bytes,
  };
}

/** Downloads a list artifact from one URL (`LIST_ARTIFACT_<KEY>` set to a URL) into `path`. */
export async function downloadArtifact(
  url: string,
  path: string,
  options: { signal?: AbortSignal; onBytes?: (bytes: number) => void; headers?: Record<string, string>; maxBytes?: number } = {},
): Promise<DownloadedArtifact> {
  const response = await fetch(url, { signal: options.signal, headers: options.headers });
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`GET ${url} answered ${response.status}`);
  }
  return saveResponseBody(response, url, path, { onBytes: options.onBytes, maxBytes: options.maxBytes });
}
