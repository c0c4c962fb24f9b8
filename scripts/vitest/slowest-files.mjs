/** How many of the slowest files a run's end lists. */
const SLOWEST_SHOWN = 10;

/**
 * Prints the ten slowest test files of a run, from `{ "<project>:<path>": seconds }`: where the
 * suite's time goes, at the end of every `npm test` (scripts/vitest/summary-reporter.ts, and
 * scripts/test.mjs for its two runs together).
 */
export function printSlowestFiles(durations) {
  const slowest = Object.entries(durations)
    .sort(([, a], [, b]) => b - a)
    .slice(0, SLOWEST_SHOWN);
  if (slowest.length === 0) return;
  process.stdout.write(`\nThe ${slowest.length} slowest files:\n`);
  for (const [file, seconds] of slowest)
    process.stdout.write(`  ${seconds.toFixed(1).padStart(7)} s  ${file}\n`);
}

/**
 * Lists a run's failed tests, one line each (`<project>:<file> > <test>: <error's first line>`),
 * just above the closing summary: CI shows only the run's last lines.
 */
export function printFailures(failures) {
  if (failures.length === 0) return;
  process.stdout.write(`\nFailed (${failures.length}):\n`);
  for (const failure of failures) process.stdout.write(`  ${failure}\n`);
}
