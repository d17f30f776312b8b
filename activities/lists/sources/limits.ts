import { readFile, stat } from 'node:fs/promises';
import { ArtifactFormatError } from './formatError';

/**
 * Bounds on what one list artifact may make a parser do. A publisher's file (or a compromised
 * mirror) that goes past one is refused with a reason naming the bound; the current version
 * stays published. Each bound is generous for every real list and set by the worker's
 * configuration (docs/configuration.md "Lists").
 */
export interface ParseLimits {
  /** Bytes a reader may inflate out of one artifact's ZIP archives (XLSX parts and bundled workbooks), all archives together. */
  maxInflatedBytes: number;
  /** Entries one ZIP archive may hold (a workbook holds a few dozen). */
  maxZipEntries: number;
  /**
   * How many times its compressed size one ZIP entry may inflate to, as declared and while it
   * inflates: list text and spreadsheet XML compress five to fifteen times, a ZIP bomb a thousand.
   */
  maxInflateRatio: number;
  /** Size of an artifact read whole into memory (XLSX, PDF, HTML, JSON); streamed CSV is not bounded by it. */
  maxDocumentBytes: number;
  /** Text runs a PDF may hold, all pages together. */
  maxPdfTextRuns: number;
  /** How deep an HTML page may nest its elements. */
  maxHtmlDepth: number;
  /** Heap of the process that parses an artifact, in MB. */
  parserMemoryMb: number;
  /** How long the parsing process may go without reporting progress before it is stopped. */
  parserStallMs: number;
}

const MB = 1024 * 1024;

export const DEFAULT_PARSE_LIMITS: Readonly<ParseLimits> = {
  maxInflatedBytes: 256 * MB,
  maxZipEntries: 1000,
  maxInflateRatio: 100,
  maxDocumentBytes: 128 * MB,
  maxPdfTextRuns: 2_000_000,
  maxHtmlDepth: 256,
  parserMemoryMb: 1024,
  parserStallMs: 5 * 60 * 1000,
};

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** The limits a configuration sets (`LIST_PARSE_*`), each falling back to its default. */
export function parseLimits(env: NodeJS.ProcessEnv = process.env): ParseLimits {
  const d = DEFAULT_PARSE_LIMITS;
  return {
    maxInflatedBytes: positive(env.LIST_PARSE_MAX_INFLATED_MB, d.maxInflatedBytes / MB) * MB,
    maxZipEntries: Math.floor(positive(env.LIST_PARSE_MAX_ZIP_ENTRIES, d.maxZipEntries)),
    maxInflateRatio: positive(env.LIST_PARSE_MAX_INFLATE_RATIO, d.maxInflateRatio),
    maxDocumentBytes: positive(env.LIST_PARSE_MAX_DOCUMENT_MB, d.maxDocumentBytes / MB) * MB,
    maxPdfTextRuns: Math.floor(positive(env.LIST_PARSE_MAX_PDF_TEXT_RUNS, d.maxPdfTextRuns)),
    maxHtmlDepth: Math.floor(positive(env.LIST_PARSE_MAX_HTML_DEPTH, d.maxHtmlDepth)),
    parserMemoryMb: Math.floor(positive(env.LIST_PARSE_MEMORY_MB, d.parserMemoryMb)),
    parserStallMs: positive(env.LIST_PARSE_STALL_SECONDS, d.parserStallMs / 1000) * 1000,
  };
}

export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${(bytes / MB).toFixed(bytes % MB === 0 ? 0 : 1)} MB` : `${bytes} bytes`;
}

/** Reads an artifact that a reader takes whole, refusing one larger than `maxDocumentBytes` before reading it. */
export async function readWholeArtifact(path: string, limits: ParseLimits, format: string): Promise<Buffer> {
  const { size } = await stat(path);
  if (size > limits.maxDocumentBytes) {
    throw new ArtifactFormatError(
      `the ${format} artifact is ${formatBytes(size)}, more than the ${formatBytes(limits.maxDocumentBytes)} a ${format} list may be`,
    );
  }
  return readFile(path);
}
