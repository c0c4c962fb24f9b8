import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Two projects: `unit` (fake browser from WXT, the sandbox over real HTTP on loopback) and
// `e2e` (production builds in real Chromium and Firefox against the sandbox, one file at a time).
export default defineConfig({
  test: {
    reporters: ['default', './scripts/vitest/summary-reporter.ts'],
    projects: [
      {
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          include: [
            '{lib,components,entrypoints,sandbox,scripts}/**/*.test.{ts,tsx}',
            'tests/contract/**/*.test.ts',
          ],
          environment: 'node',
          // The fake browser gets the real `en` messages (browser.i18n) and the events it lacks.
          setupFiles: ['./tests/unit/i18n-setup.ts', './tests/unit/fake-browser-gaps.ts'],
          testTimeout: 20_000,
          // Vitest's default is one worker less than the cores: ONE on the 2-core CI machine. Most unit
          // files wait on loopback HTTP (the sandbox), so two at a time take ~¾ of the time.
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        // Same `@/` alias as the unit project gets from WXT (tests import lib/config and the sandbox).
        resolve: { alias: { '@/': `${import.meta.dirname}/` } },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // Rebuilds .output/public-chrome-mv3 and .output/local-firefox-mv3 when the sources are newer.
          globalSetup: ['./tests/e2e/harness/global-setup.ts'],
          environment: 'node',
          fileParallelism: false,
          // One worker runs the files one after another; it keeps the modules they share (the
          // harness, the sandbox, the browser drivers) instead of importing them again per file
          // (~1 s a file). Each file still gets its own sandbox and browsers (withSandbox, useBrowser).
          isolate: false,
          // After the unit tests, not beside them: browsers on 2 cores want the machine to themselves.
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
