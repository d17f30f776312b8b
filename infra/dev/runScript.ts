/**
 * Runs a script's `main` (benchmarks, generators, screenshots) and exits: 0 once it resolves,
 * even with pools, workers or timers still open; 1 with the error printed when it rejects.
 */
export function runScript(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
