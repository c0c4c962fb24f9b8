import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { recordFileDurations } from './file-durations.ts';
import { printFailures, printSlowestFiles } from './slowest-files.mjs';

/**
 * Ends the run with the ten slowest test files, then every failed test by name (CI keeps only the
 * run's last lines, so the names must be there, not only in Vitest's report further up) (and records every file's duration for the next
 * run's order: scripts/vitest/slowest-first-sequencer.ts), then one plain closing line,
 * `Tests: N passed, N failed, N skipped`, after Vitest's own summary, so that CI (which reads the
 * last lines of the run) sees the counts in a known form.
 */
export default class SummaryReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const durations: Record<string, number> = {};
    const failures: string[] = [];
    for (const testModule of testModules) {
      const file = `${testModule.project.name}:${relative(this.root, testModule.moduleId)}`;
      if (testModule.state() === 'failed' && [...testModule.children.allTests()].length === 0) {
        failed++;
        failures.push(`${file}: ${firstLine(testModule.errors()[0]?.message)}`);
      }
      for (const test of testModule.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') {
          failed++;
          failures.push(`${file} > ${test.fullName}: ${firstLine(result.errors?.[0]?.message)}`);
        } else skipped++;
      }
      const { duration } = testModule.diagnostic();
      if (testModule.state() === 'passed' && duration > 0) {
        durations[file] = duration / 1000;
      }
    }
    printSlowestFiles(durations);
    printFailures(failures);
    // Only files that passed: a failure's time says nothing of the file's usual length.
    recordFileDurations(durations);
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    // `npm test` runs the unit and end-to-end projects side by side and sums their summaries.
    const summaryPath = process.env.COMPANION_RUN_SUMMARY;
    if (summaryPath)
      writeFileSync(summaryPath, JSON.stringify({ passed, failed, skipped, durations, failures }));
  }
}

/** An error's first line, short enough for the run's closing list. */
function firstLine(message: string | undefined): string {
  const [line = ''] = (message ?? 'no message').split('\n');
  return line.slice(0, 200);
}
