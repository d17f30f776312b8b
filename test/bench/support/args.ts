/** `--name N` from the command line, or `fallback`; anything but a finite number is refused. */
export function numberArg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value)) throw new Error(`--${name} needs a number, got ${process.argv[at + 1] ?? 'nothing'}`);
  return value;
}
