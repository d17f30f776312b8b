import JSZip from 'jszip';
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** ZIP entries carry a modification time; pin it so reruns are byte-identical. */
export async function writeZip(path: string, entries: readonly { name: string; content: string | Buffer }[], modified: Date): Promise<void> {
  const zip = new JSZip();
  for (const entry of entries) zip.file(entry.name, entry.content, { date: modified, createFolders: false });
  const buffer = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 }, platform: 'DOS' });
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, buffer);
}

/** Re-packs an XLSX (itself a ZIP) with pinned entry times; exceljs stamps entries with the wall clock. */
export async function pinZipTimes(buffer: Buffer, modified: Date): Promise<Buffer> {
  const source = await JSZip.loadAsync(buffer);
  const target = new JSZip();
  for (const name of Object.keys(source.files).sort()) {
    const file = source.files[name];
    if (file.dir) continue;
    target.file(name, await file.async('nodebuffer'), { date: modified, createFolders: false });
  }
  return target.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 }, platform: 'DOS' });
}
