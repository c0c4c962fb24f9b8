/** Prints the ten slowest test files of a run, from `{ "<project>:<path>": seconds }`. */
export function printSlowestFiles(durations: Record<string, number>): void;
/** Lists a run's failed tests, one line each, above the closing summary. */
export function printFailures(failures: string[]): void;
