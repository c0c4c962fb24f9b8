/** Prints the ten slowest test files of a run, from `{ "<project>:<path>": seconds }`. */
export function printSlowestFiles(durations: Record<string, number>): void;
