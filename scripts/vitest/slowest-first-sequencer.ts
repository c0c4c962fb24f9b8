/**
 * Runs the slowest test files first, by their durations in the last full run: Vitest's own record
 * when this checkout has one (node_modules/.vite), else the repository's (tests/file-durations.json,
 * scripts/vitest/file-durations.ts), so that a clean clone is scheduled as well as a warm checkout.
 * Files with no duration anywhere (new ones) run first: they may be slow. Projects keep Vitest's
 * order (groupOrder, then name).
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { readFileDurations } from './file-durations.ts';

/**
 * Files that must hold the first lane (the sandbox's default ports: tests/e2e/harness/lanes.ts) run
 * before every other: then the lane is free. Later in the run such a file waits, its worker idle,
 * until the other worker's file on that lane ends (71 s more than its own time in one full run).
 */
const FIRST_LANE_FILES = new Set(['e2e:tests/e2e/start.test.ts']);

export default class SlowestFirstSequencer extends BaseSequencer {
  private readonly recorded = readFileDurations();

  private key(file: TestSpecification): string {
    return `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`;
  }

  private seconds(file: TestSpecification): number | undefined {
    const key = this.key(file);
    const cached = this.ctx.cache.getFileTestResults(key);
    if (cached && cached.duration > 0) return cached.duration / 1000;
    return this.recorded[key];
  }

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => {
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groupOrder !== 0) return groupOrder;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const firstLane = Number(FIRST_LANE_FILES.has(this.key(b))) - Number(FIRST_LANE_FILES.has(this.key(a)));
      if (firstLane !== 0) return firstLane;
      const secondsA = this.seconds(a) ?? Number.POSITIVE_INFINITY;
      const secondsB = this.seconds(b) ?? Number.POSITIVE_INFINITY;
      if (secondsA === secondsB) return 0;
      return secondsB > secondsA ? 1 : -1;
    });
  }
}
