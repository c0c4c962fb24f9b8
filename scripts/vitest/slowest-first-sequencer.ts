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

export default class SlowestFirstSequencer extends BaseSequencer {
  private readonly recorded = readFileDurations();

  private seconds(file: TestSpecification): number | undefined {
    const key = `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`;
    const cached = this.ctx.cache.getFileTestResults(key);
    if (cached && cached.duration > 0) return cached.duration / 1000;
    return this.recorded[key];
  }

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => {
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groupOrder !== 0) return groupOrder;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const secondsA = this.seconds(a) ?? Number.POSITIVE_INFINITY;
      const secondsB = this.seconds(b) ?? Number.POSITIVE_INFINITY;
      if (secondsA === secondsB) return 0;
      return secondsB > secondsA ? 1 : -1;
    });
  }
}
