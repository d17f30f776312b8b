/** `--name N` from the command line, or `fallback`; anything but a finite number is refused. */
export function numberArg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value)) throw new Error(`--${name} needs a number, got ${process.argv[at + 1] ?? 'nothing'}`);
  return value;
}

/** `--name N,M,…` from the command line, or `fallback`; each must be an integer of at least `min`. */
export function numberListArg(name: string, fallback: readonly number[], min = 1): number[] {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return [...fallback];
  const values = (process.argv[at + 1] ?? '').split(',').map(Number);
  if (values.some((v) => !Number.isInteger(v) || v < min))
    throw new Error(`--${name} needs integers of at least ${min}, got ${process.argv[at + 1] ?? 'nothing'}`);
  return values;
}
