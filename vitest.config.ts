import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import SlowestFirstSequencer from './scripts/vitest/slowest-first-sequencer.ts';
import { WAIT } from './tests/unit/wait.ts';

// Two projects: `unit` (fake browser from WXT, the sandbox over real HTTP on loopback) and `e2e`
// (production builds in real Chromium and Firefox against the sandbox, two files at a time, `npm
// start`'s test among them on the default ports' lane).

/**
 * What every project expects of its tests: at least one assertion each (a test whose checks all sat
 * in a branch that did not run fails instead of passing), and `expect.poll` waiting long enough for
 * a busy 2-core machine (Vitest's default is one second).
 */
function expectations(poll: { timeout: number; interval: number }) {
  return { requireAssertions: true, poll: { ...poll } };
}

/**
 * The end-to-end projects' `expect.poll` default: a real browser, an extension and the sandbox share
 * the 2 cores with the other lane's, so a step can take seconds. Under the test timeout below.
 */
const E2E_POLL = { timeout: 20_000, interval: 100 };

/** What the end-to-end projects share. */
const e2eProject = {
  // Same `@/` alias as the unit project gets from WXT (tests import lib/config and the sandbox).
  resolve: { alias: { '@/': `${import.meta.dirname}/` } },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    // Rebuilds .output/public-chrome-mv3 and the local Firefox builds when the sources are newer.
    globalSetup: ['./tests/e2e/harness/global-setup.ts'],
    environment: 'node' as const,
    // A worker runs its files one after another; it keeps the modules they share (the harness, the
    // sandbox, the browser drivers) instead of importing them again per file (~1 s a file), and the
    // browsers it keeps for its next file (tests/e2e/harness/kept-firefox.ts, kept-chromium.ts). Each
    // file still gets its own sandbox, and browsers with nothing of the last file (useBrowser).
    isolate: false,
    expect: expectations(E2E_POLL),
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
};

export default defineConfig({
  test: {
    reporters: ['default', './scripts/vitest/summary-reporter.ts'],
    // The slowest files first, by the last full run's durations (tests/file-durations.json).
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      {
        plugins: [WxtVitest()],
        resolve: {
          // `wxt/testing` is the fake browser and WXT's Vitest plugin together: importing it (as the
          // mocked `wxt/browser` and the tests do) loads WXT's whole build core into every test
          // file, about a second a file. The fake browser alone is its own entry.
          alias: [{ find: /^wxt\/testing$/, replacement: 'wxt/testing/fake-browser' }],
        },
        test: {
          name: 'unit',
          include: [
            '{lib,components,entrypoints,sandbox,scripts}/**/*.test.{ts,tsx}',
            'tests/contract/**/*.test.ts',
          ],
          environment: 'node',
          // The fake browser gets the real `en` messages (browser.i18n) and the events it lacks.
          setupFiles: ['./tests/unit/i18n-setup.ts', './tests/unit/fake-browser-gaps.ts'],
          globalSetup: ['./tests/unit/messages-global-setup.ts'],
          expect: expectations(WAIT),
          // A contract test starts a sandbox and a whole background in its hook or its body: alone
          // that takes ~10 s on a 2-core machine others share, and over 20 s beside the other worker.
          // A timeout only bounds a hang; what a test checks has its own waits (WAIT).
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Vitest's default is one worker less than the cores: ONE on the 2-core CI machine. Most unit
          // files wait on loopback HTTP (the sandbox), so two at a time take ~¾ of the time.
          // `npm test` runs them on one worker beside the end-to-end tests (scripts/test.mjs).
          maxWorkers: Number(process.env.COMPANION_UNIT_WORKERS) || Math.max(2, availableParallelism() - 1),
          // Each file in a worker thread rather than a process of its own: the same 1,357 tests on one
          // worker took 347 CPU-seconds against 416 (5.4 minutes against 6.5), CPU the end-to-end
          // tests beside them get instead.
          pool: 'threads',
        },
      },
      {
        ...e2eProject,
        test: {
          ...e2eProject.test,
          name: 'e2e',
          // Two files at a time, each on its own lane (tests/e2e/harness/lanes.ts: its own sandbox
          // ports and Firefox build): most of a file's time is spent waiting (a poll, a retry, a
          // page), so two take ~⅔ of the time of one after the other on 2 cores.
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
