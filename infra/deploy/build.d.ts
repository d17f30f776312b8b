/** Copies the non-TypeScript files of folder `rel` of `from` (and of its subfolders) to the same place under `to`, as `npm run build` does. */
export function copyRuntimeFiles(from: string, to: string, rel: string): void;
