import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import SlowestFirstSequencer from './slowest-first-sequencer.ts';

const ROOT = '/repo';

/** What the sequencer reads of a file: its project and path. */
function spec(path: string): TestSpecification {
  return {
    project: { name: 'e2e', config: { sequence: { groupOrder: 1 } } },
    moduleId: join(ROOT, path),
  } as unknown as TestSpecification;
}

/** A Vitest with this run's cached durations (seconds) and no other. */
function vitestWith(durations: Record<string, number>): Vitest {
  return {
    config: { root: ROOT },
    cache: {
      getFileTestResults: (key: string) =>
        key in durations ? { duration: (durations[key] ?? 0) * 1000, failed: false } : undefined,
    },
  } as unknown as Vitest;
}

describe('SlowestFirstSequencer', () => {
  it('runs the slowest files first, and npm start’s test (the first lane’s) before them all', async () => {
    const sequencer = new SlowestFirstSequencer(
      vitestWith({
        'e2e:tests/e2e/a.test.ts': 30,
        'e2e:tests/e2e/b.test.ts': 140,
        'e2e:tests/e2e/start.test.ts': 100,
        'e2e:tests/e2e/c.test.ts': 60,
      }),
    );
    const files = [
      'tests/e2e/a.test.ts',
      'tests/e2e/start.test.ts',
      'tests/e2e/b.test.ts',
      'tests/e2e/c.test.ts',
    ];
    const sorted = await sequencer.sort(files.map(spec));
    expect(sorted.map((file) => file.moduleId.slice(ROOT.length + 1))).toEqual([
      'tests/e2e/start.test.ts',
      'tests/e2e/b.test.ts',
      'tests/e2e/c.test.ts',
      'tests/e2e/a.test.ts',
    ]);
  });
});
